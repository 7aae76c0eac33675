import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request half of an endpoint: everything needed to build its ``RequestHead`` and
/// ``RequestBody``.
///
/// Every requirement has a default, so an endpoint states only what differs. Method mixins
/// (``GETRequestType``, ``POSTRequestType``, …) fix ``method``; body mixins
/// (``JSONBodyRequestType``, …) supply ``makeRequestBody()``; an app-wide
/// ``BaseURLRequestType`` supplies ``baseURL`` and shared headers.
///
/// ```swift
/// struct GetUser: GitHubRequest, GETRequestType, JSONResponseType {
///     typealias Response = User
///     let login: String
///     var pathSegments: [String] { ["users", login] }
/// }
/// ```
///
/// ``makeRequestHead(body:)`` and ``makeRequestBody()`` never crash: any input they cannot turn
/// into a valid request comes back as a ``BricksError``.
public protocol RequestType {
    /// The type of ``baseURL``: `String` (checked by Bricks when a request is built) or `URL`.
    associatedtype BaseURL: BaseURLConvertible = URL
    /// The HTTP method. Default: `GET`.
    var method: HTTPMethod { get }
    /// The server and path prefix every path is appended to, such as `"https://api.example.com/v3"`.
    /// State it as text (`var baseURL: String { "https://api.example.com/v3" }`): Bricks checks
    /// it each time it builds a request, and a value that is not an absolute `http(s)` URL with a
    /// host fails the call with ``BricksError/Reason/invalidURL(_:)`` quoting it. A `URL` works too.
    var baseURL: BaseURL { get }
    /// A path appended to ``baseURL``, written unencoded (`"/search/repositories"`).
    /// Characters that cannot appear in a path, including `?`, `#`, `%` and spaces, are
    /// percent-encoded. Default: empty.
    var path: String { get }
    /// Path segments appended after ``path``, each percent-encoded as one segment: `"a/b"`, `".."`
    /// and `"?"` stay literal parts of a single segment. Prefer this for values from users.
    /// Default: empty.
    var pathSegments: [String] { get }
    /// Query items appended after any query in ``baseURL``, in order. Names and values are
    /// percent-encoded so that `&`, `=`, `+`, `#` and spaces arrive as written. Default: empty.
    var queryItems: [URLQueryItem] { get }
    /// Query items encoded from a typed value, appended after ``queryItems``.
    /// ``QueryParametersRequestType`` implements it with a ``QueryEncoder``. Default: none.
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` when the value cannot be encoded.
    func encodedQueryItems() throws -> [URLQueryItem]
    /// Header fields shared by every endpoint of an API; the app-wide protocol
    /// (``BaseURLRequestType``) usually provides them. They override the body's
    /// ``RequestBody/contentType``. Default: empty.
    ///
    /// Merge order, later wins, names compared case-insensitively: the body's content type <
    /// `headerFields` < ``additionalHeaderFields`` < a proxy's headers < middleware.
    var headerFields: [String: String] { get }
    /// Header fields of this endpoint, applied over ``headerFields`` so that an endpoint can add
    /// or replace headers without losing the ones its API protocol provides. Default: empty.
    var additionalHeaderFields: [String: String] { get }
    /// Names of this API's header fields that carry secrets (`X-Api-Key`, say), besides
    /// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie`. Declared once, on the
    /// app-wide protocol, they are never sent to another origin on a redirect and never logged.
    /// Default: none.
    var secretHeaderNames: Set<String> { get }
    /// The longest one exchange may take, in seconds; fractions are honoured. Default: 60.
    var timeoutInterval: TimeInterval { get }
    /// How ``HTTPCacheMiddleware`` treats this endpoint. Default: ``HTTPCachePolicy/standard``.
    var httpCachePolicy: HTTPCachePolicy { get }
    /// The body to send — bytes, a file or a stream, with its content type and, when known, its
    /// length — or `nil` for none. The one body requirement: body mixins
    /// (``JSONBodyRequestType``, ``FileBodyRequestType``, …) implement it from their typed
    /// `body`; an endpoint of your own returns a ``RequestBody``. Default: `nil`.
    /// - Throws: ``BricksError/Reason/bodyEncoding(_:)`` (or another ``BricksError``) when the body
    ///   cannot be encoded or opened; any other error is reported as `bodyEncoding`.
    func makeRequestBody() throws -> RequestBody?
    /// Builds the head from the requirements above, for `body` (which gives the
    /// `Content-Type`). A proxy implements it by editing its base's head.
    /// - Throws: ``BricksError`` for a URL, header, timeout or method that cannot be sent.
    func makeRequestHead(body: RequestBody?) throws -> RequestHead
    /// Gives the call's context what this endpoint tells middleware and transports besides its
    /// requirements: the values of your own ``CallContextKey``s, or ``CallContext/isIdempotent``
    /// for a request that may be repeated safely. ``Session`` calls it once per call, after reading
    /// the settings requirements into `context`. A proxy calls its base's first. Default: nothing.
    func configure(_ context: inout CallContext)
}

extension RequestType {
    /// `GET`, unless a method mixin says otherwise.
    public var method: HTTPMethod { .get }
    /// Empty: the endpoint lives at ``baseURL`` plus its ``pathSegments``.
    public var path: String { "" }
    /// Empty: the endpoint lives at ``baseURL`` plus its ``path``.
    public var pathSegments: [String] { [] }
    /// No query items.
    public var queryItems: [URLQueryItem] { [] }
    /// No encoded query items.
    public func encodedQueryItems() throws -> [URLQueryItem] { [] }
    /// No header fields.
    public var headerFields: [String: String] { [:] }
    /// No header fields of the endpoint's own.
    public var additionalHeaderFields: [String: String] { [:] }
    /// None beyond Bricks' own list.
    public var secretHeaderNames: Set<String> { [] }
    /// 60 seconds, as `URLRequest`.
    public var timeoutInterval: TimeInterval { 60 }
    /// ``HTTPCachePolicy/standard``.
    public var httpCachePolicy: HTTPCachePolicy { .standard }
    /// No body: only body mixins, or an endpoint of your own, send one.
    public func makeRequestBody() throws -> RequestBody? { nil }
    /// Nothing beyond the requirements.
    public func configure(_ context: inout CallContext) {}

    /// Builds the head: URL from ``baseURL``, ``path``, ``pathSegments``, ``queryItems`` and
    /// ``encodedQueryItems()``; then method, the body's ``RequestBody/contentType``, ``headerFields``
    /// and ``additionalHeaderFields`` (each winning over the one before).
    ///
    /// - Throws: ``BricksError/Reason/invalidURL(_:)``, ``BricksError/Reason/invalidHeader(name:reason:)``
    ///   or ``BricksError/Reason/invalidRequest(_:)``.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        try RequestBuilder.makeHead(for: self, body: body)
    }

    /// The endpoint as a Foundation `URLRequest`, for code that takes one (your own `URLSession`
    /// task, say). A body in memory is its `httpBody`, a file's its `httpBodyStream`; a body from
    /// any other stream is left out. ``Session`` never uses it: transports get the head and body.
    /// - Throws: as ``makeRequestBody()`` and ``makeRequestHead(body:)``.
    public func makeURLRequest() throws -> URLRequest {
        let body = try makeRequestBody()
        var request = try URLRequest(try makeRequestHead(body: body), body: body)
        request.timeoutInterval = try CallContext.checkedTimeout(timeoutInterval)
        return request
    }
}

// The per-call settings of `RequestType`, as a proxy reads them: its base's, unless the proxy states
// its own. Beside the defaults above, so that a built-in setting's requirement, default and
// forwarder are written in this one file (Docs/Architecture.md, "Adding a built-in setting").
extension RequestProxy {
    /// The base's secret header names.
    public var secretHeaderNames: Set<String> { base.secretHeaderNames }
    /// The base's timeout.
    public var timeoutInterval: TimeInterval { base.timeoutInterval }
    /// The base's HTTP cache policy.
    public var httpCachePolicy: HTTPCachePolicy { base.httpCachePolicy }
}
