import Bricks
import Foundation

/// A transport that answers from canned replies instead of the network, and records every request
/// it sees, for tests and demos.
///
/// ```swift
/// let stub = StubTransport()
/// await stub.register(.get, "/users/*", json: #"{"id": 1, "login": "octocat"}"#)
/// await stub.register(.post, "/repos/*/*/issues") { request in
///     try .json(Issue(number: 1, title: request.decodedBody(as: NewIssue.self).title), status: 201)
/// }
/// let session = stub.session()
/// let user = try await session.send(GetUser(login: "octocat"))
/// let sent = await stub.requests(matching: .get, "/users/*")
/// ```
///
/// Routes match the method and the URL's path (the query is not compared), or a predicate of your
/// own. Path patterns take wildcards: `*` matches any characters within one segment
/// (`/repos/*/*/issues`, `/files/*.json`), and a `**` segment matches any number of segments
/// (`/api/**`). Segments compare after percent-decoding. When several routes match, the one
/// registered last answers.
///
/// A request that matches no route gets a `404` whose body names the method and path and lists the
/// routes. A stub is an exchange like any transport: the Session applies its limits to the reply,
/// and follows a redirect a stub answers exactly as one from a server.
public actor StubTransport: HTTPTransport {
    /// Computes the reply to a request, for replies that depend on it. Throwing fails the request
    /// with that error.
    public typealias Handler = @Sendable (SentRequest) async throws -> Reply

    /// Where a route's replies come from.
    private enum Responder {
        /// Served in order, the last one again once all are used.
        case replies([Reply])
        case handler(Handler)
    }

    private struct Route {
        let name: String
        let matches: @Sendable (SentRequest) -> Bool
        let responder: Responder
        var served = 0
    }

    private var routes: [Route] = []
    /// Every request received, in order, including those that matched no route.
    public private(set) var requests: [SentRequest] = []

    /// Makes a stub transport with no routes.
    public init() {}

    /// Answers `method` requests whose path matches `path` with `reply`.
    /// - Parameters:
    ///   - method: the method to match.
    ///   - path: the path pattern, written unencoded, with `*` and `**` wildcards.
    ///   - reply: the reply.
    public func register(_ method: HTTPMethod, _ path: String, reply: Reply) {
        register(method, path, responder: .replies([reply]))
    }

    /// Answers `method` requests whose path matches `path` with JSON text.
    public func register(_ method: HTTPMethod, _ path: String, status: Int = 200, json: String) {
        register(method, path, reply: .json(json, status: status))
    }

    /// Answers successive matching requests with successive replies, and every later one with the
    /// last: for example a `401` and then a `200`, to test a token refresh. An empty list answers
    /// `200` with no body.
    public func register(_ method: HTTPMethod, _ path: String, replies: [Reply]) {
        register(method, path, responder: .replies(replies))
    }

    /// Answers matching requests with the reply `handler` computes from each.
    public func register(_ method: HTTPMethod, _ path: String, handler: @escaping Handler) {
        register(method, path, responder: .handler(handler))
    }

    /// Answers requests for which `predicate` is true with `reply`.
    ///
    /// ```swift
    /// await stub.register(where: { $0.value(forHTTPHeaderField: "Authorization") == nil },
    ///                     reply: .init(status: 401))
    /// ```
    public func register(where predicate: @escaping @Sendable (SentRequest) -> Bool, reply: Reply) {
        routes.insert(Route(name: "a predicate", matches: predicate, responder: .replies([reply])), at: 0)
    }

    /// Answers requests for which `predicate` is true with the reply `handler` computes.
    public func register(where predicate: @escaping @Sendable (SentRequest) -> Bool, handler: @escaping Handler) {
        routes.insert(Route(name: "a predicate", matches: predicate, responder: .handler(handler)), at: 0)
    }

    private func register(_ method: HTTPMethod, _ path: String, responder: Responder) {
        let pattern = PathPattern(path)
        let route = Route(
            name: "\(method) \(path)", matches: { $0.methodName == method.rawValue && pattern.matches($0.url) },
            responder: responder)
        routes.insert(route, at: 0)
    }

    /// The recorded requests with `method` whose path matches the pattern `path` (same wildcards as
    /// routes), in order.
    public func requests(matching method: HTTPMethod, _ path: String) -> [SentRequest] {
        let pattern = PathPattern(path)
        return requests.filter { $0.methodName == method.rawValue && pattern.matches($0.url) }
    }

    /// The recorded requests for which `predicate` is true, in order.
    public func requests(where predicate: @Sendable (SentRequest) -> Bool) -> [SentRequest] {
        requests.filter(predicate)
    }

    /// Records `request` and answers it from the route registered last that matches it.
    /// - Throws: the reply's `failure`, the handler's error, or `CancellationError` when the task
    ///   is cancelled during a delay.
    public func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        // The body read whole, as a transport sends it, whatever kind it is.
        let request = SentRequest(head: head, httpBody: try await body?.collected(), context: context)
        requests.append(request)
        guard let index = routes.firstIndex(where: { $0.matches(request) }) else {
            let known = routes.isEmpty ? "none" : routes.map(\.name).joined(separator: ", ")
            let body = Data("StubTransport has no reply for \(request.summary). Routes: \(known).".utf8)
            return try CannedResponse.make(
                for: request, status: 404, headers: ["Content-Type": "text/plain; charset=utf-8"], body: body)
        }
        let reply: Reply
        switch routes[index].responder {
        case .replies(let replies):
            let served = routes[index].served
            reply = replies.indices.contains(served) ? replies[served] : replies.last ?? Reply()
            routes[index].served += 1
        case .handler(let handler):
            reply = try await handler(request)
        }
        if reply.delay > .zero { try await Task.sleep(for: reply.delay) }
        if let failure = reply.failure { throw failure }
        return try CannedResponse.make(for: request, status: reply.status, headers: reply.headers, body: reply.body)
    }
}
