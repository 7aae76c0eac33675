import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A pagination strategy: the next page is the `rel="next"` target of the reply's `Link` header
/// (RFC 8288), as GitHub and many REST APIs send it.
///
/// The endpoint declares where to keep the link, starting at `nil` for the first page:
///
/// ```swift
/// struct ListIssues: GitHubRequest, LinkHeaderPaginatedRequestType, JSONResponseType {
///     typealias Response = [Issue]
///     let owner: String, repo: String
///     var pageLink: String?
///     var pathSegments: [String] { ["repos", owner, repo, "issues"] }
///     var queryItems: [URLQueryItem] { [URLQueryItem(name: "per_page", value: "100")] }
/// }
/// ```
///
/// Safety: a link is followed only when it points to the same origin (scheme, host and port) as the
/// page that carried it; a link to another origin fails with ``BricksError/Reason/invalidURL(_:)``, so a
/// server cannot make the client send its credentials elsewhere. Only the link's path and query
/// are kept (in ``pageLink``), and the next request goes to the origin of the endpoint's own
/// ``RequestType/baseURL``, with its method and headers; the endpoint's path and query items are
/// replaced by the link's. A link that names the page just fetched ends the paging.
public protocol LinkHeaderPaginatedRequestType: PaginatedRequestType {
    /// The page to fetch instead of the endpoint's own path and query: the path and query
    /// (percent-encoded, starting with `/`) of the previous page's `rel="next"` link. `nil` for
    /// the first page.
    var pageLink: String? { get set }
}

extension LinkHeaderPaginatedRequestType {
    /// This request with ``pageLink`` set to the path and query of the reply's `rel="next"` link,
    /// or `nil` when there is none (the last page).
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when the link is not a URL or points to another
    ///   origin than the page that carried it.
    public func nextRequest(after response: Response, head: ResponseHead) throws -> Self? {
        // `<>` names the page itself: the end.
        let link = head.value(forHTTPHeaderField: "Link").flatMap { LinkHeader($0).link(withRelation: "next") }
        return try PageLink.request(self, \.pageLink, following: link?.target, carriedBy: head.url, what: "the rel=\"next\" link")
    }

    /// The endpoint's head, sent to ``pageLink`` on the origin of
    /// ``RequestType/baseURL`` when it is set.
    /// - Throws: ``BricksError`` as ``RequestType/makeRequestHead(body:)``, and
    ///   ``BricksError/Reason/invalidURL(_:)`` for a ``pageLink`` that is not a path and query.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        try PageLink.head(for: self, body: body, pageLink: pageLink)
    }
}
