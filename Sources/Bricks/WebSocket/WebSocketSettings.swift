/// How a WebSocket connection guards itself: the largest message, the incoming buffer, keepalive
/// pings and reconnection. An endpoint states them in ``WebSocketEndpoint/webSocketSettings``.
///
/// ```swift
/// var webSocketSettings: WebSocketSettings {
///     WebSocketSettings(maximumMessageSize: 256 * 1024, reconnection: .exponentialBackoff())
/// }
/// ```
///
/// Memory stays bounded whatever the server sends: a message's frames are joined only up to
/// ``maximumMessageSize`` (the connection is closed with 1009 past it), and received messages wait
/// for a slow reader only up to ``incomingBufferSize`` bytes. When the buffer is full the transport
/// stops reading from the socket, so that TCP's flow control slows the server down; nothing is
/// dropped.
public struct WebSocketSettings: Sendable, Equatable {
    /// The largest message accepted, in bytes, after its frames are joined. Default: 8 MiB.
    public var maximumMessageSize: Int
    /// How many bytes of received messages may wait for the reader before the transport stops
    /// reading from the socket (it reads again once half of them are taken). Default: 1 MiB.
    public var incomingBufferSize: Int
    /// Pings that detect a half-open connection, or `nil` for none. Default:
    /// ``WebSocketKeepalive/default``.
    public var keepalive: WebSocketKeepalive?
    /// When to reconnect after the connection drops. Default: ``WebSocketReconnection/never``.
    public var reconnection: WebSocketReconnection
    /// The subprotocols offered in `Sec-WebSocket-Protocol`, preferred first. Default: none.
    public var subprotocols: [String]

    /// The default largest message: 8 MiB.
    public static let defaultMaximumMessageSize = 8 * 1024 * 1024
    /// The default incoming buffer: 1 MiB. Reading again only once half of it is taken lets TCP
    /// open its window by more than a segment at a time (a buffer of a few KiB made loopback
    /// stall on delayed acknowledgements, 40 ms a round).
    public static let defaultIncomingBufferSize = 1024 * 1024

    /// Makes settings.
    /// - Parameters:
    ///   - maximumMessageSize: the largest message accepted, in bytes. Default: 8 MiB.
    ///   - incomingBufferSize: the bytes of messages that may wait for the reader before the socket is
    ///     no longer read. Default: 1 MiB.
    ///   - keepalive: the keepalive pings, or `nil` for none. Default: ``WebSocketKeepalive/default``.
    ///   - reconnection: the reconnection policy. Default: ``WebSocketReconnection/never``.
    ///   - subprotocols: the subprotocols offered. Default: none.
    public init(
        maximumMessageSize: Int = defaultMaximumMessageSize, incomingBufferSize: Int = defaultIncomingBufferSize,
        keepalive: WebSocketKeepalive? = .default, reconnection: WebSocketReconnection = .never,
        subprotocols: [String] = []
    ) {
        self.maximumMessageSize = maximumMessageSize
        self.incomingBufferSize = incomingBufferSize
        self.keepalive = keepalive
        self.reconnection = reconnection
        self.subprotocols = subprotocols
    }
}
