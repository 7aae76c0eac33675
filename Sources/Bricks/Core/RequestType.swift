import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request half of an endpoint: everything needed to build its `URLRequest`.
///
/// Every requirement has a default, so an endpoint states only what differs. Method mixins
/// (``GETRequestType``, ``POSTRequestType``, …) fix ``method``; body mixins
/// (``JSONBodyRequestType``, …) supply ``httpBody()`` and ``contentType``; an app-wide
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
/// ``makeURLRequest()`` never crashes: any input it cannot turn into a valid request comes back as
/// a ``BricksError``.
public protocol RequestType: Sendable {
    /// The HTTP method. Default: `GET`.
    var method: HTTPMethod { get }
    /// The server and path prefix every path is appended to, such as `https://api.example.com/v3`.
    var baseURL: URL { get }
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
    /// Header fields of the request. They override the body's ``contentType``. Default: empty.
    var headerFields: [String: String] { get }
    /// The `Content-Type` of the encoded body, set unless ``headerFields`` names one. Body mixins
    /// provide it. Default: `nil`.
    var contentType: String? { get }
    /// The timeout in seconds; fractions are honoured. Default: 60.
    var timeoutInterval: TimeInterval { get }
    /// The cache policy of the `URLRequest`. Default: `.useProtocolCachePolicy`.
    var cachePolicy: URLRequest.CachePolicy { get }
    /// The encoded body, or `nil` for none. Body mixins implement it from their typed `body`.
    /// - Throws: ``BricksError/bodyEncoding(_:)`` when the body cannot be encoded.
    func httpBody() throws -> Data?
    /// Builds the `URLRequest` from the requirements above.
    /// - Throws: ``BricksError`` for a URL, header, body or method that cannot be sent.
    func makeURLRequest() throws -> URLRequest
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
    /// No header fields.
    public var headerFields: [String: String] { [:] }
    /// No content type: only body mixins set one.
    public var contentType: String? { nil }
    /// 60 seconds, as `URLRequest`.
    public var timeoutInterval: TimeInterval { 60 }
    /// `.useProtocolCachePolicy`, as `URLRequest`.
    public var cachePolicy: URLRequest.CachePolicy { .useProtocolCachePolicy }
    /// No body.
    public func httpBody() throws -> Data? { nil }

    /// Builds the `URLRequest`: URL from ``baseURL``, ``path``, ``pathSegments`` and
    /// ``queryItems``; then method, timeout, cache policy, body with its ``contentType``, and
    /// ``headerFields`` (which win over the content type).
    ///
    /// - Throws: ``BricksError/invalidURL(_:)``, ``BricksError/invalidHeader(name:reason:)``,
    ///   ``BricksError/invalidRequest(_:)`` or ``BricksError/bodyEncoding(_:)``.
    public func makeURLRequest() throws -> URLRequest {
        try RequestBuilder.makeURLRequest(for: self)
    }
}
