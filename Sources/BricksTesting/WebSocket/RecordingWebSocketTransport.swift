import Bricks
import Foundation

/// A transport that opens WebSocket connections through another one and writes each conversation
/// down as a ``WebSocketScript``, so that a ``StubWebSocketTransport`` can play it back offline.
///
/// <!-- snippet: skip: AsyncHTTPClientTransport is a package of its own, and the middle is left out -->
/// ```swift
/// let recorder = RecordingWebSocketTransport(recording: AsyncHTTPClientTransport())
/// let chat = try await recorder.session().connect(to: ChatRoom(room: "swift"))
/// …   // talk to the real server
/// try await recorder.fixture().write(to: fixtureURL)
/// // later, offline:
/// let replay = try StubWebSocketTransport(fixture: Data(contentsOf: fixtureURL))
/// ```
///
/// What the app sent becomes ``WebSocketScript/Step/expect(_:)``, what the server sent
/// ``WebSocketScript/Step/reply(_:)``, and how the connection ended a
/// ``WebSocketScript/Step/close(_:reason:)`` or ``WebSocketScript/Step/drop``, in the order the
/// app saw them; a refused handshake is ``WebSocketScript/reject(status:body:)``. The handshake's
/// header fields are not recorded (its secrets stay out of fixtures).
public actor RecordingWebSocketTransport: HTTPTransport, WebSocketTransport {
    private let base: any WebSocketTransport & HTTPTransport
    /// The conversations so far, one per handshake, in order.
    public private(set) var scripts: [WebSocketScript] = []

    /// Makes a recorder.
    /// - Parameter base: the transport that does the I/O.
    public init(recording base: any WebSocketTransport & HTTPTransport) {
        self.base = base
    }

    /// Sends plain HTTP calls through the base transport, unrecorded.
    public nonisolated func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws
        -> RawResponse
    {
        try await base.exchange(head, body: body, context: context)
    }

    /// Opens the connection through the base transport and records it.
    public func openWebSocket(_ head: RequestHead, context: CallContext) async throws -> WebSocketUpgrade {
        switch try await base.openWebSocket(head, context: context) {
        case .rejected(let reply):
            let body = try await reply.body.collect(upTo: 1 << 20)
            scripts.append(.reject(status: reply.head.statusCode, body: String(decoding: body, as: UTF8.self)))
            return .rejected(RawResponse(head: reply.head, body: ResponseBody(body)))
        case .accepted(let reply, let link):
            let index = scripts.count
            scripts.append(.accept([]))
            return .accepted(reply, RecordingWebSocketLink(base: link) { step in await self.record(step, in: index) })
        }
    }

    /// The conversations as JSON, for ``StubWebSocketTransport/init(fixture:)``.
    /// - Throws: the encoder's errors.
    public func fixture() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(scripts)
    }

    private func record(_ step: WebSocketScript.Step, in index: Int) {
        guard case .accept(var steps) = scripts[index] else { return }
        steps.append(step)
        scripts[index] = .accept(steps)
    }
}

/// A link that reports every message and the end of its connection to its recorder.
private final class RecordingWebSocketLink: WebSocketLink {
    private let base: any WebSocketLink
    private let record: @Sendable (WebSocketScript.Step) async -> Void

    init(base: any WebSocketLink, record: @escaping @Sendable (WebSocketScript.Step) async -> Void) {
        self.base = base
        self.record = record
    }

    func send(_ message: WebSocketMessage) async throws {
        try await base.send(message)
        await record(.expect(message))
    }

    func receive() async throws -> WebSocketEvent {
        do {
            let event = try await base.receive()
            switch event {
            case .message(let message): await record(.reply(message))
            case .closed(let code, let reason): await record(code == .abnormalClosure ? .drop : .close(code, reason: reason))
            }
            return event
        } catch {
            await record(.drop)
            throw error
        }
    }

    func ping() async throws { try await base.ping() }

    func close(code: WebSocketCloseCode, reason: String) async { await base.close(code: code, reason: reason) }
}

extension StubWebSocketTransport {
    /// Makes a stub that plays back the conversations a ``RecordingWebSocketTransport`` wrote.
    /// - Parameter fixture: the JSON of ``RecordingWebSocketTransport/fixture()``.
    /// - Throws: ``BricksTestingError/malformedFixture(source:reason:)`` when it is not such JSON.
    public init(fixture: Data) throws {
        do {
            self.init(try JSONDecoder().decode([WebSocketScript].self, from: fixture))
        } catch {
            throw BricksTestingError.malformedFixture(source: "data", reason: "\(error)")
        }
    }
}
