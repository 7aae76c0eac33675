import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The same endpoint sent to another server: staging, a local test server, a regional mirror.
///
/// ```swift
/// let staging = URL(string: "https://staging.example.com/v3")!
/// let user = try await session.send(GetUser(login: "octocat").with(baseURL: staging))
/// ```
///
/// It re-points the base's finished `URLRequest`: the start of its URL that came from the base's
/// ``RequestType/baseURL`` is replaced by the new base URL, and the rest (path, query, headers,
/// body, and pages reached through a `Link` header) is kept.
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

    /// The base's `URLRequest`, sent to ``baseURL``.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when ``baseURL`` is not an http(s) URL with a
    ///   host, or when the base built a URL that does not start with its own base URL; otherwise
    ///   what the base throws.
    public func makeURLRequest() throws -> URLRequest {
        _ = try URLBuilder.url(base: baseURL, path: "", segments: [], query: [])  // the same checks as any base URL
        var request = try base.makeURLRequest()
        if let linked = base as? any LinkHeaderPaginatedRequestType, let pageLink = linked.pageLink {
            // A later page's link came from a response of this override's server: it already holds
            // the full path there (a prefix such as `/api/v3` included), so it goes on the new origin
            // as it is, not re-pointed (which would add the prefix twice).
            request.url = try PageLink.url(for: pageLink, on: baseURL)
            return request
        }
        guard let url = request.url else { throw BricksError.invalidURL("the base request has no URL to re-point") }
        request.url = try Self.repoint(url, from: base.baseURL, to: baseURL)
        return request
    }

    /// `url` with the part that came from `old` replaced by `new`; any query of `old` at the start
    /// of the query is replaced by `new`'s.
    static func repoint(_ url: URL, from old: URL, to new: URL) throws(BricksError) -> URL {
        let (oldPrefix, oldQuery) = split(old)
        let (newPrefix, newQuery) = split(new)
        let string = url.absoluteString
        var rest = Substring(string)
        guard rest.hasPrefix(oldPrefix) else {
            throw .invalidURL(
                "with(baseURL:) cannot re-point \"\(string)\": it does not start with the base's baseURL \"\(oldPrefix)\"")
        }
        rest = rest.dropFirst(oldPrefix.count)
        guard rest.isEmpty || ["/", "?", "#"].contains(rest.first) else {
            throw .invalidURL(
                "with(baseURL:) cannot re-point \"\(string)\": it does not start with the base's baseURL \"\(oldPrefix)\"")
        }
        var fragment = Substring()
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[hash...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        if let oldQuery, var remaining = query, remaining.hasPrefix(oldQuery) {
            remaining = remaining.dropFirst(oldQuery.count)
            if remaining.first == "&" { remaining = remaining.dropFirst() }
            query = remaining
        }
        if let newQuery {
            query = query.map { $0.isEmpty ? newQuery : newQuery + "&" + $0 } ?? newQuery
        }
        let result = newPrefix + rest + (query.map { "?" + $0 } ?? "") + fragment
        guard let repointed = URL(string: result) else { throw .invalidURL("\"\(result)\" is not a valid URL") }
        return repointed
    }

    /// A base URL's text before its query and fragment, without trailing slashes, and its query
    /// when it has a non-empty one.
    private static func split(_ base: URL) -> (prefix: String, query: Substring?) {
        var string = Substring(base.absoluteString)
        if let hash = string.firstIndex(of: "#") { string = string[..<hash] }
        var query: Substring?
        if let mark = string.firstIndex(of: "?") {
            let text = string[string.index(after: mark)...]
            query = text.isEmpty ? nil : text
            string = string[..<mark]
        }
        while string.hasSuffix("/") { string = string.dropLast() }
        return (String(string), query)
    }
}

extension BaseURLOverride: PaginatedRequestType where Base: PaginatedRequestType {}

extension RequestContextType {
    /// This request sent to `baseURL` instead of its own: the same endpoint on another server.
    public func with(baseURL: URL) -> BaseURLOverride<Self> {
        BaseURLOverride(base: self, baseURL: baseURL)
    }
}
