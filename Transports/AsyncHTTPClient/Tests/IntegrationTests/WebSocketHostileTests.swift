import Bricks
import BricksAsyncHTTPClient
import Foundation
import Testing

// A hostile WebSocket server (the raw half of scripts/websocket-server.py writes frames by hand):
// each breach of RFC 6455 ends the connection with a BricksError that names it, and memory stays
// bounded. Each case prints its resident-memory growth for the report's table.

private let transport = AsyncHTTPClientTransport()
private let session = Session(transport: transport)

/// One hostile case: the path, and what the error must say.
struct HostileCase: Sendable, CustomTestStringConvertible {
    let path: String
    let expected: String
    var settings = WebSocketSettings(maximumMessageSize: 1 << 20, keepalive: nil)
    var timeoutInterval: TimeInterval = 10

    var testDescription: String { path }
}

@Suite(.enabled(if: WebSocketServer.shouldRun, WebSocketServer.skipReason))
struct WebSocketHostileTests {
    init() throws { try WebSocketServer.requireServer() }

    static let cases: [HostileCase] = [
        HostileCase(path: "/oversized-frame", expected: "larger than the limit of 1048576 bytes"),
        HostileCase(path: "/fragment-flood", expected: "larger than the limit of 1048576 bytes"),
        HostileCase(path: "/empty-fragment-flood", expected: "split one message into more than 100000 frames"),
        HostileCase(path: "/invalid-utf8", expected: "text message that is not valid UTF-8"),
        HostileCase(path: "/masked", expected: "masked frame"),
        HostileCase(path: "/reserved-opcode", expected: "reserved opcode"),
        HostileCase(path: "/reserved-bit", expected: "reserved bit"),
        HostileCase(path: "/long-control", expected: "control frame longer than 125 bytes"),
        HostileCase(path: "/invalid-close-code", expected: "code 1005, which may not be sent"),
        HostileCase(
            path: "/no-pong", expected: "did not answer a WebSocket ping within 300 ms",
            settings: WebSocketSettings(keepalive: WebSocketKeepalive(interval: .milliseconds(50), timeout: .milliseconds(300)))),
    ]

    @Test(arguments: cases)
    func aBreachEndsTheConnectionWithAnErrorThatNamesIt(_ hostile: HostileCase) async throws {
        let before = WebSocketServer.residentMiB()
        let endpoint = TextSocket(target: hostile.path, hostile: true, settings: hostile.settings)
        let socket = try await session.connect(to: endpoint)
        let error = await bricksError { _ = try await readAll(socket) }
        let growth = WebSocketServer.residentMiB() - before
        let description = error?.description ?? ""
        #expect(description.contains(hostile.expected), "\(description)")
        #expect(growth < 32, "resident memory grew \(growth) MiB")
        print("WebSocket hostile \(hostile.path): \(description) [resident memory +\(String(format: "%.1f", growth)) MiB]")
    }

    @Test func aServerThatNeverAnswersTheHandshakeTimesOut() async throws {
        let endpoint = TextSocket(target: "/no-handshake", hostile: true, timeoutInterval: 0.5)
        let error = await bricksError { _ = try await session.connect(to: endpoint) }
        guard case .timedOut? = error?.reason else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        print("WebSocket hostile /no-handshake: \(error?.description ?? "")")
    }

    @Test func aWrongAcceptKeyIsRefused() async throws {
        let error = await bricksError { _ = try await session.connect(to: TextSocket(target: "/bad-accept", hostile: true)) }
        #expect(error?.description.contains("Sec-WebSocket-Accept") == true, "\(String(describing: error))")
        print("WebSocket hostile /bad-accept: \(error?.description ?? "")")
    }
}
