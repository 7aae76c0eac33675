/// How a WebSocket connection closed: the code and reason of the close frame, and which side sent
/// it. ``WebSocketConnection/closure`` keeps it, so that a loop over the messages that ends
/// normally can still read what the server said (`1000 "bye"`), and an error can be told apart
/// from the close that came with it.
public struct WebSocketClose: Sendable, Hashable, CustomStringConvertible {
    /// The close code: the server's, or the one Bricks sent when it ended the connection
    /// (``WebSocketCloseCode/protocolError`` for a server that broke the protocol,
    /// ``WebSocketCloseCode/unsupportedData`` for a message the endpoint could not decode,
    /// ``WebSocketCloseCode/messageTooBig`` for one over the limit, ``WebSocketCloseCode/goingAway``
    /// when the app stopped reading).
    public var code: WebSocketCloseCode
    /// The reason sent with the code; often empty.
    public var reason: String
    /// Whether the server sent the close (else this side did: the app, or Bricks on a failure).
    public var byServer: Bool

    /// Makes a close.
    public init(code: WebSocketCloseCode, reason: String, byServer: Bool) {
        self.code = code
        self.reason = reason
        self.byServer = byServer
    }

    /// `1000 (normal closure) "bye", sent by the server`.
    public var description: String {
        "\(code)" + (reason.isEmpty ? "" : " \"\(reason)\"") + (byServer ? ", sent by the server" : ", sent by this app")
    }
}
