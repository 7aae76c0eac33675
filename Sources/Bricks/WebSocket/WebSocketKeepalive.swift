/// Keepalive pings: a ping after each ``interval`` of the connection, which the peer must answer
/// within ``timeout``. A connection whose peer does not answer is half-open (the network dropped
/// it without a word): it is closed, and the incoming messages end with
/// ``BricksError/Reason/pingTimedOut(after:)``, or the connection reconnects when its
/// ``WebSocketReconnection`` allows.
public struct WebSocketKeepalive: Sendable, Equatable {
    /// The time between pings.
    public var interval: Duration
    /// How long the peer has to answer a ping.
    public var timeout: Duration

    /// Makes a keepalive.
    /// - Parameters:
    ///   - interval: the time between pings.
    ///   - timeout: how long the peer has to answer one.
    public init(interval: Duration, timeout: Duration) {
        self.interval = interval
        self.timeout = timeout
    }

    /// A ping every 30 seconds, answered within 20: under the idle timeouts of common proxies and
    /// load balancers.
    public static let `default` = WebSocketKeepalive(interval: .seconds(30), timeout: .seconds(20))
}
