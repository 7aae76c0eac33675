import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A pagination strategy: each page's body names a cursor (`next_cursor`, a token) for the next
/// page, and the request sends it back as a query parameter. No cursor, or an empty one, ends the
/// paging.
///
/// ```swift
/// struct ListEvents: APIRequest, CursorPaginatedRequestType, JSONResponseType {
///     typealias Response = EventPage          // { "events": […], "next_cursor": "abc" }
///     var cursor: String?
///     var path: String { "/events" }
///     func nextCursor(in page: EventPage) -> String? { page.nextCursor }
/// }
/// ```
public protocol CursorPaginatedRequestType: PaginatedRequestType {
    /// The cursor of the page to fetch; `nil` for the first page, which sends none.
    var cursor: String? { get set }
    /// The query parameter that carries ``cursor``. Default: `"cursor"`.
    var cursorParameter: String { get }
    /// The cursor of the page after `response`, read from its body; `nil` or empty on the last page.
    func nextCursor(in response: Response) -> String?
}

extension CursorPaginatedRequestType {
    /// `"cursor"`.
    public var cursorParameter: String { "cursor" }

    /// This request with the response's cursor, or `nil` when it has none (or repeats the current
    /// one, which would loop).
    public func nextRequest(after response: Response, head: ResponseHead) throws -> Self? {
        guard let following = nextCursor(in: response), !following.isEmpty, following != cursor else { return nil }
        var next = self
        next.cursor = following
        return next
    }

    /// The endpoint's head with ``cursorParameter`` in its query when ``cursor`` is set.
    /// - Throws: what ``RequestType/makeRequestHead(body:)`` throws.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        var head = try RequestBuilder.makeHead(for: self, body: body)
        if let cursor { try head.replaceQueryItems(with: [URLQueryItem(name: cursorParameter, value: cursor)]) }
        return head
    }
}
