extension CallContext {
    /// The largest message a WebSocket connection accepts, in bytes, once its frames are joined;
    /// a larger one closes the connection with ``WebSocketCloseCode/messageTooBig`` and fails with
    /// ``BricksError/Reason/messageTooLarge(limit:)``. The endpoint's
    /// ``WebSocketSettings/maximumMessageSize``.
    public var maximumMessageSize: Int {
        webSocketSettings?.maximumMessageSize ?? WebSocketSettings.defaultMaximumMessageSize
    }

    /// How many bytes of received messages may wait for ``WebSocketLink/receive()`` before the
    /// transport stops reading from the socket; it reads again once half of them are taken. The
    /// endpoint's ``WebSocketSettings/incomingBufferSize``.
    public var incomingBufferSize: Int {
        webSocketSettings?.incomingBufferSize ?? WebSocketSettings.defaultIncomingBufferSize
    }
}
