import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A pagination strategy: each reply names the next page's number in a header (GitLab's
/// `X-Next-Page`, empty on the last page), and the request sends it as `page`.
///
/// ```swift
/// struct ListProjects: GitLabRequest, NextPageHeaderPaginatedRequestType, JSONResponseType {
///     typealias Response = [Project]
///     var page = 1
///     var path: String { "/projects" }
/// }
/// ```
///
/// A missing or empty header, or a number not above the current page, ends the paging.
public protocol NextPageHeaderPaginatedRequestType: PaginatedRequestType {
    /// The number of the page to fetch; the endpoint starts it at its API's first page.
    var page: Int { get set }
    /// The query parameter for ``page``. Default: `"page"`.
    var pageParameter: String { get }
    /// The response header that names the next page. Default: `"X-Next-Page"`.
    var nextPageHeader: String { get }
}

extension NextPageHeaderPaginatedRequestType {
    /// `"page"`.
    public var pageParameter: String { "page" }
    /// `"X-Next-Page"`.
    public var nextPageHeader: String { "X-Next-Page" }

    /// This request for the page the header names, or `nil` when it names none.
    /// - Throws: ``BricksError/Reason/decoding(_:bodyExcerpt:)`` when the header is not a page number.
    public func nextRequest(after response: Response, head: ResponseHead) throws -> Self? {
        guard let text = head.value(forHTTPHeaderField: nextPageHeader)?.trimmingSpaces(), !text.isEmpty
        else { return nil }
        guard let following = Int(text) else {
            let context = DecodingError.Context(
                codingPath: [], debugDescription: "the \(nextPageHeader) header \"\(text)\" is not a page number")
            throw BricksError(.decoding(DecodingError.dataCorrupted(context), bodyExcerpt: ""))
        }
        guard following > page else { return nil }
        var next = self
        next.page = following
        return next
    }

    /// The endpoint's head with ``pageParameter`` in its query.
    /// - Throws: what ``RequestType/makeRequestHead(body:)`` throws.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        var head = try RequestBuilder.makeHead(for: self, body: body)
        try head.replaceQueryItems(with: [URLQueryItem(name: pageParameter, value: String(page))])
        return head
    }
}
