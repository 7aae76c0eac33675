import Bricks
import BricksTesting
import Foundation
import IntegrationsTestSupport
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Retries at once, so that the tests do not wait.
let immediateRetry = RetryMiddleware(RetryPolicy(maxAttempts: 3, baseDelay: .zero, maximumDelay: .zero, jitter: 0))

/// Query items for `GetUser`: a secret (`token`, redacted) and a harmless one (`page`).
let secretQuery = [URLQueryItem(name: "token", value: "s3cr3t"), URLQueryItem(name: "page", value: "2")]

/// A stub answering `GET /users/*` with `replies` in order (the last one again once all are used).
func stub(_ replies: StubTransport.Reply...) async -> StubTransport {
    let stub = StubTransport()
    await stub.register(.get, "/users/*", replies: replies)
    return stub
}

let octocat = StubTransport.Reply.json(#"{"id": 1, "login": "octocat"}"#)

/// The reason of a thrown ``BricksError``.
func reason(of call: () async throws -> Void) async throws -> BricksError.Reason {
    let error = try #require(await #expect(throws: BricksError.self) { try await call() })
    return error.reason
}
