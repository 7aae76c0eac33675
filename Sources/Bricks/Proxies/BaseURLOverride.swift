import Foundation

/// The same endpoint sent to another server: staging, a local test server, a regional mirror.
///
/// ```swift
/// let user = try await session.send(GetUser(login: "octocat").with(baseURL: "https://staging.example.com/v3"))
/// ```
///
/// It re-points the base's head: the scheme, authority and the start of the path and query that
/// came from the base's ``RequestType/baseURL`` are replaced by the new base URL's, and the rest
/// (path, query, headers, body, and pages reached through a `Link` header) is kept. The new base
/// URL is checked as any base URL is, when the request is built.
public struct BaseURLOverride<Base: RequestContextType>: RequestProxy {
    /// The wrapped request.
    public var base: Base
    /// The server and path prefix used instead of the base's, as text.
    public let baseURL: String

    /// Wraps `base`, sending it to `baseURL` instead of its own.
    public init(base: Base, baseURL: some BaseURLConvertible) {
        self.base = base
        self.baseURL = baseURL.baseURLString
    }

    /// The base's head, sent to ``baseURL``.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when ``baseURL`` is not an http(s) URL with a
    ///   host; otherwise what the base throws.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        // Read once, with the same checks as any base URL, before the base's own.
        let newBase = try URLParts(baseURL, what: "baseURL", trimmingPath: true)
        var head = try base.makeRequestHead(body: body)
        try head.rebase(from: base.baseURL.baseURLString, to: newBase)
        return head
    }
}

extension BaseURLOverride: PaginatedRequestType where Base: PaginatedRequestType {}

extension RequestContextType {
    /// This request sent to `baseURL` instead of its own: the same endpoint on another server.
    /// - Parameter baseURL: the new server and path prefix, as text (`"http://127.0.0.1:8080"`) or
    ///   a `URL`; checked when the request is built.
    public func with(baseURL: some BaseURLConvertible) -> BaseURLOverride<Self> {
        BaseURLOverride(base: self, baseURL: baseURL)
    }
}

/// Sendable when the wrapped request is, so that the proxy of a `Sendable` endpoint is decoded
/// away from the caller's actor as the endpoint itself would be.
extension BaseURLOverride: Sendable where Base: Sendable {}
