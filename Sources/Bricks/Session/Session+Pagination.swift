import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Session {
    /// Fetches one page and works out the request for the next.
    ///
    /// The page is fetched and decoded as ``send(_:)`` does; the next request is worked
    /// out in the caller's isolation.
    /// - Returns: the page, its response head, and the next request (`nil` on the last page).
    /// - Throws: as ``send(_:)``, and what ``PaginatedRequestType/nextRequest(after:head:)``
    ///   throws.
    nonisolated(nonsending)
    public func page<Request: PaginatedRequestType>(for request: Request) async throws
        -> PaginatedResponse<Request>
    {
        let page = try await response(for: request)
        let next = try request.nextRequest(after: page.value, head: page.head)
        return PaginatedResponse(request: request, value: page.value, head: page.head, nextRequest: next)
    }

    /// The pages of `request` and those that follow it, fetched one at a time as the loop asks,
    /// each built and decoded in the isolation of the loop.
    ///
    /// ```swift
    /// for try await issues in session.pages(of: ListIssues(owner: "apple", repo: "swift")) { show(issues) }
    /// ```
    public func pages<Request: PaginatedRequestType>(of request: Request) -> PageSequence<Request> {
        PageSequence(session: self, firstRequest: request)
    }

    /// Fetches pages from `request` on and returns their elements in order, stopping as soon as
    /// `limit` elements are collected.
    /// - Parameters:
    ///   - request: the first page's request.
    ///   - limit: the most elements to return, or `nil` for every page. Default: `nil`.
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` for a negative limit, and what
    ///   ``pages(of:)`` throws.
    nonisolated(nonsending)
    public func all<Request: PaginatedRequestType>(of request: Request, limit: Int? = nil) async throws
        -> [Request.Response.Element] where Request.Response: Collection
    {
        try await all(of: request, limit: limit) { Array($0) }
    }

    /// Fetches pages from `request` on and returns the items `items` takes from each, in order,
    /// stopping as soon as `limit` items are collected. For pages that wrap their items:
    ///
    /// ```swift
    /// let repositories = try await session.all(of: SearchRepositories(query: "swift"), limit: 200) { $0.items }
    /// ```
    /// - Parameters:
    ///   - request: the first page's request.
    ///   - limit: the most items to return, or `nil` for every page. Default: `nil`.
    ///   - items: the items of one page.
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` for a negative limit, and what
    ///   ``pages(of:)`` throws.
    nonisolated(nonsending)
    public func all<Request: PaginatedRequestType, Item>(
        of request: Request, limit: Int? = nil, items: (Request.Response) -> [Item]
    ) async throws -> [Item] {
        if let limit, limit < 0 {
            throw BricksError.invalidRequest("the item limit must be zero or more, not \(limit)")
        }
        var collected: [Item] = []
        if limit == 0 { return collected }
        var iterator = pages(of: request).makeAsyncIterator()
        while let page = try await iterator.next(isolation: #isolation) {
            collected += items(page)
            if let limit, collected.count >= limit { return Array(collected.prefix(limit)) }
        }
        return collected
    }
}
