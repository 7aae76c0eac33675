/// Limits a transport applies to the request it is sending.
///
/// ``Session`` sets ``current`` around each request from its own configuration and the endpoint's
/// overrides, so that any transport (and any middleware) can read them without a wider
/// ``HTTPTransport`` protocol.
public struct TransportLimits: Sendable, Equatable {
    /// The largest body accepted, in bytes. A larger reply fails with
    /// ``BricksError/responseTooLarge(limit:)`` as soon as its `Content-Length` or the bytes read
    /// so far exceed it.
    public var maximumResponseSize: Int

    /// Makes limits.
    /// - Parameter maximumResponseSize: the largest body accepted, in bytes. Default: 50 MiB.
    public init(maximumResponseSize: Int = TransportLimits.defaultMaximumResponseSize) {
        self.maximumResponseSize = maximumResponseSize
    }

    /// 50 MiB: generous for API replies, small enough that a runaway body cannot exhaust memory.
    public static let defaultMaximumResponseSize = 50 * 1024 * 1024

    /// The limits for the request being sent in this task.
    @TaskLocal public static var current = TransportLimits()
}
