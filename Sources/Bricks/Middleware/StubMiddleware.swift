import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers matching requests with canned replies and passes every other request on: stub one
/// endpoint while the rest of the app talks to the real server, or simulate a failure.
///
/// ```swift
/// let session = Session.default.appending(
///     StubMiddleware(.get, "/users/octocat", reply: .json(#"{"id": 1, "login": "octocat"}"#)))
/// ```
///
/// A closure decides for anything more elaborate; returning `nil` passes the request on:
///
/// ```swift
/// let flaky = StubMiddleware { request, context in
///     context.attempt == 1 ? StubMiddleware.Reply(status: 503) : nil
/// }
/// ```
///
/// As the innermost middleware it stands in for the transport, so the rest of the stack still
/// runs; as the outermost it answers before any other middleware sees the request.
public struct StubMiddleware: Middleware {
    /// A canned reply.
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// The response headers.
        public var headers: [String: String]
        /// The body.
        public var body: Data

        /// Makes a canned reply.
        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// A reply with a JSON body and `Content-Type: application/json`.
        public static func json(_ json: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            var headers = headers
            headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
            return Reply(status: status, headers: headers, body: Data(json.utf8))
        }
    }

    /// Decides the reply for a request, or returns `nil` to pass it on. May throw to simulate a
    /// failure (a `URLError` reaches the caller as the matching ``BricksError``).
    public typealias Responder = @Sendable (URLRequest, RequestContext) async throws -> Reply?

    private let responder: Responder

    /// Makes a stub that asks `responder` about every request.
    public init(_ responder: @escaping Responder) {
        self.responder = responder
    }

    /// Makes a stub that answers `method` requests to `path` (the URL's path, without query)
    /// with `reply`.
    public init(_ method: HTTPMethod, _ path: String, reply: Reply) {
        self.init { request, _ in
            request.httpMethod == method.rawValue && request.url?.path == path ? reply : nil
        }
    }

    /// Answers from the canned reply, or passes the request on.
    public func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws
        -> (Data, HTTPURLResponse)
    {
        guard let reply = try await responder(request, context) else { return try await next(request, context) }
        let url = request.url ?? URL(fileURLWithPath: "/")
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: reply.headers)
        else { throw BricksError.invalidRequest("StubMiddleware could not make a reply with status \(reply.status)") }
        return (reply.body, response)
    }
}
