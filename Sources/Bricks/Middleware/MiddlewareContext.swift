import Foundation

/// A key for a value that middleware stores in a ``MiddlewareContext`` to cooperate.
///
/// ```swift
/// enum TraceID: MiddlewareContextKey { static let defaultValue = "" }
/// context[TraceID.self] = "abc"
/// ```
public protocol MiddlewareContextKey {
    /// The type of the stored value.
    associatedtype Value: Sendable
    /// The value read when none has been stored.
    static var defaultValue: Value { get }
}

/// What middleware knows about a request beyond its head and body.
///
/// A value passed down the stack with the request: a middleware that changes it passes the changed
/// copy to `next`, so changes flow towards the transport, never back up.
public struct MiddlewareContext: Sendable {
    /// The endpoint's type as sent, such as `SearchRepositories.self` or
    /// `TimeoutOverride<SearchRepositories>.self`. See ``endpointName`` for its own name.
    public let endpointType: any Any.Type
    /// Whether the request may be repeated or merged safely. Starts as the method's idempotency,
    /// or `true` when the request carries an `Idempotency-Key` header; a middleware may set it to
    /// opt a request in to retries.
    public var isIdempotent: Bool
    /// Which attempt this is, from 1. Retrying middleware raises it before calling `next` again.
    public var attempt: Int
    /// When the whole call, retries included, must be over, or `nil` for no limit.
    ///
    /// ``Session`` sets it from its `overallTimeout`; a middleware may set or shorten it for the
    /// layers below. ``RetryMiddleware`` never waits past it, and each attempt gives up by then:
    /// either way the call fails with ``BricksError/Reason/timedOut(after:)``.
    public var deadline: ContinuousClock.Instant?
    /// How the caller reads the body: whole (``TransportContext/BodyMode/collected``, `send`) or as
    /// a stream (``TransportContext/BodyMode/streamed``: events, downloads). A streamed body reaches
    /// middleware unread: read it only if you hand on a replacement. The same value the transport
    /// gets, under the same name.
    public internal(set) var bodyMode: TransportContext.BodyMode
    /// The lowercased names of the header fields whose values are secrets: Bricks' own
    /// (``SecretNames/headerFields``) and the endpoint's API's (``RequestType/secretHeaderNames``).
    /// Middleware that logs, stores or forwards headers hides them.
    public internal(set) var secretHeaderNames: Set<String> = SecretNames.lowercasedHeaderFields
    /// How ``HTTPCacheMiddleware`` treats this call: the endpoint's ``EndpointOptions/httpCachePolicy``.
    public internal(set) var httpCachePolicy: HTTPCachePolicy = .standard
    /// The largest body this call accepts, decided once when the call is prepared: the endpoint's
    /// own (``ResponseType/maximumResponseSize``), else none for a streamed call (it may be
    /// long-lived) and the session's ``ResponseLimits/maximumBodySize`` for a whole one.
    var maximumBodySize = ResponseLimits.defaultMaximumBodySize
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    /// Makes a context for a request of `endpointType` (a middleware's tests make one).
    /// - Parameters:
    ///   - endpointType: the endpoint's type.
    ///   - isIdempotent: whether it may be repeated.
    ///   - attempt: the attempt number, from 1.
    ///   - deadline: when the whole call must be over; default: no limit.
    public init(
        endpointType: any Any.Type, isIdempotent: Bool, attempt: Int = 1, deadline: ContinuousClock.Instant? = nil
    ) {
        self.endpointType = endpointType
        self.isIdempotent = isIdempotent
        self.attempt = attempt
        self.deadline = deadline
        self.bodyMode = .collected
    }

    /// The endpoint's own type name, such as `"SearchRepositories"`: a proxy's name is its
    /// innermost endpoint's (`TimeoutOverride<AuthorizedRequest<GetUser>>` reads `"GetUser"`).
    public var endpointName: String { EndpointName.of(endpointType) }

    /// The time left before ``deadline``, or `nil` when there is no deadline. Negative once it
    /// has passed.
    public var timeRemaining: Duration? {
        deadline.map { ContinuousClock.now.duration(to: $0) }
    }

    /// Takes the endpoint's settings: its cache policy, its secret header names (with Bricks'
    /// own), and the values of middleware of your own.
    mutating func seed(with options: EndpointOptions) {
        httpCachePolicy = options.httpCachePolicy
        if !options.secretHeaderNames.isEmpty {
            secretHeaderNames = SecretNames.headerFields(adding: options.secretHeaderNames)
        }
        if !options.values.isEmpty { storage.merge(options.values) { _, endpoint in endpoint } }
    }

    /// The value stored for `key`, or its default: set by a middleware above, or by the endpoint's
    /// ``RequestContextType/options``.
    public subscript<Key: MiddlewareContextKey>(key: Key.Type) -> Key.Value {
        get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    /// The call, for errors: the endpoint's name, the method and the redacted URL of `request`, or
    /// of the URL that answered when a redirect led elsewhere.
    func summary(of request: RequestHead, answeredBy head: ResponseHead? = nil) -> RequestSummary {
        guard let head else { return RequestSummary(endpoint: endpointName, request: request) }
        return RequestSummary(endpoint: endpointName, method: request.method.rawValue, url: head.url)
    }
}

/// The name of an endpoint's own type, looking through proxies.
enum EndpointName {
    static func of(_ type: any Any.Type) -> String {
        String(describing: innermost(type))
    }

    private static func innermost(_ type: any Any.Type) -> any Any.Type {
        guard let proxy = type as? any RequestProxy.Type else { return type }
        return base(of: proxy)
    }

    private static func base<Proxy: RequestProxy>(of _: Proxy.Type) -> any Any.Type {
        innermost(Proxy.Base.self)
    }
}
