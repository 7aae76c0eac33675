/// Where a reply came from: the network, or ``HTTPCacheMiddleware``'s store — fresh, confirmed by
/// the server (`304 Not Modified`), or stale, and why. Read it on ``ResponseHead/source``, beside
/// the decoded value (``Session/response(for:)``), in ``RequestMetrics`` and in the logs.
///
/// ```swift
/// let reply = try await session.response(for: GetRepository(owner: "apple", name: "swift"))
/// if reply.head.source != .network { print("served by the cache: \(reply.head.source)") }
/// ```
public enum ResponseSource: Sendable, Hashable, CustomStringConvertible {
    /// The server sent the whole reply (no cache, a miss, or a changed resource).
    case network
    /// A stored reply, still fresh: no request was sent.
    case cache
    /// A stored reply the server confirmed with `304 Not Modified`: only the head travelled.
    case revalidated
    /// A stored reply past its freshness, served anyway for the reason given.
    case stale(StaleReason)

    /// Why a stale reply was served.
    public enum StaleReason: Sendable, Hashable, CustomStringConvertible {
        /// The server could not be reached or answered with a server error (`stale-if-error`,
        /// or ``HTTPCachePolicy/staleIfOffline``).
        case networkFailed
        /// It is being revalidated in the background (`stale-while-revalidate`).
        case revalidating
        /// The endpoint's policy prefers the store to the network (``HTTPCachePolicy/preferCache``).
        case preferredByPolicy

        /// A few words, for logs.
        public var description: String {
            switch self {
            case .networkFailed: "the network failed"
            case .revalidating: "revalidating in the background"
            case .preferredByPolicy: "the policy prefers the cache"
            }
        }
    }

    /// A few words, for logs: `network`, `cache`, `revalidated`, `stale (the network failed)`.
    public var description: String {
        switch self {
        case .network: "network"
        case .cache: "cache"
        case .revalidated: "revalidated"
        case .stale(let reason): "stale (\(reason))"
        }
    }
}
