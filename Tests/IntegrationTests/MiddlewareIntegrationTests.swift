import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GET to any httpbin path, body as raw data.
private struct Fetch: RequestContextType, GETRequestType, DataResponseType {
    let baseURL: URL
    var path: String
    var queryItems: [URLQueryItem] = []
    var timeoutInterval: TimeInterval = 10
}

/// httpbin's answer to `/bearer` and `/basic-auth/…`.
private struct Authenticated: Decodable, Sendable {
    let authenticated: Bool
    let token: String?
    let user: String?
}

private struct WhoAmI: RequestContextType, GETRequestType, JSONResponseType {
    typealias Response = Authenticated
    let baseURL: URL
    var path: String
}

/// Collects values from any task.
private final class Collected<Value: Sendable>: @unchecked Sendable {
    private var stored: [Value] = []
    private let lock = NSLock()
    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}

@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct MiddlewareIntegrationTests {
    /// A session whose innermost layer records what each attempt got back.
    private func session(
        _ middleware: [any Middleware], overallTimeout: Duration? = nil
    ) -> (Session, Collected<RequestMetrics>) {
        let attempts = Collected<RequestMetrics>()
        let session = Session(
            transport: TestTransport.make(), middleware: middleware + [MetricsMiddleware { attempts.append($0) }],
            overallTimeout: overallTimeout)
        return (session, attempts)
    }

    private static func basic(_ user: String, _ password: String) -> String {
        Data("\(user):\(password)".utf8).base64EncodedString()
    }

    @Test func bearerWithoutATokenIs401() async throws {
        let (session, attempts) = session([AuthorizationMiddleware(tokens: TokenStore(token: nil) { _ in "unused" })])
        let error = await #expect(throws: BricksError.self) {
            try await session.send(WhoAmI(baseURL: try HTTPBin.base(), path: "/bearer"))
        }
        #expect(error?.statusCode == 401)
        #expect(attempts.values.count == 1)
    }

    @Test func bearerWithATokenIs200() async throws {
        let (session, _) = session([AuthorizationMiddleware(tokens: TokenStore(token: "abc123") { _ in "unused" })])
        let reply = try await session.send(WhoAmI(baseURL: try HTTPBin.base(), path: "/bearer"))
        #expect(reply.authenticated)
        #expect(reply.token == "abc123")
    }

    @Test
    func basicAuthRejectionIsRefreshedOnceAndResent() async throws {
        let refreshes = Collected<String>()
        let tokens = TokenStore(token: Self.basic("user", "wrong")) { rejected in
            refreshes.append(rejected)
            return Self.basic("user", "pass")
        }
        let (session, attempts) = session([AuthorizationMiddleware(tokens: tokens, scheme: "Basic")])
        let started = ContinuousClock.now
        let reply = try await session.send(WhoAmI(baseURL: try HTTPBin.base(), path: "/basic-auth/user/pass"))
        #expect(reply.authenticated)
        #expect(reply.user == "user")
        #expect(refreshes.values == [Self.basic("user", "wrong")])
        #expect(attempts.values.map(\.statusCode) == [401, 200])
        // A hang guard, generous for a machine whose cores are busy.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test
    func basicAuthRejectedTwiceComesBackAsA401WithoutLooping() async throws {
        let tokens = TokenStore(token: Self.basic("user", "wrong")) { _ in Self.basic("user", "still wrong") }
        let (session, attempts) = session([AuthorizationMiddleware(tokens: tokens, scheme: "Basic")])
        let started = ContinuousClock.now
        let error = await #expect(throws: BricksError.self) {
            try await session.send(Fetch(baseURL: try HTTPBin.base(), path: "/basic-auth/user/pass"))
        }
        #expect(error?.statusCode == 401)
        #expect(attempts.values.map(\.statusCode) == [401, 401])
        // A hang guard, generous for a machine whose cores are busy: a loop shows in the statuses.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    @Test func status503IsRetriedTheConfiguredNumberOfTimesThenSurfaced() async throws {
        let (session, attempts) = session([
            RetryMiddleware(.exponentialBackoff(maxAttempts: 3, baseDelay: .milliseconds(20)))
        ])
        let error = await #expect(throws: BricksError.self) {
            try await session.send(Fetch(baseURL: try HTTPBin.base(), path: "/status/503"))
        }
        #expect(error?.statusCode == 503)
        #expect(attempts.values.map(\.statusCode) == [503, 503, 503])
        #expect(attempts.values.map(\.attempt) == [1, 2, 3])
    }

    @Test func retryAfterOfOneSecondIsRespected() async throws {
        // httpbin answers /response-headers with 200; this policy treats that status as retryable
        // so that the server's real Retry-After header decides the wait.
        let policy = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), retryableStatusCodes: [200])
        let (session, attempts) = session([RetryMiddleware(policy)])
        let request = Fetch(
            baseURL: try HTTPBin.base(), path: "/response-headers",
            queryItems: [URLQueryItem(name: "Retry-After", value: "1")])
        _ = try await session.send(request)
        let starts = attempts.values.map(\.startDate)
        try #require(starts.count == 2)
        let gap = starts[1].timeIntervalSince(starts[0])
        #expect(gap >= 1.0)
        // The server's one second, not a much longer wait (generous: a busy machine stretches the
        // gap, never shortens it).
        #expect(gap < 20)
    }

    @Test func retriesNeverRunPastTheOverallDeadline() async throws {
        let (session, attempts) = session(
            [RetryMiddleware(.exponentialBackoff(maxAttempts: 10, baseDelay: .seconds(30)))],
            overallTimeout: .milliseconds(1500))
        let started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) {
            try await session.send(Fetch(baseURL: try HTTPBin.base(), path: "/status/503"))
        }
        // It did not sleep through the next backoff (30 s) past the 1.5 s deadline; the margin is
        // for a machine whose cores are busy.
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect((1...2).contains(attempts.values.count))
    }

    @Test func theOverallDeadlineCutsASlowAttemptShort() async throws {
        let (session, _) = session([RetryMiddleware()], overallTimeout: .seconds(1))
        let started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) {
            try await session.send(Fetch(baseURL: try HTTPBin.base(), path: "/delay/10", timeoutInterval: 60))
        }
        // Cut at the 1 s deadline, long before the reply: a bound for a hang, not a speed test.
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test func loggingShowsNeitherTheBearerTokenNorTheQueryToken() async throws {
        let lines = Collected<String>()
        let (session, _) = session([
            AuthorizationMiddleware(tokens: TokenStore(token: "bearer-secret-1") { _ in "unused" }),
            LoggingMiddleware(showsHeaders: true, showsCURL: true) { lines.append($0) },
        ])
        let request = Fetch(
            baseURL: try HTTPBin.base(), path: "/get",
            queryItems: [URLQueryItem(name: "token", value: "query-secret-2"), URLQueryItem(name: "q", value: "x")])
        let echo = try await session.send(request)
        let body = String(decoding: echo, as: UTF8.self)
        #expect(body.contains("bearer-secret-1") && body.contains("query-secret-2"))  // the server got both
        let log = lines.values.joined(separator: "\n")
        #expect(lines.values.count == 2)
        #expect(!log.contains("bearer-secret-1"))
        #expect(!log.contains("query-secret-2"))
        #expect(log.contains("Authorization: REDACTED"))
        #expect(log.contains("token=REDACTED&q=x"))
    }
}
