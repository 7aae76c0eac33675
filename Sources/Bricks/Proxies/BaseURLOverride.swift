import Foundation

/// The same endpoint sent to another server: staging, a local test server, a regional mirror.
///
/// ```swift
/// let staging = URL(string: "https://staging.example.com/v3")!
/// let user = try await session.send(GetUser(login: "octocat").with(baseURL: staging))
/// ```
///
/// It re-points the base's head: the scheme, authority and the start of the path and query that
/// came from the base's ``RequestType/baseURL`` are replaced by the new base URL's, and the rest
/// (path, query, headers, body, and pages reached through a `Link` header) is kept.
public struct BaseURLOverride<Base: RequestContextType>: RequestProxy {
    /// The wrapped request.
    public var base: Base
    /// The server and path prefix used instead of the base's.
    public let baseURL: URL

    /// Wraps `base`, sending it to `baseURL` instead of its own.
    public init(base: Base, baseURL: URL) {
        self.base = base
        self.baseURL = baseURL
    }

    /// The base's head, sent to ``baseURL``.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when ``baseURL`` is not an http(s) URL with a
    ///   host; otherwise what the base throws.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        // Read once, with the same checks as any base URL, before the base's own.
        let newBase = try URLParts(baseURL.absoluteString, what: "baseURL", trimmingPath: true)
        var head = try base.makeRequestHead(body: body)
        try head.rebase(from: base.baseURL, to: newBase, madeFrom: baseURL)
        return head
    }
}

extension BaseURLOverride: PaginatedRequestType where Base: PaginatedRequestType {}

extension RequestContextType {
    /// This request sent to `baseURL` instead of its own: the same endpoint on another server.
    public func with(baseURL: URL) -> BaseURLOverride<Self> {
        BaseURLOverride(base: self, baseURL: baseURL)
    }
}

/// Sendable when the wrapped request is, so that the proxy of a `Sendable` endpoint is decoded
/// away from the caller's actor as the endpoint itself would be.
extension BaseURLOverride: Sendable where Base: Sendable {}
