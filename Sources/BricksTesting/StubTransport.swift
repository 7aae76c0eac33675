import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from canned replies instead of the network, and records every request
/// it sees, for tests and demos.
///
/// ```swift
/// let stub = StubTransport()
/// await stub.register(.get, "/users/octocat", json: #"{"login":"octocat"}"#)
/// let session = Session(transport: stub)
/// let user = try await session.send(GetUser(login: "octocat"))
/// let sent = await stub.requests
/// ```
///
/// A request that matches no route gets a `404` whose body names the method and path.
public actor StubTransport: HTTPTransport {
    /// A canned reply.
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// The response headers.
        public var headers: [String: String]
        /// The body.
        public var body: Data
        /// How long to wait before answering (the wait is cancellable).
        public var delay: Duration
        /// When set, the request fails with this error instead of answering.
        public var failure: URLError?

        /// Makes a canned reply.
        public init(
            status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero,
            failure: URLError? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.failure = failure
        }

        /// A reply with a JSON body and `Content-Type: application/json`.
        public static func json(_ json: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            var headers = headers
            headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
            return Reply(status: status, headers: headers, body: Data(json.utf8))
        }
    }

    private struct Route {
        let method: HTTPMethod
        let path: String
        let reply: Reply
    }

    private var routes: [Route] = []
    /// Every request received, in order.
    public private(set) var requests: [URLRequest] = []

    /// Makes a stub transport with no routes.
    public init() {}

    /// Answers `method` requests to `path` (the URL's path, without query) with `reply`.
    /// A later registration for the same method and path wins.
    public func register(_ method: HTTPMethod, _ path: String, reply: Reply) {
        routes.insert(Route(method: method, path: path, reply: reply), at: 0)
    }

    /// Answers `method` requests to `path` with a JSON body.
    public func register(_ method: HTTPMethod, _ path: String, status: Int = 200, json: String) {
        register(method, path, reply: .json(json, status: status))
    }

    /// Answers a request from the matching route, after recording it.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        requests.append(request)
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET") ?? .get
        let url = request.url ?? URL(fileURLWithPath: "/")
        let path = url.path
        guard let route = routes.first(where: { $0.method == method && $0.path == path }) else {
            let body = Data("StubTransport has no reply for \(method) \(path)".utf8)
            return (body, try Self.response(url: url, status: 404, headers: ["Content-Type": "text/plain"]))
        }
        let reply = route.reply
        if reply.delay > .zero { try await Task.sleep(for: reply.delay) }
        if let failure = reply.failure { throw failure }
        return (reply.body, try Self.response(url: url, status: reply.status, headers: reply.headers))
    }

    static func response(url: URL, status: Int, headers: [String: String]) throws -> HTTPURLResponse {
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw URLError(.badServerResponse) }
        return response
    }
}
