import Foundation

/// The state a ``WebSocketConnection`` shares between its reader, its senders and its keepalive:
/// the link in use, whether it is being replaced, and how the connection ended.
///
/// Internal. Senders wait here while the reader reconnects; the keepalive of each link runs in a
/// task of its own, which never holds the core (so that releasing the connection closes it).
final class WebSocketCore: Sendable {
    private struct State {
        var link: (any WebSocketLink)?
        /// Senders waiting for the next link.
        var waiters: [CheckedContinuation<any WebSocketLink, any Error>] = []
        var isReconnecting = false
        /// Set once the connection is over for good: `nil` error for a normal end or a close of
        /// the caller's own.
        var end: (error: BricksError?, byCaller: Bool)?
        var keepalive: Task<Void, Never>?
        /// Messages received so far, for errors that name one.
        var received = 0
        /// The close of the current link, once one side sent it.
        var closure: WebSocketClose?
    }

    let settings: WebSocketSettings
    /// The call, for errors.
    let call: RequestSummary
    private let state = Locked(State())
    /// The error of a ping that went unanswered on the current link, set by its keepalive.
    private let pingFailure = Locked<BricksError?>(nil)

    init(settings: WebSocketSettings, call: RequestSummary) {
        self.settings = settings
        self.call = call
    }

    deinit {
        let (link, keepalive) = state.withLock { ($0.link, $0.keepalive) }
        keepalive?.cancel()
        if let link { Task { await link.close(code: .goingAway, reason: "") } }
    }

    /// Puts `link` in use, wakes the senders that waited for it and starts its keepalive.
    func install(_ link: any WebSocketLink) {
        pingFailure.withLock { $0 = nil }
        let state = state
        let keepalive = settings.keepalive.map {
            Self.keepalive(link, $0, failure: pingFailure, call: call, received: { state.withLock { $0.received } })
        }
        let (waiters, previous, ended) = state.withLock { state in
            let ended = state.end != nil
            let previous = state.keepalive
            if !ended {
                state.link = link
                state.closure = nil
                state.isReconnecting = false
                state.keepalive = keepalive
            }
            defer { state.waiters = [] }
            return (ended ? [] : state.waiters, previous, ended)
        }
        previous?.cancel()
        if ended {
            keepalive?.cancel()
            Task { await link.close(code: .goingAway, reason: "") }
            return
        }
        for waiter in waiters { waiter.resume(returning: link) }
    }

    /// The link to send on: the current one, or the next one while the reader reconnects.
    /// - Throws: the error that ended the connection, or ``BricksError/Reason/cancelled``.
    func currentLink() async throws -> any WebSocketLink {
        try await withCheckedThrowingContinuation { continuation in
            let link: Result<any WebSocketLink, BricksError>? = state.withLock { state in
                if let end = state.end { return .failure(end.error ?? self.closedError(byCaller: end.byCaller)) }
                if !state.isReconnecting, let link = state.link { return .success(link) }
                state.waiters.append(continuation)
                return nil
            }
            if let link { continuation.resume(with: link) }
        }
    }

    /// The link the reader reads from, or `nil` once the connection is over.
    var readLink: (any WebSocketLink)? {
        state.withLock { $0.end == nil ? $0.link : nil }
    }

    /// How the connection ended, if it did: its error, or `nil` for a normal end.
    var end: (error: BricksError?, byCaller: Bool)? { state.withLock { $0.end } }

    /// The close of the current link, once one side sent it.
    var closure: WebSocketClose? { state.withLock { $0.closure } }

    /// Keeps the server's close of the current link (the first close of a link is the one kept).
    func serverClosed(code: WebSocketCloseCode, reason: String) {
        state.withLock { state in
            if state.closure == nil { state.closure = WebSocketClose(code: code, reason: reason, byServer: true) }
        }
    }

    /// The ping failure of the current link, which explains why it closed.
    var unansweredPing: BricksError? { pingFailure.withLock { $0 } }

    /// Counts a received message and returns its number, from 1.
    func countMessage() -> Int { state.withLock { $0.received += 1; return $0.received } }

    /// Marks the link as gone while the reader opens another: senders wait.
    func beginReconnecting() {
        let keepalive = state.withLock { state in
            state.isReconnecting = true
            defer { state.keepalive = nil }
            return state.keepalive
        }
        keepalive?.cancel()
    }

    /// Ends the connection for good with `error` (`nil`: a normal end), closing the link with
    /// `code`. Senders waiting and later get the error.
    func finish(_ error: BricksError?, code: WebSocketCloseCode = .normalClosure, reason: String = "", byCaller: Bool = false) async {
        let (link, waiters, keepalive) = state.withLock { state -> ((any WebSocketLink)?, [CheckedContinuation<any WebSocketLink, any Error>], Task<Void, Never>?) in
            if state.end == nil { state.end = (error, byCaller) }
            if state.closure == nil, state.link != nil { state.closure = WebSocketClose(code: code, reason: reason, byServer: false) }
            defer { state.waiters = []; state.keepalive = nil }
            return (state.link, state.waiters, state.keepalive)
        }
        keepalive?.cancel()
        let failure = error ?? closedError(byCaller: byCaller)
        for waiter in waiters { waiter.resume(throwing: failure) }
        await link?.close(code: code, reason: reason)
    }

    /// The error of a send after the connection closed.
    private func closedError(byCaller: Bool) -> BricksError {
        BricksError(
            .invalidRequest(byCaller
                ? "the WebSocket connection was closed by this app, so nothing more can be sent"
                : "the WebSocket connection has closed, so nothing more can be sent"),
            request: call)
    }

    /// Pings `link` every `keepalive.interval`; when a pong does not come within
    /// `keepalive.timeout`, records the failure and closes the link, which ends its reads.
    ///
    /// Time does not count while the pong plainly waits behind messages the app has not read yet:
    /// while the transport holds back its reads for a slow reader, and while messages keep
    /// arriving (`received`, the count so far, grows). Without the second, a slow reader was cut
    /// off between two refills of the transport's buffer, with the pong still behind megabytes in
    /// the kernel's (3,973 of a 10,000-message flood, over a real socket).
    private static func keepalive(
        _ link: any WebSocketLink, _ keepalive: WebSocketKeepalive, failure: Locked<BricksError?>, call: RequestSummary,
        received: @escaping @Sendable () -> Int
    ) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                do { try await Task.sleep(for: keepalive.interval) } catch { return }
                let answered = Locked<Bool?>(nil)
                let ping = Task {
                    do {
                        try await link.ping()
                        answered.withLock { $0 = true }
                    } catch {
                        answered.withLock { $0 = false }
                    }
                }
                // Polls the answer in small steps, so that a prompt pong ends the wait early; the
                // deadline moves on while reads are held back or messages arrive (checked again
                // after each step).
                var deadline = ContinuousClock.now + keepalive.timeout
                var seen = received()
                while answered.withLock({ $0 }) == nil {
                    let count = received()
                    if link.isHoldingBackReads || count != seen {
                        seen = count
                        deadline = ContinuousClock.now + keepalive.timeout
                    }
                    guard ContinuousClock.now < deadline else { break }
                    let step = Swift.min(.milliseconds(50), ContinuousClock.now.duration(to: deadline))
                    do { try await Task.sleep(for: step) } catch { ping.cancel(); return }
                }
                ping.cancel()
                switch answered.withLock({ $0 }) {
                case true?: continue
                case false?: return  // the link broke: its reader reports why
                case nil:
                    failure.withLock { $0 = BricksError(.pingTimedOut(after: keepalive.timeout), request: call) }
                    await link.close(code: .goingAway, reason: "ping timeout")
                    return
                }
            }
        }
    }
}
