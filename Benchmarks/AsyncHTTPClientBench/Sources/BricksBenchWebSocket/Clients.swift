import Bricks
import BricksAsyncHTTPClient
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// The small JSON message of the benchmarks, coded the same way (Foundation's JSONEncoder and
/// JSONDecoder) by both clients.
struct Tick: Codable, Sendable, Equatable {
    var sequence: Int
    var symbol: String
    var price: Double
    var volume: Int
    var time: String

    static let sample = Tick(sequence: 42, symbol: "AAPL", price: 189.25, volume: 1200, time: "2026-11-28T05:40:00Z")
}

/// One client under test: a Bricks endpoint on `AsyncHTTPClientTransport`, or the raw SwiftNIO
/// client. Each opens its connection first; only the messages are timed.
protocol WebSocketContender: Sendable {
    var name: String { get }
    /// `count` round trips: send one message, wait for its echo.
    func echo(_ kind: MessageKind, count: Int) async throws -> Run
    /// Reads `count` messages the server sends as fast as it can, to the server's close.
    func stream(_ kind: MessageKind, count: Int) async throws -> Run
}

enum MessageKind: String, Sendable {
    case json, binary
}

// MARK: Bricks

struct TickSocket: WebSocketEndpoint, Sendable {
    typealias Outgoing = Tick
    typealias Incoming = Tick
    let baseURL: URL
    let path: String
    let queryItems: [URLQueryItem]
}

struct BlobSocket: WebSocketEndpoint, Sendable {
    typealias Outgoing = Data
    typealias Incoming = Data
    let baseURL: URL
    let path: String
    let queryItems: [URLQueryItem]
}

/// `Session` on `AsyncHTTPClientTransport`, through typed endpoints (JSON coding by the endpoint's
/// defaults, `Data` for binary).
struct BricksContender: WebSocketContender {
    let name = "Bricks (AsyncHTTPClientTransport)"
    let session: Session
    let base: URL

    func echo(_ kind: MessageKind, count: Int) async throws -> Run {
        switch kind {
        case .json:
            let socket = try await session.connect(to: TickSocket(baseURL: base, path: "/echo", queryItems: []))
            var messages = socket.messages.makeAsyncIterator()
            let meter = Meter()
            for index in 0..<count {
                var tick = Tick.sample
                tick.sequence = index
                try await socket.send(tick)
                guard let echoed = try await messages.next(), echoed.sequence == index else { throw BenchError("lost echo \(index)") }
            }
            let run = meter.stop(count)
            await socket.close()
            return run
        case .binary:
            let socket = try await session.connect(to: BlobSocket(baseURL: base, path: "/echo", queryItems: []))
            var messages = socket.messages.makeAsyncIterator()
            let payload = Data(repeating: 0x5A, count: Workload.binarySize)
            let meter = Meter()
            for index in 0..<count {
                try await socket.send(payload)
                guard let echoed = try await messages.next(), echoed.count == payload.count else { throw BenchError("lost echo \(index)") }
            }
            let run = meter.stop(count)
            await socket.close()
            return run
        }
    }

    func stream(_ kind: MessageKind, count: Int) async throws -> Run {
        let query = [URLQueryItem(name: "kind", value: kind.rawValue), URLQueryItem(name: "count", value: "\(count)")]
        var received = 0
        switch kind {
        case .json:
            let socket = try await session.connect(to: TickSocket(baseURL: base, path: "/stream", queryItems: query))
            let meter = Meter()
            for try await tick in socket.messages where tick.symbol == Tick.sample.symbol { received += 1 }
            guard received == count else { throw BenchError("received \(received) of \(count)") }
            return meter.stop(count)
        case .binary:
            let socket = try await session.connect(to: BlobSocket(baseURL: base, path: "/stream", queryItems: query))
            let meter = Meter()
            for try await blob in socket.messages where blob.count == Workload.binarySize { received += 1 }
            guard received == count else { throw BenchError("received \(received) of \(count)") }
            return meter.stop(count)
        }
    }
}

// MARK: Raw SwiftNIO

/// The floor: a WebSocket client written directly against SwiftNIO, as its own example does —
/// `NIOTypedWebSocketClientUpgrader` on the upgradable HTTP client pipeline, then
/// `NIOAsyncChannel<WebSocketFrame, WebSocketFrame>` — with the same JSON coding, frames masked
/// with a fresh key, payloads kept as `ByteBuffer`s (no copy into `Data`), on the same event
/// loops as AsyncHTTPClientTransport.
struct RawNIOContender: WebSocketContender {
    let name = "raw SwiftNIO NIOWebSocket"
    let port: Int

    enum Upgrade: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    func connect(_ target: String) async throws -> NIOAsyncChannel<WebSocketFrame, WebSocketFrame> {
        let port = port
        let upgraded: EventLoopFuture<Upgrade> = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(maxFrameSize: 1 << 24) { channel, _ in
                        channel.eventLoop.makeCompletedFuture {
                            .websocket(try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel))
                        }
                    }
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: "127.0.0.1:\(port)")
                    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: headers)
                    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                        upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(upgradeRequestHead: head, upgraders: [upgrader]) {
                            channel in channel.eventLoop.makeSucceededFuture(.refused)
                        })
                    configuration.leftOverBytesStrategy = .forwardBytes
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
                }
            }
        guard case .websocket(let channel) = try await upgraded.get() else { throw BenchError("the server refused the upgrade") }
        return channel
    }

    func echo(_ kind: MessageKind, count: Int) async throws -> Run {
        let channel = try await connect("/echo")
        return try await channel.executeThenClose { inbound, outbound in
            var frames = inbound.makeAsyncIterator()
            let encoder = JSONEncoder()
            let decoder = JSONDecoder()
            let allocator = ByteBufferAllocator()
            let payload = ByteBuffer(repeating: 0x5A, count: Workload.binarySize)
            let meter = Meter()
            for index in 0..<count {
                switch kind {
                case .json:
                    var tick = Tick.sample
                    tick.sequence = index
                    let data = try encoder.encodeAsByteBuffer(tick, allocator: allocator)
                    try await outbound.write(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: data))
                    guard let frame = try await frames.next(), try decoder.decode(Tick.self, from: frame.data).sequence == index else {
                        throw BenchError("lost echo \(index)")
                    }
                case .binary:
                    try await outbound.write(WebSocketFrame(fin: true, opcode: .binary, maskKey: .random(), data: payload))
                    guard let frame = try await frames.next(), frame.data.readableBytes == payload.readableBytes else {
                        throw BenchError("lost echo \(index)")
                    }
                }
            }
            let run = meter.stop(count)
            try await outbound.write(Self.closeFrame)
            return run
        }
    }

    func stream(_ kind: MessageKind, count: Int) async throws -> Run {
        let channel = try await connect("/stream?kind=\(kind.rawValue)&count=\(count)")
        return try await channel.executeThenClose { inbound, outbound in
            let decoder = JSONDecoder()
            var received = 0
            let meter = Meter()
            for try await frame in inbound {
                switch frame.opcode {
                case .text:
                    if try decoder.decode(Tick.self, from: frame.data).symbol == Tick.sample.symbol { received += 1 }
                case .binary:
                    if frame.data.readableBytes == Workload.binarySize { received += 1 }
                case .connectionClose:
                    try await outbound.write(Self.closeFrame)
                    guard received == count else { throw BenchError("received \(received) of \(count)") }
                    return meter.stop(count)
                default:
                    break
                }
            }
            throw BenchError("the stream ended without a close frame after \(received) messages")
        }
    }

    static var closeFrame: WebSocketFrame {
        var code = ByteBuffer()
        code.writeInteger(UInt16(1000))
        return WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: code)
    }
}
