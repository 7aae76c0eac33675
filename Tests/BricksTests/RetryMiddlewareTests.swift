@testable import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct RetryMiddlewareTests {
    /// A policy without jitter and with waits short enough for unit tests.
    static func fast(_ maxAttempts: Int = 3) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, baseDelay: .milliseconds(1), jitter: 0)
    }

    /// Answers each attempt with the next status of `statuses` (the last one repeats), and
    /// records the attempt numbers it sees.
    struct Script: Sendable {
        let statuses: [Int]
        var headers: HeaderFields = [:]
        let attempts = Recorder<Int>()

        var middleware: Responder {
            Responder { [statuses, headers, attempts] _, context in
                attempts.append(context.attempt)
                return .init(status: statuses[min(context.attempt, statuses.count) - 1], headers: headers)
            }
        }
    }

    @Test func retriesARetryableStatusUpToMaxAttemptsThenSurfacesIt() async throws {
        let script = Script(statuses: [503])
        let session = Session(transport: StubTransport(), middleware: [RetryMiddleware(Self.fast(3)), script.middleware])
        let error = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/x")) }
        #expect(error?.statusCode == 503)
        #expect(script.attempts.values == [1, 2, 3])
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func defaultRetryableStatusesSucceedOnTheNextTry(status: Int) async throws {
        let script = Script(statuses: [status, 200])
        let session = Session(transport: StubTransport(), middleware: [RetryMiddleware(Self.fast()), script.middleware])
        _ = try await session.send(Custom(path: "/x"))
        #expect(script.attempts.values == [1, 2])
    }

    @Test(arguments: [400, 401, 404, 501])
    func otherStatusesAreNotRetried(status: Int) async throws {
        let script = Script(statuses: [status, 200])
        let session = Session(transport: StubTransport(), middleware: [RetryMiddleware(Self.fast()), script.middleware])
        let error = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/x")) }
        #expect(error?.statusCode == status)
        #expect(script.attempts.values == [1])
    }

    @Test func nonIdempotentRequestsAreRetriedOnlyWhenOptedIn() async throws {
        let post = Custom(method: .post, path: "/x", body: Data("{}".utf8))
        var keyed = post
        keyed.headerFields = ["Idempotency-Key": "9b2e"]

        let plain = Script(statuses: [503, 200])
        _ = await #expect(throws: BricksError.self) {
            try await Session(transport: StubTransport(), middleware: [RetryMiddleware(Self.fast()), plain.middleware])
                .send(post)
        }
        #expect(plain.attempts.values == [1])

        let withKey = Script(statuses: [503, 200])
        _ = try await Session(transport: StubTransport(), middleware: [RetryMiddleware(Self.fast()), withKey.middleware])
            .send(keyed)
        #expect(withKey.attempts.values == [1, 2])

        var policy = Self.fast()
        policy.retriesNonIdempotentRequests = true
        let optedIn = Script(statuses: [503, 200])
        _ = try await Session(transport: StubTransport(), middleware: [RetryMiddleware(policy), optedIn.middleware])
            .send(post)
        #expect(optedIn.attempts.values == [1, 2])
    }

    @Test func transientTransportErrorsAreRetriedOthersAreNot() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/down", reply: .init(failure: URLError(.cannotConnectToHost)))
        await stub.register(.get, "/bad", reply: .init(failure: URLError(.badURL)))
        let session = Session(transport: stub, middleware: [RetryMiddleware(Self.fast(4))])
        await #expect(throws: BricksError(.transport(URLError(.cannotConnectToHost)))) {
            try await session.send(Custom(path: "/down"))
        }
        #expect(await stub.requests.count == 4)
        await #expect(throws: BricksError(.transport(URLError(.badURL)))) { try await session.send(Custom(path: "/bad")) }
        #expect(await stub.requests.count == 5)
    }

    @Test func errorsAboutTheReplyOrTheAppAreNotTransient() {
        #expect(RetryPolicy.isTransient(BricksError.timedOut))
        #expect(RetryPolicy.isTransient(BricksError(.transport(URLError(.networkConnectionLost)))))
        #expect(RetryPolicy.isTransient(URLError(.notConnectedToInternet)))
        #expect(!RetryPolicy.isTransient(BricksError.responseTooLarge(limit: 1)))
        #expect(!RetryPolicy.isTransient(BricksError(.cancelled)))
        #expect(!RetryPolicy.isTransient(URLError(.cancelled)))
        #expect(!RetryPolicy.isTransient(CancellationError()))
        #expect(!RetryPolicy.isTransient(BricksError(.invalidURL("x"))))
    }

    @Test func retryAfterInSecondsReplacesTheBackoff() async throws {
        let waits = Recorder<Duration>()
        let retry = RetryMiddleware(Self.fast(), sleep: { waits.append($0) })
        let script = Script(statuses: [503, 503, 200], headers: ["Retry-After": "7"])
        _ = try await Session(transport: StubTransport(), middleware: [retry, script.middleware]).send(Custom(path: "/x"))
        #expect(waits.values == [.seconds(7), .seconds(7)])
    }

    @Test func retryAfterBeyondTheCapEndsTheRetries() async throws {
        let waits = Recorder<Duration>()
        var policy = Self.fast()
        policy.maximumRetryAfter = .seconds(60)
        let script = Script(statuses: [429, 200], headers: ["Retry-After": "3600"])
        let session = Session(
            transport: StubTransport(), middleware: [RetryMiddleware(policy, sleep: { waits.append($0) }), script.middleware])
        let error = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/x")) }
        #expect(error?.statusCode == 429)
        #expect(waits.values.isEmpty)
        #expect(script.attempts.values == [1])
    }

    @Test func retryAfterParsesSecondsAndTheThreeHTTPDateFormats() throws {
        let now = try #require(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"))
        #expect(now == Date(timeIntervalSince1970: 784_111_777))
        #expect(RetryPolicy.retryAfter("120", now: now) == .seconds(120))
        #expect(RetryPolicy.retryAfter(" 0 ", now: now) == .zero)
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:50:07 GMT", now: now) == .seconds(30))
        #expect(RetryPolicy.retryAfter("Sunday, 06-Nov-94 08:49:47 GMT", now: now) == .seconds(10))
        #expect(RetryPolicy.retryAfter("Sun Nov  6 08:49:42 1994", now: now) == .seconds(5))
        #expect(RetryPolicy.retryAfter("Sat, 05 Nov 1994 08:49:37 GMT", now: now) == .zero)
        #expect(RetryPolicy.retryAfter("-5", now: now) == nil)
        #expect(RetryPolicy.retryAfter("soon", now: now) == nil)
        #expect(RetryPolicy.retryAfter("", now: now) == nil)
        #expect(RetryPolicy.retryAfter("99999999999999999999999", now: now) == .seconds(1e9))
    }

    @Test func backoffGrowsExponentiallyUpToTheCapWithJitterBelowIt() {
        let policy = RetryPolicy(baseDelay: .milliseconds(500), maximumDelay: .seconds(3), multiplier: 2, jitter: 0.5)
        #expect((1...5).map { policy.backoff(afterAttempt: $0, random: 0) }
            == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])
        #expect(policy.backoff(afterAttempt: 2, random: 0.5) == .milliseconds(750))
        for _ in 0..<100 {
            let wait = policy.backoff(afterAttempt: 3)
            #expect(wait > .seconds(1) && wait <= .seconds(2))
        }
        var full = policy
        full.jitter = 1
        #expect(full.backoff(afterAttempt: 1, random: 0.999) < .milliseconds(1))
    }

    @Test func cancellingDuringTheWaitStopsAtOnce() async throws {
        let firstReply = AsyncStream<Void>.makeStream()
        let probe = Responder { _, _ in
            firstReply.continuation.yield()
            return .init(status: 503)
        }
        let session = Session(
            transport: StubTransport(),
            middleware: [RetryMiddleware(.exponentialBackoff(maxAttempts: 3, baseDelay: .seconds(120))), probe])
        let task = Task { try await session.send(Custom(path: "/x")) }
        var replies = firstReply.stream.makeAsyncIterator()
        _ = await replies.next()
        let started = ContinuousClock.now
        task.cancel()
        await #expect(throws: BricksError(.cancelled)) { try await task.value }
        // Half the first wait: generous on a busy machine, and still proof the wait was cut short.
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test func itNeverWaitsPastTheOverallDeadline() async throws {
        let script = Script(statuses: [503])
        let session = Session(
            transport: StubTransport(),
            middleware: [
                RetryMiddleware(.exponentialBackoff(maxAttempts: 5, baseDelay: .seconds(120), maximumDelay: .seconds(120))),
                script.middleware,
            ],
            overallTimeout: .seconds(60))
        let started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) { try await session.send(Custom(path: "/x")) }
        // At once, not at the 60 s deadline: a wait that cannot end in time is not begun (the
        // margin is for a machine whose cores are busy).
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(script.attempts.values == [1])
    }

    @Test func retriesWithinTheDeadlineGoAhead() async throws {
        let script = Script(statuses: [503, 503, 200])
        let session = Session(
            transport: StubTransport(), middleware: [RetryMiddleware(Self.fast()), script.middleware],
            overallTimeout: .seconds(30))
        _ = try await session.send(Custom(path: "/x"))
        #expect(script.attempts.values == [1, 2, 3])
    }

    @Test func aRetryAfterPastTheDeadlineFailsAtOnce() async throws {
        let waits = Recorder<Duration>()
        let script = Script(statuses: [503, 200], headers: ["Retry-After": "2"])
        let session = Session(
            transport: StubTransport(),
            middleware: [RetryMiddleware(Self.fast(), sleep: { waits.append($0) }), script.middleware],
            overallTimeout: .seconds(1))
        await #expect(throws: BricksError.timedOut) { try await session.send(Custom(path: "/x")) }
        #expect(waits.values.isEmpty)
    }

    @Test func aPolicyOfOneAttemptNeverRetries() async throws {
        let script = Script(statuses: [503, 200])
        let session = Session(transport: StubTransport(), middleware: [RetryMiddleware(Self.fast(1)), script.middleware])
        _ = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/x")) }
        #expect(script.attempts.values == [1])
    }
}
