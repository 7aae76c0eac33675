import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request that wraps another and changes one thing about it, such as a header, the server or
/// the timeout, while forwarding everything else.
///
/// Every requirement of ``RequestType`` and ``ResponseType`` is forwarded to ``base`` by default,
/// including `Response` and `APIError`, so a proxy of a proxy works and a proxy decodes and fails
/// exactly as its base does. ``RequestType/makeRequestHead(body:)`` starts from the base's own
/// head, so a base that customises it (signing, say) keeps its customisation.
///
/// A proxy states its change once, in ``RequestType/makeRequestHead(body:)`` (or
/// ``RequestType/makeRequestBody()`` for the body), by editing what its base builds; its other
/// properties describe the base. What a request sends is the head it builds, whatever its
/// properties say.
///
/// ```swift
/// nonisolated struct Traced<Base: RequestContextType>: RequestProxy {
///     var base: Base
///     let traceID: String
///     func makeRequestHead(body: RequestBody?) throws -> RequestHead {
///         var head = try base.makeRequestHead(body: body)
///         head.headerFields["X-Trace"] = traceID
///         return head
///     }
/// }
/// ```
///
/// A proxy is paginated when its base is: add `extension Traced: PaginatedRequestType where Base:
/// PaginatedRequestType {}` and the next page is the base's next page, wrapped the same way.
public protocol RequestProxy: RequestContextType
where Response == Base.Response, APIError == Base.APIError {
    /// The type of the wrapped request.
    associatedtype Base: RequestContextType
    /// The wrapped request. Settable so that a paginated proxy can move on to the base's next page.
    var base: Base { get set }
}

// Forwarding of every requirement of `RequestType` and `ResponseType`, in their order; the per-call
// settings' forwarders are beside their requirements' defaults (RequestType.swift,
// ResponseType.swift), so that a setting is declared in one file. The session reads an endpoint's
// settings from its requirements on the endpoint as sent, so a requirement without a forwarder
// would silently take the default through any proxy: `CallSettingsMatrixTests` fails for a built-in
// setting that does not arrive through each proxy.
extension RequestProxy {
    // MARK: RequestType

    /// The base's method.
    public var method: HTTPMethod { base.method }
    /// The base's base URL.
    public var baseURL: Base.BaseURL { base.baseURL }
    /// The base's path.
    public var path: String { base.path }
    /// The base's path segments.
    public var pathSegments: [String] { base.pathSegments }
    /// The base's query items.
    public var queryItems: [URLQueryItem] { base.queryItems }
    /// The base's header fields.
    public var headerFields: [String: String] { base.headerFields }
    /// The base's endpoint-level header fields.
    public var additionalHeaderFields: [String: String] { base.additionalHeaderFields }
    /// The base's query items from typed parameters.
    /// - Throws: what the base's ``RequestType/encodedQueryItems()`` throws.
    public func encodedQueryItems() throws -> [URLQueryItem] { try base.encodedQueryItems() }
    /// The base's body.
    /// - Throws: what the base's ``RequestType/makeRequestBody()`` throws.
    public func makeRequestBody() throws -> RequestBody? { try base.makeRequestBody() }
    /// The base's context values, then nothing of this proxy's own: a proxy that gives values of
    /// its own implements this, calling `base.configure(&context)` first.
    public func configure(_ context: inout CallContext) { base.configure(&context) }
    /// The base's head, unchanged. A proxy that changes the request overrides this and applies
    /// its change to `base.makeRequestHead(body:)`.
    /// - Throws: what the base's ``RequestType/makeRequestHead(body:)`` throws.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead { try base.makeRequestHead(body: body) }

    // MARK: ResponseType

    /// Decodes the reply as the base does.
    /// - Throws: what the base's ``ResponseType/decode(_:response:)`` throws.
    public func decode(_ data: Data, response: ResponseHead) throws -> Response {
        try base.decode(data, response: response)
    }
    /// Decodes the error body as the base does.
    /// - Throws: what the base's ``ResponseType/decodeAPIError(from:response:)`` throws.
    public func decodeAPIError(from data: Data, response: ResponseHead) throws -> APIError {
        try base.decodeAPIError(from: data, response: response)
    }
    /// Maps statuses as the base does.
    public func error(forStatus status: Int, data: Data, response: ResponseHead) -> (any Error)? {
        base.error(forStatus: status, data: data, response: response)
    }
}

extension RequestProxy where Self: PaginatedRequestType, Base: PaginatedRequestType {
    /// The base's next page, wrapped in this proxy: the proxy's change applies to every page.
    /// - Throws: what the base's ``PaginatedRequestType/nextRequest(after:head:)`` throws.
    public func nextRequest(after response: Response, head: ResponseHead) throws -> Self? {
        guard let nextBase = try base.nextRequest(after: response, head: head) else { return nil }
        var next = self
        next.base = nextBase
        return next
    }
}
