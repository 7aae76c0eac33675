import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A pagination strategy: each page's body names the URL of the next page, as Django REST
/// framework's `{"count": …, "next": "https://…/projects/?page=2", "results": […]}` does (and
/// HAL's `_links.next.href`). `nil` or an empty link ends the paging.
///
/// ```swift
/// struct ListProjects: LabelStudioRequest, BodyLinkPaginatedRequestType, JSONResponseType {
///     typealias Response = ProjectPage        // { "next": "…?page=2", "results": […] }
///     var pageLink: String?
///     var path: String { "/api/projects/" }
///     func nextPageLink(in page: ProjectPage) -> String? { page.next }
/// }
/// ```
///
/// Safety, as for ``LinkHeaderPaginatedRequestType``: a link is followed only within the origin
/// of the page that carried it (another origin fails with ``BricksError/Reason/invalidURL(_:)``,
/// so a server cannot make the client send its credentials elsewhere); only its path and query
/// are kept, and the next request goes to the origin of the endpoint's own
/// ``RequestType/baseURL``. A link that names the page just fetched ends the paging.
public protocol BodyLinkPaginatedRequestType: PaginatedRequestType {
    /// The page to fetch instead of the endpoint's own path and query: the path and query of the
    /// previous page's link. `nil` for the first page.
    var pageLink: String? { get set }
    /// The URL of the page after `response`, as its body writes it (absolute, or relative to the
    /// page); `nil` or empty on the last page.
    func nextPageLink(in response: Response) -> String?
}

extension BodyLinkPaginatedRequestType {
    /// This request with ``pageLink`` set to the path and query of the body's next-page link, or
    /// `nil` when there is none (the last page).
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when the link is not a URL or points to another
    ///   origin than the page that carried it.
    public func nextRequest(after response: Response, head: ResponseHead) throws -> Self? {
        try PageLink.request(self, \.pageLink, following: nextPageLink(in: response), carriedBy: head.url, what: "the next-page link")
    }

    /// The endpoint's head, sent to ``pageLink`` on the origin of ``RequestType/baseURL`` when it
    /// is set.
    /// - Throws: ``BricksError`` as ``RequestType/makeRequestHead(body:)``, and
    ///   ``BricksError/Reason/invalidURL(_:)`` for a ``pageLink`` that is not a path and query.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        try PageLink.head(for: self, body: body, pageLink: pageLink)
    }
}
