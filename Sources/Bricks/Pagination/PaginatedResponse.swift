import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One page together with the request for the next, for callers that fetch pages when they
/// choose, such as an infinite-scrolling list.
///
/// ```swift
/// var page = try await session.page(for: ListIssues(owner: "apple", repo: "swift"))
/// show(page.value)
/// // when the user scrolls to the end:
/// if let next = page.nextRequest {
///     page = try await session.page(for: next)
///     show(page.value)
/// }
/// ```
public struct PaginatedResponse<Request: PaginatedRequestType> {
    /// The request that fetched this page.
    public let request: Request
    /// The decoded page.
    public let value: Request.Response
    /// The page's status, headers and URL.
    public let head: ResponseHead
    /// The request for the following page, or `nil` when this is the last.
    public let nextRequest: Request?

    /// Makes a page, for example from a stored reply in a test.
    public init(request: Request, value: Request.Response, head: ResponseHead, nextRequest: Request?) {
        self.request = request
        self.value = value
        self.head = head
        self.nextRequest = nextRequest
    }

    /// Whether a page follows this one.
    public var hasNextPage: Bool { nextRequest != nil }
}

extension PaginatedResponse: Sendable where Request: Sendable, Request.Response: Sendable {}
