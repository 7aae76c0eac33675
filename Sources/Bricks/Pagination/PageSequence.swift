import Foundation

/// The pages of a paginated endpoint as an `AsyncSequence`, made by ``Session/pages(of:)``.
///
/// It fetches lazily: each page is requested only when the loop asks for it, so leaving the loop
/// early fetches nothing more. When the task is cancelled the next step throws
/// ``BricksError/Reason/cancelled`` without sending anything; any other failure is thrown by the step
/// that met it. After an error, or the last page, iteration ends.
///
/// ```swift
/// for try await issues in session.pages(of: ListIssues(owner: "apple", repo: "swift")) {
///     for issue in issues { print(issue.title) }
/// }
/// ```
///
/// Each page is built and decoded in the isolation of the loop that asks for it (the main actor,
/// for a loop in a view model), as ``Session/send(_:)`` does; the exchange itself runs
/// away from it.
public struct PageSequence<Request: PaginatedRequestType>: AsyncSequence {
    /// A decoded page.
    public typealias Element = Request.Response

    /// The session that fetches the pages.
    public let session: Session
    /// The request for the first page.
    public let firstRequest: Request

    /// Makes the sequence of pages starting at `firstRequest`.
    public init(session: Session, firstRequest: Request) {
        self.session = session
        self.firstRequest = firstRequest
    }

    /// Starts a new walk from the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(session: session, pending: firstRequest)
    }

    /// Fetches one page per call to ``next()``.
    public struct Iterator: AsyncIteratorProtocol {
        let session: Session
        /// The request for the page to fetch next; `nil` once the walk has ended.
        var pending: Request?
        /// A bad link to the next page, thrown after the page that carried it was handed out.
        var failure: (any Error)?

        /// Fetches the next page, or returns `nil` after the last.
        ///
        /// A page whose items decoded is handed out even when its link to the next page is bad
        /// (another origin, say); that error comes from the call after.
        /// - Throws: ``BricksError/Reason/cancelled`` when the task is cancelled, or any error from
        ///   fetching, decoding or ``PaginatedRequestType/nextRequest(after:head:)``.
        public mutating func next() async throws -> Request.Response? {
            try await next(isolation: nil)
        }

        /// Fetches the next page in the isolation of `actor` (what a `for try await` loop
        /// passes), or returns `nil` after the last.
        /// - Throws: as ``next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Request.Response? {
            if let failure {
                self.failure = nil
                throw failure
            }
            guard let request = pending else { return nil }
            pending = nil
            if Task.isCancelled { throw BricksError(.cancelled) }
            let page = try await session.response(for: request)
            do {
                pending = try request.nextRequest(after: page.value, head: page.head)
            } catch {
                failure = error
            }
            return page.value
        }
    }
}

extension PageSequence: Sendable where Request: Sendable {}
