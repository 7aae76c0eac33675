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
/// copy to `next`.
public struct RequestContext: Sendable {
    /// The endpoint's type, such as `SearchRepositories.self`.
    public let endpointType: any Any.Type
    /// The endpoint's method.
    public let method: HTTPMethod
    /// Whether the request may be repeated or merged safely. Starts as the method's idempotency;
    /// an endpoint or middleware may set it to opt in to retries of, say, a `POST` with an
    /// idempotency key.
    public var isIdempotent: Bool
    /// Which attempt this is, from 1. Retrying middleware raises it before calling `next` again.
    public var attempt: Int
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    /// Makes a context for a request of `endpointType` sent with `method`.
    public init(endpointType: any Any.Type, method: HTTPMethod, isIdempotent: Bool? = nil, attempt: Int = 1) {
        self.endpointType = endpointType
        self.method = method
        self.isIdempotent = isIdempotent ?? method.isIdempotent
        self.attempt = attempt
    }

    /// The endpoint's type name, such as `"SearchRepositories"`.
    public var endpointName: String { String(describing: endpointType) }

    /// The value stored for `key`, or its default.
    public subscript<Key: RequestContextKey>(key: Key.Type) -> Key.Value {
        get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
