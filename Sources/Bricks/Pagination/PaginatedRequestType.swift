import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An endpoint whose reply is one page of many: it knows how to make the request for the next page
/// from the page it just received.
///
/// Adopt a ready strategy rather than this protocol alone: ``LinkHeaderPaginatedRequestType``
/// (RFC 8288 `Link: <…>; rel="next"`, as GitHub), ``PageNumberPaginatedRequestType``
/// (`page`/`per_page`), ``CursorPaginatedRequestType`` (a cursor in the body),
/// ``NextPageHeaderPaginatedRequestType`` (`X-Next-Page`) or ``BodyLinkPaginatedRequestType``
/// (the next page's URL in the body, as Django REST framework's `next`). Then walk the pages with
/// ``Session/pages(of:)``, collect them with ``Session/all(of:limit:)``, or fetch one at a time
/// with ``Session/page(for:)``.
///
/// ```swift
/// struct ListIssues: GitHubRequest, LinkHeaderPaginatedRequestType, JSONResponseType {
///     typealias Response = [Issue]
///     let owner: String, repo: String
///     var pageLink: String?
///     var pathSegments: [String] { ["repos", owner, repo, "issues"] }
/// }
/// for try await issues in session.pages(of: ListIssues(owner: "apple", repo: "swift")) { show(issues) }
/// ```
public protocol PaginatedRequestType: RequestContextType {
    /// The request for the page after `response`, or `nil` when `response` is the last page.
    /// - Parameters:
    ///   - response: the decoded page just received.
    ///   - head: its status and header fields.
    /// - Throws: an error when the reply names a next page that cannot be followed, such as a
    ///   `Link` to another origin.
    func nextRequest(after response: Response, head: ResponseHead) throws -> Self?
}
