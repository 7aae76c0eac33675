import Bricks
import Foundation

/// The example's client: one `Session`, and the server every call goes to.
///
/// The endpoints say where GitHub lives (``GitHubRequest/baseURL``); the client re-points each one
/// at ``server`` with `with(baseURL:)`, so the same endpoints talk to api.github.com, a recording,
/// or a local test server.
struct GitHubClient: Sendable {
    /// Sends the requests: through a `ReplayTransport` or a `URLSessionTransport`.
    let session: Session
    /// Where the calls go: ``GitHub/apiURL`` unless `--base-url` says otherwise.
    let server: String

    /// Sends `request` and returns its decoded response.
    func send<Request: RequestContextType>(_ request: Request) async throws -> Request.Response
    where Request.Response: Sendable {
        try await session.send(request.with(baseURL: server))
    }

    /// The pages of `request`, fetched one at a time as the loop asks for them.
    func pages<Request: PaginatedRequestType>(of request: Request) -> PageSequence<BaseURLOverride<Request>> {
        session.pages(of: request.with(baseURL: server))
    }

    /// The first page of `request`, with the request for the next one.
    func page<Request: PaginatedRequestType>(for request: Request) async throws
        -> PaginatedResponse<BaseURLOverride<Request>>
    where Request.Response: Sendable {
        try await session.page(for: request.with(baseURL: server))
    }

    /// Every element of every page of `request`, up to `limit`.
    func all<Request: PaginatedRequestType>(of request: Request, limit: Int? = nil) async throws
        -> [Request.Response.Element]
    where Request.Response: Collection {
        try await session.all(of: request.with(baseURL: server), limit: limit)
    }
}
