/// What the ``Session`` hands a ``WebSocketTransport`` with a handshake: the connection's limits
/// and when the handshake must be answered.
public struct WebSocketTransportContext: Sendable {
    /// The largest message to accept, in bytes, once its frames are joined; a larger one closes
    /// the connection with ``WebSocketCloseCode/messageTooBig`` and fails with
    /// ``BricksError/Reason/messageTooLarge(limit:)``.
    public var maximumMessageSize: Int
    /// How many bytes of received messages may wait for ``WebSocketLink/receive()`` before the
    /// transport stops reading from the socket; it reads again once half of them are taken.
    public var incomingBufferSize: Int
    /// When the handshake must be answered, or `nil` for no limit.
    public var deadline: ContinuousClock.Instant?
    /// The lowercased names of the header fields that carry secrets, for a transport that writes
    /// handshakes down.
    public var secretHeaderNames: Set<String>

    /// Makes a context; the session makes one for each handshake.
    /// - Parameters:
    ///   - maximumMessageSize: the largest message, in bytes. Default: 8 MiB.
    ///   - incomingBufferSize: the bytes of messages that may wait. Default: 1 MiB.
    ///   - deadline: when the handshake must be answered. Default: no limit.
    ///   - secretHeaderNames: the secret header names, in any case. Default: Bricks' own.
    public init(
        maximumMessageSize: Int = WebSocketSettings.defaultMaximumMessageSize,
        incomingBufferSize: Int = WebSocketSettings.defaultIncomingBufferSize,
        deadline: ContinuousClock.Instant? = nil, secretHeaderNames: Set<String> = SecretNames.headerFields
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.incomingBufferSize = incomingBufferSize
        self.deadline = deadline
        self.secretHeaderNames = SecretNames.lowercased(secretHeaderNames)
    }
}
