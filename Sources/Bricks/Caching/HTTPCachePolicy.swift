/// How ``HTTPCacheMiddleware`` treats one endpoint, or one call: set ``RequestType/httpCachePolicy``
/// on the endpoint, or `.caching(_:)` on a call.
///
/// ```swift
/// struct GetRates: APIRequest, GETRequestType, JSONResponseType {
///     typealias Response = Rates
///     var path: String { "/rates" }
///     var httpCachePolicy: HTTPCachePolicy { .alwaysRevalidate }   // always ask, cheaply
/// }
/// let profile = try await session.send(GetProfile().caching(.staleIfOffline))
/// ```
public enum HTTPCachePolicy: Sendable, Hashable {
    /// RFC 9111: a fresh stored reply is served, a stale one revalidated, what the server allows
    /// is stored. The default.
    case standard
    /// Never stored, never served from the store: the call goes to the network as if there were
    /// no cache.
    case noStore
    /// A stored reply is served only after the server confirms it (`304 Not Modified`), however
    /// fresh: like `Cache-Control: no-cache`.
    case alwaysRevalidate
    /// A stored reply is served without asking the server, however stale; only a miss goes to the
    /// network. For data that changes rarely, or screens that show something at once.
    case preferCache
    /// As ``standard``, and when the network fails (no connection, a time-out, a 5xx) a stored
    /// reply is served however stale, as ``ResponseSource/stale(_:)`` with
    /// ``ResponseSource/StaleReason/networkFailed``: offline-first.
    case staleIfOffline
}

/// A request with its own ``HTTPCachePolicy`` for one call, without a new endpoint type.
///
/// ```swift
/// let feed = try await session.send(GetFeed().caching(.noStore))
/// ```
public struct CachePolicyOverride<Base: RequestContextType>: RequestProxy {
    /// The wrapped request.
    public var base: Base
    /// The policy for this call.
    public let httpCachePolicy: HTTPCachePolicy

    /// Wraps `base`, giving it `policy`.
    public init(base: Base, policy: HTTPCachePolicy) {
        self.base = base
        self.httpCachePolicy = policy
    }
}

extension CachePolicyOverride: PaginatedRequestType where Base: PaginatedRequestType {}

extension RequestContextType {
    /// This request with the cache policy `policy` for this call.
    public func caching(_ policy: HTTPCachePolicy) -> CachePolicyOverride<Self> {
        CachePolicyOverride(base: self, policy: policy)
    }
}
