/// What an endpoint tells the ``Session`` and its middleware besides its request: its response
/// size limit, cache policy and secret header names, and the settings of middleware of your own.
///
/// The session reads an endpoint's ``RequestContextType/options`` once per call and hands them
/// down the stack; a proxy forwards them whole, so a setting added here reaches every middleware
/// through any proxy. A middleware of your own reads its setting with the same key it keeps in the
/// ``MiddlewareContext``:
///
/// ```swift
/// nonisolated enum SampleRate: MiddlewareContextKey { static let defaultValue = 1.0 }
///
/// struct GetFeed: APIRequest, GETRequestType, JSONResponseType {
///     typealias Response = Feed
///     var path: String { "/feed" }
///     var options: EndpointOptions { EndpointOptions(of: self).setting(SampleRate.self, to: 0.1) }
/// }
/// // In the middleware: context[SampleRate.self] is 0.1 for GetFeed, 1.0 for any other.
/// ```
public struct EndpointOptions: Sendable {
    /// The largest body accepted, or `nil` for the session's limit
    /// (``ResponseType/maximumResponseSize``).
    public var maximumResponseSize: Int?
    /// How ``HTTPCacheMiddleware`` treats the call (``RequestType/httpCachePolicy``).
    public var httpCachePolicy: HTTPCachePolicy
    /// The API's own secret header names (``RequestType/secretHeaderNames``).
    public var secretHeaderNames: Set<String>
    /// The values of middleware of your own, seeded into the ``MiddlewareContext``.
    var values: [ObjectIdentifier: any Sendable] = [:]

    /// The options an endpoint states through its requirements: ``ResponseType/maximumResponseSize``,
    /// ``RequestType/httpCachePolicy`` and ``RequestType/secretHeaderNames``; no values of your own.
    public init<Request: RequestContextType>(of endpoint: Request) {
        maximumResponseSize = endpoint.maximumResponseSize
        httpCachePolicy = endpoint.httpCachePolicy
        secretHeaderNames = endpoint.secretHeaderNames
    }

    /// These options (a proxy's base's) with what `proxy` states itself: a size limit or cache
    /// policy other than its base's, and its secret header names added.
    func overridden<Proxy: RequestProxy>(by proxy: Proxy) -> EndpointOptions {
        var options = self
        if proxy.maximumResponseSize != proxy.base.maximumResponseSize {
            options.maximumResponseSize = proxy.maximumResponseSize
        }
        if proxy.httpCachePolicy != proxy.base.httpCachePolicy { options.httpCachePolicy = proxy.httpCachePolicy }
        options.secretHeaderNames.formUnion(proxy.secretHeaderNames)
        return options
    }

    /// The value for `key` that middleware will find in the context, or the key's default.
    public subscript<Key: MiddlewareContextKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    /// These options with `value` for `key`.
    public func setting<Key: MiddlewareContextKey>(_ key: Key.Type, to value: Key.Value) -> EndpointOptions {
        var options = self
        options[key] = value
        return options
    }
}
