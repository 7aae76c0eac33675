import Bricks
import BricksAsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import Testing

// The handshake's hand-over from HTTP to WebSocket frames: a server that writes its `101` and its
// first frames in one write — and, in one case, closes the TCP connection in the same breath —
// must have every frame delivered, in order, and the end reported. A server inside the test
// process on 127.0.0.1 does it, many times over, with no delay anywhere.

@Suite struct WebSocketUpgradeTests {
    /// How many connections each case opens: the losses this guards against depended on how the
    /// reads fell, so one connection proves little.
    static let rounds = 200

    @Test(arguments: [FramesServer.Ending.waitForClient, .closeAtOnce])
    func framesInTheSameWriteAsThe101AreAllDelivered(_ ending: FramesServer.Ending) async throws {
        let server = try await FramesServer.start(ending: ending)
        let session = Session(transport: AsyncHTTPClientTransport())
        let endpoint = FramesEndpoint(baseURL: server.url)
        var failures: [String] = []
        for round in 1...Self.rounds {
            do {
                let messages = try await withUpgradeHangGuard {
                    let socket = try await session.connect(to: endpoint)
                    var all: [String] = []
                    for try await message in socket.messages { all.append(message) }
                    return all
                }
                if messages != FramesServer.messages { failures.append("round \(round): received \(messages)") }
            } catch {
                failures.append("round \(round): \(error)")
            }
        }
        try await server.stop()
        #expect(failures.isEmpty, "\(failures.count) of \(Self.rounds) rounds lost frames; first: \(failures.first ?? "")")
    }
}

/// Runs `body`, failing after a minute instead of hanging the suite.
private func withUpgradeHangGuard<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(60))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw BricksError(.invalidResponse("the connection hung: no end within a minute"))
        }
        return value
    }
}

/// Text messages both ways, at the test server's root.
struct FramesEndpoint: WebSocketEndpoint, Sendable {
    typealias Outgoing = String
    typealias Incoming = String
    let baseURL: URL
    var path: String { "/" }
    var webSocketSettings: WebSocketSettings { WebSocketSettings(keepalive: nil) }
}

/// A WebSocket server that answers every handshake with one write: the `101`, two text frames
/// and a close frame with 1000.
struct FramesServer {
    enum Ending: Sendable, CustomTestStringConvertible {
        /// Waits for the client's close frame (the client then closes the socket).
        case waitForClient
        /// Closes the TCP connection right after the write.
        case closeAtOnce

        var testDescription: String { self == .waitForClient ? "server waits for the client" : "server closes at once" }
    }

    static let messages = ["first", "second"]

    let channel: any Channel
    let group: MultiThreadedEventLoopGroup
    var url: URL { URL(string: "http://127.0.0.1:\(channel.localAddress?.port ?? 0)") ?? URL(fileURLWithPath: "/") }

    static func start(ending: Ending) async throws -> FramesServer {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(HandshakeAnswerer(ending: ending))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return FramesServer(channel: channel, group: group)
    }

    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }
}

/// Reads the handshake request and answers it with the `101` and the frames in one buffer.
private final class HandshakeAnswerer: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let ending: FramesServer.Ending
    private var request = ""
    private var answered = false

    init(ending: FramesServer.Ending) { self.ending = ending }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !answered else { return }  // the client's close frame: it closes the socket next
        request += String(decoding: unwrapInboundIn(data).readableBytesView, as: UTF8.self)
        guard request.contains("\r\n\r\n") else { return }
        answered = true
        let key = request.split(separator: "\r\n")
            .first { $0.lowercased().hasPrefix("sec-websocket-key:") }
            .map { $0.dropFirst("sec-websocket-key:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        var reply = context.channel.allocator.buffer(capacity: 256)
        reply.writeString(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(Self.accept(key))\r\n\r\n")
        for message in FramesServer.messages { Self.writeFrame(opcode: 0x1, payload: Array(message.utf8), to: &reply) }
        Self.writeFrame(opcode: 0x8, payload: [0x03, 0xE8], to: &reply)  // close, 1000
        let written = context.writeAndFlush(wrapOutboundOut(reply))
        if ending == .closeAtOnce {
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    static func writeFrame(opcode: UInt8, payload: [UInt8], to buffer: inout ByteBuffer) {
        buffer.writeInteger(0x80 | opcode)
        buffer.writeInteger(UInt8(payload.count))  // every payload here is under 126 bytes
        buffer.writeBytes(payload)
    }

    /// `Sec-WebSocket-Accept` for `key` (RFC 6455 §4.2.2).
    static func accept(_ key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }
}

/// SHA-1 (RFC 3174), for the handshake's accept value only.
private enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var bytes = message
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        for start in stride(from: 0, to: bytes.count, by: 64) {
            var w = [UInt32](repeating: 0, count: 80)
            for i in 0..<16 {
                let j = start + i * 4
                w[i] = UInt32(bytes[j]) << 24 | UInt32(bytes[j + 1]) << 16 | UInt32(bytes[j + 2]) << 8 | UInt32(bytes[j + 3])
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                var f = b ^ c ^ d
                var k: UInt32 = 0xCA62_C1D6
                if i < 20 {
                    f = (b & c) | (~b & d)
                    k = 0x5A82_7999
                } else if i < 40 {
                    k = 0x6ED9_EBA1
                } else if i < 60 {
                    f = (b & c) | (b & d) | (c & d)
                    k = 0x8F1B_BCDC
                }
                let t = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, t)
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - $0 * 8)) } }
    }
}
