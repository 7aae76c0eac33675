/// How a server answered a WebSocket opening handshake: what
/// ``WebSocketTransport/openWebSocket(_:context:)`` returns.
public enum WebSocketUpgrade: Sendable {
    /// The server switched protocols: the `101` head and the open connection.
    case accepted(ResponseHead, any WebSocketLink)
    /// The server answered with another status: its reply, whose body the session reads (up to
    /// its size limit) for the error.
    case rejected(RawResponse)
}
