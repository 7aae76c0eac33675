/// When a WebSocket connection opens again after it drops, and when it gives up.
///
/// Opt-in: the default, ``never``, ends the incoming messages with the reason the connection
/// ended. With a policy, a connection that drops (the socket breaks, a ping goes unanswered, or the
/// server closes with any code but ``WebSocketCloseCode/normalClosure`` and
/// ``WebSocketCloseCode/policyViolation``) opens again through the whole stack — authorization
/// and logging included — after a wait:
/// - the wait starts at ``initialDelay`` and doubles after each failed attempt, with jitter, up to
///   ``maximumDelay``; it is never shorter than ``minimumDelay``, so that a server that drops
///   every client at once is not answered by a storm;
/// - after ``maximumAttempts`` failed attempts in a row, the messages end with
///   ``BricksError/Reason/reconnectionGaveUp(reconnections:why:)``;
/// - a handshake answered with a client error (4xx but 408 and 429) is not tried again: the
///   messages end with that error.
///
/// Messages sent while the connection is down wait for the next one. The `onReconnect` hook of
/// ``Session/connect(to:onReconnect:)`` runs on each new connection and returns the messages to
/// send first, before any message is read: subscribe again, or resume from a cursor.
public struct WebSocketReconnection: Sendable, Equatable {
    /// Failed attempts in a row before giving up; 0 never reconnects.
    public var maximumAttempts: Int
    /// The wait before the first attempt.
    public var initialDelay: Duration
    /// The shortest wait, jitter included.
    public var minimumDelay: Duration
    /// The longest wait.
    public var maximumDelay: Duration

    /// Makes a policy.
    /// - Parameters:
    ///   - maximumAttempts: failed attempts in a row before giving up.
    ///   - initialDelay: the wait before the first attempt.
    ///   - minimumDelay: the shortest wait.
    ///   - maximumDelay: the longest wait.
    public init(maximumAttempts: Int, initialDelay: Duration, minimumDelay: Duration, maximumDelay: Duration) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.minimumDelay = minimumDelay
        self.maximumDelay = maximumDelay
    }

    /// Never reconnects.
    public static let never = WebSocketReconnection(
        maximumAttempts: 0, initialDelay: .zero, minimumDelay: .zero, maximumDelay: .zero)

    /// Reconnects with exponential backoff.
    /// - Parameters:
    ///   - maximumAttempts: failed attempts in a row before giving up. Default: 10.
    ///   - initialDelay: the wait before the first attempt. Default: 1 s.
    ///   - minimumDelay: the shortest wait. Default: 250 ms.
    ///   - maximumDelay: the longest wait. Default: 30 s.
    /// - Returns: the policy.
    public static func exponentialBackoff(
        maximumAttempts: Int = 10, initialDelay: Duration = .seconds(1), minimumDelay: Duration = .milliseconds(250),
        maximumDelay: Duration = .seconds(30)
    ) -> WebSocketReconnection {
        WebSocketReconnection(
            maximumAttempts: maximumAttempts, initialDelay: initialDelay, minimumDelay: minimumDelay,
            maximumDelay: maximumDelay)
    }

    /// Whether a connection the server closed with `code` may open again.
    func reconnects(after code: WebSocketCloseCode) -> Bool {
        maximumAttempts > 0 && code != .normalClosure && code != .policyViolation
    }

    /// The wait before attempt `attempt` (from 1) of a run of reconnections.
    /// - Parameter random: a number in `0..<1` that sets the jitter.
    func delay(beforeAttempt attempt: Int, random: Double = Double.random(in: 0..<1)) -> Duration {
        let floor = Swift.max(minimumDelay, .zero)
        let cap = Swift.max(maximumDelay, floor)
        let backoff = RetryPolicy(baseDelay: Swift.max(initialDelay, floor), maximumDelay: cap, jitter: 0.5)
            .backoff(afterAttempt: attempt, random: random)
        return Swift.min(Swift.max(backoff, floor), cap)
    }
}
