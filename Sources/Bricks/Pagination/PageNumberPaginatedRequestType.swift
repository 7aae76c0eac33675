import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A pagination strategy: pages are numbered, the request sends `page` and `per_page`, and a page
/// with fewer items than asked for (or none) is the last.
///
/// ```swift
/// struct ListStargazers: GitHubRequest, PageNumberPaginatedRequestType, JSONResponseType {
///     typealias Response = [User]
///     var page = 1
///     var pageSize: Int { 100 }
///     var path: String { "/repos/apple/swift/stargazers" }
/// }
/// ```
///
/// `makeRequestHead(body:)` adds both parameters to the endpoint's query, replacing any of the same name.
public protocol PageNumberPaginatedRequestType: PaginatedRequestType {
    /// The number of the page to fetch; the endpoint starts it at its API's first page (usually 1).
    var page: Int { get set }
    /// How many items to ask for per page; a page with fewer is the last.
    var pageSize: Int { get }
    /// The query parameter for ``page``. Default: `"page"`.
    var pageParameter: String { get }
    /// The query parameter for ``pageSize``. Default: `"per_page"`.
    var pageSizeParameter: String { get }
    /// How many items `response` holds. Default for a `Collection` response: its `count`.
    func itemCount(in response: Response) -> Int
}

extension PageNumberPaginatedRequestType {
    /// `"page"`.
    public var pageParameter: String { "page" }
    /// `"per_page"`.
    public var pageSizeParameter: String { "per_page" }

    /// This request for the following page, or `nil` when `response` held fewer than
    /// ``pageSize`` items.
    public func nextRequest(after response: Response, head: ResponseHead) throws -> Self? {
        let count = itemCount(in: response)
        guard count > 0, count >= pageSize else { return nil }
        let (following, overflow) = page.addingReportingOverflow(1)
        if overflow { return nil }
        var next = self
        next.page = following
        return next
    }

    /// The endpoint's head with ``pageParameter`` and ``pageSizeParameter`` in its query.
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` when ``pageSize`` is not positive, and what
    ///   ``RequestType/makeRequestHead(body:)`` throws.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        guard pageSize > 0 else {
            throw BricksError.invalidRequest("pageSize must be a positive number of items, not \(pageSize)")
        }
        var head = try RequestBuilder.makeHead(for: self, body: body)
        try head.replaceQueryItems(with: [
            URLQueryItem(name: pageParameter, value: String(page)),
            URLQueryItem(name: pageSizeParameter, value: String(pageSize)),
        ])
        return head
    }
}

extension PageNumberPaginatedRequestType where Response: Collection {
    /// The number of elements in the page.
    public func itemCount(in response: Response) -> Int { response.count }
}
