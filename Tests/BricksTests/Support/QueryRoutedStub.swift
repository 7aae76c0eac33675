import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Serves replies chosen by method, path *and query* through a `StubTransport`, which routes by
/// method and path only: the reply for each request is registered on the stub just before the stub
/// answers it. Requests must come one at a time, as pages do.
actor QueryRoutedStub: HTTPTransport {
    let stub = StubTransport()
    private var replies: [String: StubTransport.Reply] = [:]

    init() {}

    /// Serves recorded exchanges, each under its recorded method, path and query.
    init(exchanges: [RecordedExchange]) {
        for exchange in exchanges {
            replies["\(exchange.method) \(exchange.path)"] = StubTransport.Reply(
                status: exchange.status, headers: HeaderFields(exchange.headers), body: exchange.responseBody)
        }
    }

    /// Answers `method` requests to `target` (path and query, percent-encoded as sent) with `reply`.
    func register(_ method: HTTPMethod, _ target: String, reply: StubTransport.Reply) {
        replies["\(method) \(target)"] = reply
    }

    /// Every request received, in order.
    var requests: [SentRequest] { get async { await stub.requests } }

    /// The path and query of every request received, as sent.
    var targets: [String] { get async { await stub.requests.map { Self.target(of: $0.url) } } }

    func exchange(_ request: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET") ?? .get
        let key = "\(method) \(Self.target(of: request.url))"
        let reply = replies[key] ?? StubTransport.Reply(status: 404, body: Data("no reply for \(key)".utf8))
        await stub.register(method, request.path, reply: reply)
        return try await stub.exchange(request, body: body, context: context)
    }

    static func target(of url: URL?) -> String {
        guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return "" }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }
}
