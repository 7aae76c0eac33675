/// A key for a value that middleware stores in a ``RequestContext`` to cooperate.
///
/// ```swift
/// enum TraceID: RequestContextKey { static let defaultValue = "" }
/// context[TraceID.self] = "abc"
/// ```
public protocol RequestContextKey {
    /// The type of the stored value.
    associatedtype Value: Sendable
    /// The value read when none has been stored.
    static var defaultValue: Value { get }
}

/// What middleware knows about a request beyond the `URLRequest` itself.
///
/// A value passed down the stack with the request: a middleware that changes it passes the changed
/// copy to `next`, so changes flow towards the transport, never back up.
public struct RequestContext: Sendable {
    /// The endpoint's type, such as `SearchRepositories.self`.
    public let endpointType: any Any.Type
    /// The endpoint's method.
    public let method: HTTPMethod
    /// Whether the request may be repeated or merged safely. Starts as the method's idempotency,
    /// or `true` when the request carries an `Idempotency-Key` header; a middleware may set it to
    /// opt a request in to retries.
    public var isIdempotent: Bool
    /// Which attempt this is, from 1. Retrying middleware raises it before calling `next` again.
    public var attempt: Int
    /// When the whole call, retries included, must be over, or `nil` for no limit.
    ///
    /// ``Session`` sets it from its `overallTimeout`; a middleware may set or shorten it for the
    /// layers below. ``RetryMiddleware`` never waits past it, and each attempt's
    /// `timeoutInterval` is shortened so that the transport gives up by then: either way the
    /// call fails with ``BricksError/timedOut``.
    public var deadline: ContinuousClock.Instant?
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    /// Makes a context for a request of `endpointType` sent with `method`.
    /// - Parameters:
    ///   - endpointType: the endpoint's type.
    ///   - method: the request's method.
    ///   - isIdempotent: whether it may be repeated; default: the method's idempotency.
    ///   - attempt: the attempt number, from 1.
    ///   - deadline: when the whole call must be over; default: no limit.
    public init(
        endpointType: any Any.Type, method: HTTPMethod, isIdempotent: Bool? = nil, attempt: Int = 1,
        deadline: ContinuousClock.Instant? = nil
    ) {
        self.endpointType = endpointType
        self.method = method
        self.isIdempotent = isIdempotent ?? method.isIdempotent
        self.attempt = attempt
        self.deadline = deadline
    }

    /// The endpoint's type name, such as `"SearchRepositories"`.
    public var endpointName: String { String(describing: endpointType) }

    /// The time left before ``deadline``, or `nil` when there is no deadline. Negative once it
    /// has passed.
    public var timeRemaining: Duration? {
        deadline.map { ContinuousClock.now.duration(to: $0) }
    }

    /// The value stored for `key`, or its default.
    public subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value {
        get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
