import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The server side of the WebSocket benchmarks, run as a process of its own (`serve`) so that the
/// client's CPU time is the client's alone: SwiftNIO's `NIOWebSocket` on 127.0.0.1, one event loop.
///
/// - `/echo`: every text or binary frame back, unmasked, with its opcode.
/// - `/stream?kind=json|binary&count=N`: N messages (a small JSON text, or 64 KiB of binary) as fast
///   as the socket takes them, then a close frame with 1000.
enum EchoServer {
    /// Listens, prints `PORT` on its own line, and serves until the process is killed.
    static func serve() throws -> Never {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 24, automaticErrorHandling: true,
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ServerFrameHandler(plan: StreamPlan(uri: head.uri)))
                }
            })
        let channel = try ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline(
                    withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
            }
            .bind(host: "127.0.0.1", port: 0).wait()
        // Unbuffered: the parent reads the port at once.
        FileHandle.standardOutput.write(Data("\(channel.localAddress?.port ?? 0)\n".utf8))
        try channel.closeFuture.wait()
        exit(0)
    }
}

/// What `/stream` sends: `count` copies of one message.
struct StreamPlan {
    let opcode: WebSocketOpcode
    let payload: ByteBuffer
    let count: Int

    /// The plan a `/stream?…` target asks for, or `nil` for `/echo`.
    init?(uri: String) {
        guard let components = URLComponents(string: uri), components.path == "/stream" else { return nil }
        let items = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
        count = items["count"].flatMap(Int.init) ?? 0
        if items["kind"] == "binary" {
            opcode = .binary
            payload = ByteBuffer(repeating: 0x5A, count: Workload.binarySize)
        } else {
            opcode = .text
            payload = ByteBuffer(data: (try? JSONEncoder().encode(Tick.sample)) ?? Data())
        }
    }
}

/// Echoes frames, or streams a plan while the socket is writable.
final class ServerFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let plan: StreamPlan?
    private var sent = 0
    private var closeSent = false

    init(plan: StreamPlan?) { self.plan = plan }

    func handlerAdded(context: ChannelHandlerContext) {
        guard plan != nil else { return }
        // After the 101 has gone out.
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.eventLoop.execute { bound.value.0.pump(context: bound.value.1) }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        pump(context: context)
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text, .binary:
            guard plan == nil else { return }
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: frame.opcode, data: frame.unmaskedData)), promise: nil)
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)), promise: nil)
        case .connectionClose:
            if !closeSent {
                closeSent = true
                context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: frame.unmaskedData)), promise: nil)
            }
            context.close(promise: nil)
        default:
            break
        }
    }

    private func pump(context: ChannelHandlerContext) {
        guard let plan, !closeSent, context.channel.isActive else { return }
        let frame = WebSocketFrame(fin: true, opcode: plan.opcode, data: plan.payload)
        var unflushed = 0
        while sent < plan.count, context.channel.isWritable {
            // Counted first: a write can call this again (writability changes within it).
            sent += 1
            unflushed += 1
            context.write(wrapOutboundOut(frame), promise: nil)
            if unflushed == 64 {
                context.flush()
                unflushed = 0
            }
        }
        context.flush()
        if sent == plan.count, !closeSent {
            closeSent = true
            var code = context.channel.allocator.buffer(capacity: 2)
            code.writeInteger(UInt16(1000))
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)), promise: nil)
        }
    }
}
