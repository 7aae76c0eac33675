/// A transport that can open WebSocket connections: the opening handshake, then the messages of
/// the open connection. A transport adopts it beside ``HTTPTransport`` when it can;
/// ``Session/connect(to:onReconnect:)`` uses the session's transport when it does.
///
/// Like an exchange, an opening applies no policy of its own: the ``Session`` runs the handshake's
/// head through the middleware (authorization, logging, metrics), checks the answer, and keeps the
/// connection's pings, size limit, reconnection and errors for every transport alike. So a
/// transport:
/// - sends the head as a WebSocket opening handshake: a `GET` to the head's URL with its `http`
///   scheme read as `ws` and `https` as `wss`, its header fields, and the handshake's own fields;
/// - returns ``WebSocketUpgrade/accepted(_:_:)`` with the `101` head and the open
///   ``WebSocketLink`` when the server accepts, and ``WebSocketUpgrade/rejected(_:)`` with the
///   server's reply (its body still to be read) for any other status, following no redirect;
/// - joins a message's frames only up to ``CallContext/maximumMessageSize``, keeps
///   at most ``CallContext/incomingBufferSize`` bytes of messages for a slow reader
///   and stops reading from the socket beyond that;
/// - reports the server's breaches of RFC 6455 (masked frames, reserved bits or opcodes, control
///   frames over 125 bytes, text that is not UTF-8, invalid close codes) as
///   ``BricksError/Reason/invalidResponse(_:)`` after closing the connection.
///
/// A transport runs away from the caller's actor. In an app target whose default isolation is the
/// main actor, Swift infers `nonisolated` for the type that adopts it.
public protocol WebSocketTransport: Sendable {
    /// Sends the opening handshake and returns the open connection, or the server's refusal.
    /// - Parameters:
    ///   - head: the handshake's head as the middleware left it; its URL is `http` or `https`.
    ///   - context: the call's context with the handshake's deadline, the connection's limits
    ///     (``CallContext/maximumMessageSize``, ``CallContext/incomingBufferSize``), the secret
    ///     header names and the values of your own keys.
    /// - Returns: the open connection with the `101` head, or the server's other reply.
    /// - Throws: ``BricksError`` when no reply arrives (connection refused, TLS, time-out).
    func openWebSocket(_ head: RequestHead, context: CallContext) async throws -> WebSocketUpgrade
}
