/// One open WebSocket connection as a transport carries it: whole messages out and in, pings, and
/// the closing handshake. ``WebSocketConnection`` wraps it with the endpoint's types and the
/// session's policy.
///
/// A link is used by several tasks at once: one reads (``receive()``), others send, and the
/// keepalive pings. ``send(_:)`` waits while the socket cannot take more (back-pressure);
/// ``receive()`` hands out the messages in order, and the transport reads from the socket only
/// while fewer than ``CallContext/incomingBufferSize`` bytes of them wait.
public protocol WebSocketLink: Sendable {
    /// Sends one message, returning once the transport has taken it (waiting while the socket is full).
    /// - Throws: ``BricksError`` when the connection is closed or broken.
    func send(_ message: WebSocketMessage) async throws
    /// The next message, or the close that ended the connection.
    /// - Returns: ``WebSocketEvent/message(_:)``, or ``WebSocketEvent/closed(_:reason:)`` once
    ///   (and again on every later call) when the connection ended.
    /// - Throws: ``BricksError`` when the connection broke: the server broke the protocol
    ///   (``BricksError/Reason/invalidResponse(_:)``), a message was too large
    ///   (``BricksError/Reason/messageTooLarge(limit:)``), or the socket failed.
    func receive() async throws -> WebSocketEvent
    /// Sends a ping and returns when its pong arrives, whether or not messages are being read.
    /// - Throws: ``BricksError`` when the connection is closed or broken.
    func ping() async throws
    /// Starts the closing handshake with `code` and `reason`, and closes the socket once the peer
    /// answers or after a short wait. Safe to call more than once, and on a broken connection.
    func close(code: WebSocketCloseCode, reason: String) async
    /// Whether the transport is holding back the socket's reads for a slow reader (its buffer of
    /// messages is full): a pong then waits behind data the app has not read, so the keepalive
    /// does not count the time against the ping. Default: `false`.
    var isHoldingBackReads: Bool { get }
}

extension WebSocketLink {
    /// `false`: a link that does not say never holds back reads.
    public var isHoldingBackReads: Bool { false }
}

/// What ``WebSocketLink/receive()`` returns: a message, or the end of the connection.
public enum WebSocketEvent: Sendable, Hashable {
    /// A whole message.
    case message(WebSocketMessage)
    /// The connection ended: the code and reason of the peer's close frame,
    /// ``WebSocketCloseCode/noStatusReceived`` for a close frame without a code, or
    /// ``WebSocketCloseCode/abnormalClosure`` when the socket closed without a close frame.
    case closed(WebSocketCloseCode, reason: String)
}
