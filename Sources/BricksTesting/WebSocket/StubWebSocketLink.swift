import Bricks
import Foundation

/// One scripted connection of a ``StubWebSocketTransport``.
actor StubWebSocketLink: WebSocketLink {
    private var steps: [WebSocketScript.Step]
    /// The next step the reader plays.
    private var position = 0
    /// Steps already satisfied by a send (``WebSocketScript/Step/expect(_:)``).
    private var satisfied: Set<Int> = []
    private var answersPings = true
    private var ended: WebSocketEvent?
    private var readers: [CheckedContinuation<Void, Never>] = []
    private let stub: StubWebSocketTransport

    init(_ steps: [WebSocketScript.Step], stub: StubWebSocketTransport) {
        self.steps = steps
        self.stub = stub
    }

    func send(_ message: WebSocketMessage) async throws {
        if ended != nil { throw BricksError(.transport(StubWebSocketError.closed)) }
        await stub.record(message)
        // The first expectation not yet met, from where the reader is.
        guard let index = steps.indices.dropFirst(position).first(where: { index in
            if case .expect = steps[index] { return !satisfied.contains(index) }
            return false
        }) else { return }
        guard case .expect(let expected) = steps[index] else { return }
        guard expected == message else {
            throw BricksTestingError.unexpectedWebSocketMessage(expected: "\(expected)", sent: "\(message)")
        }
        satisfied.insert(index)
        wakeReaders()
    }

    func receive() async throws -> WebSocketEvent {
        while true {
            if let ended { return ended }
            guard position < steps.count else {
                await wait()  // the script is over: the connection stays open until closed
                continue
            }
            let step = steps[position]
            switch step {
            case .expect:
                if satisfied.contains(position) { position += 1 } else { await wait() }
            case .reply(let message):
                position += 1
                return .message(message)
            case .close(let code, let reason):
                position += 1
                ended = .closed(code, reason: reason)
                return .closed(code, reason: reason)
            case .drop:
                position += 1
                ended = .closed(.abnormalClosure, reason: "")
                throw BricksError(.transport(StubWebSocketError.dropped))
            case .ignorePings:
                position += 1
                answersPings = false
            }
        }
    }

    func ping() async throws {
        // Unanswered, the keepalive's deadline passes and it closes the link, which ends the wait.
        while true {
            if ended != nil { throw BricksError(.transport(StubWebSocketError.closed)) }
            if answersPings { return }
            await wait()
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async {
        guard ended == nil else { return }
        ended = .closed(code, reason: reason)
        await stub.recordClose(code, reason)
        wakeReaders()
    }

    private func wait() async {
        await withCheckedContinuation { readers.append($0) }
    }

    private func wakeReaders() {
        let waiting = readers
        readers = []
        for reader in waiting { reader.resume() }
    }
}

/// The failures a scripted connection plays.
enum StubWebSocketError: Error, CustomStringConvertible {
    case dropped
    case closed

    var description: String {
        switch self {
        case .dropped: "the scripted connection dropped"
        case .closed: "the scripted connection is closed"
        }
    }
}
