import Bricks
import NIOConcurrencyHelpers
import NIOCore

/// The messages a WebSocket connection received and its reader has not taken yet, shared under a
/// lock by the channel's ``WebSocketFrameHandler`` (on the event loop) and the reader
/// (``NIOWebSocketLink/receive()``, on its task). A reader that finds a message takes it without a
/// hop to the event loop; one that finds none waits, and the event loop resumes it with the next.
///
/// The buffer is bounded in payload bytes: the handler holds back the socket's reads while it is
/// full, and the reader asks for them again once it has taken half.
final class WebSocketInbox: Sendable {
    private struct State {
        var messages = CircularBuffer<WebSocketMessage>()
        /// The payload bytes of ``messages``.
        var bytes = 0
        /// How the connection ended, once it has: handed to the reader after the messages.
        var end: Result<WebSocketEvent, BricksError>?
        var reader: CheckedContinuation<WebSocketEvent, any Error>?
        /// A read of the socket held back while the buffer was full.
        var readHeldBack = false
    }

    /// What ``take()`` found.
    enum Taken {
        /// The first message kept; `resumeReading` when the socket's held-back read is due.
        case message(WebSocketMessage, resumeReading: Bool)
        /// How the connection ended, or why the reader cannot wait.
        case end(Result<WebSocketEvent, any Error>)
        /// Nothing yet.
        case nothing
    }

    private let bufferSize: Int
    private let state = NIOLockedValueBox(State())

    init(bufferSize: Int) {
        self.bufferSize = Swift.max(bufferSize, 1)
    }

    // MARK: The event loop's side

    /// Hands `message` to a waiting reader, or keeps it.
    func deliver(_ message: WebSocketMessage) {
        let reader = state.withLockedValue { state -> CheckedContinuation<WebSocketEvent, any Error>? in
            if let reader = state.reader {
                state.reader = nil
                return reader
            }
            state.messages.append(message)
            state.bytes += message.byteCount
            return nil
        }
        reader?.resume(returning: .message(message))
    }

    /// Whether the socket's next read must wait for the reader: the buffer is full. The reader
    /// then asks for it (``Taken/message(_:resumeReading:)``).
    func holdsBackRead() -> Bool {
        state.withLockedValue { state in
            guard state.bytes >= bufferSize else { return false }
            state.readHeldBack = true
            return true
        }
    }

    /// Whether a read of the socket is held back, waiting for the reader.
    var isHoldingBackRead: Bool { state.withLockedValue { $0.readHeldBack } }

    /// Ends the connection with `result` (the first end counts), handed to the reader after the
    /// messages still kept.
    func finish(_ result: Result<WebSocketEvent, BricksError>) {
        let reader = state.withLockedValue { state -> CheckedContinuation<WebSocketEvent, any Error>? in
            guard state.end == nil else { return nil }
            state.end = result
            guard state.messages.isEmpty, let reader = state.reader else { return nil }
            state.reader = nil
            return reader
        }
        reader?.resume(with: result.mapError { $0 as any Error })
    }

    /// Whether the connection has ended.
    var hasEnded: Bool { state.withLockedValue { $0.end != nil } }

    // MARK: The reader's side

    /// The first message kept, or the end, when there is one.
    func take() -> Taken {
        state.withLockedValue { Self.take(from: &$0, bufferSize: bufferSize) }
    }

    /// Waits with `reader` for the next event, unless one is there already (or the task is
    /// cancelled): then it is returned, and `reader` is left alone.
    func wait(_ reader: CheckedContinuation<WebSocketEvent, any Error>) -> Taken {
        state.withLockedValue { state in
            let taken = Self.take(from: &state, bufferSize: bufferSize)
            guard case .nothing = taken else { return taken }
            // Checked under the lock ``cancelReader()`` takes: a cancellation either finds this
            // reader or is seen here.
            if Task.isCancelled { return .end(.failure(CancellationError())) }
            if state.reader != nil {
                return .end(.failure(BricksError(.invalidRequest("a WebSocket connection is read by one loop at a time"))))
            }
            state.reader = reader
            return .nothing
        }
    }

    /// Fails a waiting reader: its task was cancelled.
    func cancelReader() {
        let reader = state.withLockedValue { state -> CheckedContinuation<WebSocketEvent, any Error>? in
            defer { state.reader = nil }
            return state.reader
        }
        reader?.resume(throwing: CancellationError())
    }

    private static func take(from state: inout State, bufferSize: Int) -> Taken {
        if let message = state.messages.popFirst() {
            state.bytes -= message.byteCount
            // Reading again once half the buffer is taken: TCP then opens its window by more than
            // a segment at once, instead of stalling on delayed acknowledgements.
            let resumeReading = state.readHeldBack && state.bytes <= bufferSize / 2
            if resumeReading { state.readHeldBack = false }
            return .message(message, resumeReading: resumeReading)
        }
        if let end = state.end { return .end(end.mapError { $0 as any Error }) }
        return .nothing
    }
}
