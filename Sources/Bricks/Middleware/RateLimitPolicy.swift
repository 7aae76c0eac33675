/// How ``RateLimitMiddleware`` paces the requests to each host, beyond what the servers' own
/// rate-limit fields say.
///
/// ```swift
/// var policy = RateLimitPolicy.github            // 100 concurrent requests, 1 s between writes
/// policy.maximumWait = .seconds(10)
/// let limits = RateLimitMiddleware(policy)
/// ```
public struct RateLimitPolicy: Sendable {
    /// The most requests in flight to one host at a time, or `nil` for no cap.
    public var maximumConcurrentRequestsPerHost: Int?
    /// The least time between the starts of two writes to one host (``writeMethods``), so that
    /// an API that asks for it (GitHub: one second) is not hit by a burst of writes.
    public var writeSpacing: Duration
    /// The methods that count as writes for ``writeSpacing``. Default: `POST`, `PUT`, `PATCH`,
    /// `DELETE`, the ones GitHub names.
    public var writeMethods: Set<HTTPMethod>
    /// The longest the middleware waits for a budget to return or a `Retry-After` to pass. A
    /// longer wait fails the call at once, with ``BricksError/Reason/rateLimited(until:why:)``,
    /// rather than hold it silently (GitHub's hourly budget resets up to an hour later).
    public var maximumWait: Duration
    /// Whether a host's first request, and the first after its budget window resets, goes alone
    /// until its reply tells the budget. Without it, a burst to a fresh host is sent before the
    /// host can say how much it allows. A host whose replies give no budget is never held so.
    public var learnsBudgetFirst: Bool

    /// Makes a policy.
    /// - Parameters:
    ///   - maximumConcurrentRequestsPerHost: the most requests in flight to one host. Default:
    ///     no cap.
    ///   - writeSpacing: the least time between two writes to one host. Default: none.
    ///   - writeMethods: the methods that count as writes. Default: `POST`, `PUT`, `PATCH`, `DELETE`.
    ///   - maximumWait: the longest wait before a call fails instead. Default: 60 s.
    ///   - learnsBudgetFirst: whether a host's first request goes alone. Default: `true`.
    public init(
        maximumConcurrentRequestsPerHost: Int? = nil, writeSpacing: Duration = .zero,
        writeMethods: Set<HTTPMethod> = [.post, .put, .patch, .delete], maximumWait: Duration = .seconds(60),
        learnsBudgetFirst: Bool = true
    ) {
        self.maximumConcurrentRequestsPerHost = maximumConcurrentRequestsPerHost
        self.writeSpacing = writeSpacing
        self.writeMethods = writeMethods
        self.maximumWait = maximumWait
        self.learnsBudgetFirst = learnsBudgetFirst
    }

    /// Honours the servers' rate-limit fields, with no cap of its own.
    public static let `default` = RateLimitPolicy()

    /// What GitHub's REST API asks of clients: at most 100 concurrent requests, and a second
    /// between writes, on top of its `X-RateLimit-*` and `Retry-After` fields.
    public static let github = RateLimitPolicy(maximumConcurrentRequestsPerHost: 100, writeSpacing: .seconds(1))
}
