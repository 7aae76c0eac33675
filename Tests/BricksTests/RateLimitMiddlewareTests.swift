@testable import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reading the rate-limit fields: each family, the most restrictive window, and garbage.
@Suite struct RateLimitSignalTests {
    static let url = URL(string: "https://api.example.com/x")!
    /// A fixed wall-clock time, for epoch resets and HTTP dates.
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    static func signal(_ status: Int = 200, _ fields: HeaderFields) -> RateLimitSignal {
        RateLimitSignal(ResponseHead(statusCode: status, headerFields: fields, url: url), now: now)
    }

    @Test func readsTheLatestDraftsListWithTheTightestPolicy() {
        #expect(Self.signal(200, ["RateLimit": #""default";r=50;t=30"#]) == .init(remaining: 50, resetAfter: .seconds(30)))
        // Token names too, and the least left wins; parameters in any order and case.
        #expect(Self.signal(200, ["RateLimit": #"burst;T=5;r=0, "daily";r=900;t=80000"#])
            == .init(remaining: 0, resetAfter: .seconds(5)))
        // Split over two fields, as structured-field lists may be.
        var split = HeaderFields()
        split.append(name: "RateLimit", value: #""hour";r=7;t=100"#)
        split.append(name: "ratelimit", value: #""minute";r=3;t=20"#)
        #expect(Self.signal(200, split) == .init(remaining: 3, resetAfter: .seconds(20)))
        // Without `t`, the policy's window bounds the wait.
        #expect(Self.signal(200, ["RateLimit-Policy": #""default";q=100;w=60"#, "RateLimit": #""default";r=0"#])
            == .init(remaining: 0, resetAfter: .seconds(60)))
        // A quoted name may hold separators.
        #expect(Self.signal(200, ["RateLimit": #""a;b,c";r=4;t=2"#]) == .init(remaining: 4, resetAfter: .seconds(2)))
    }

    @Test func readsTheOlderDraftsDictionaryAndTrio() {
        #expect(Self.signal(200, ["RateLimit": "limit=100, remaining=0, reset=7"])
            == .init(remaining: 0, resetAfter: .seconds(7)))
        #expect(Self.signal(200, ["RateLimit-Limit": "100, 100;w=60", "RateLimit-Remaining": "5", "RateLimit-Reset": "10"])
            == .init(remaining: 5, resetAfter: .seconds(10)))
    }

    @Test func readsXRateLimitWithAnEpochOrADeltaReset() {
        let github: HeaderFields = [
            "X-RateLimit-Limit": "5000", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000042",
            "X-RateLimit-Resource": "core",
        ]
        #expect(Self.signal(200, github) == .init(remaining: 0, resetAfter: .seconds(42)))
        #expect(Self.signal(200, ["X-RateLimit-Remaining": "12", "X-RateLimit-Reset": "30"])
            == .init(remaining: 12, resetAfter: .seconds(30)))
        #expect(Self.signal(200, ["X-RateLimit-Remaining": "1", "X-RateLimit-Reset": "0.25"])
            == .init(remaining: 1, resetAfter: .milliseconds(250)))
        // An epoch in the past: the window has reset already.
        #expect(Self.signal(200, ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1600000000"])
            == .init(remaining: 0, resetAfter: .zero))
    }

    @Test func retryAfterCountsOnRefusalsOnly() {
        #expect(Self.signal(429, ["Retry-After": "3"]).retryAfter == .seconds(3))
        #expect(Self.signal(503, ["Retry-After": "Tue, 14 Nov 2023 22:13:30 GMT"]).retryAfter == .seconds(10))
        // GitHub's secondary limit: a 403 with Retry-After, or with no requests remaining.
        #expect(Self.signal(403, ["Retry-After": "60"]).retryAfter == .seconds(60))
        #expect(Self.signal(403, ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000005"])
            == .init(remaining: 0, resetAfter: .seconds(5)))
        #expect(Self.signal(200, ["Retry-After": "3"]).retryAfter == nil)
        #expect(Self.signal(404, ["Retry-After": "3"]).retryAfter == nil)
    }

    @Test(arguments: [
        "", " ", "-5", "abc", "1e3", "NaN", "inf", "-inf", "0x10", "1.2.3", ".5", "5.", "+3", "½", "🙂", "\u{0}",
        ";;;", ",,,", "\"", "\"unterminated;r=1", "((", "(1 2);r=3", "r=", "=", "limit=", "remaining=-1",
        "\"default\";r=-1;t=5", "\"default\";r=1;t=-5", "\"default\";r;t", "\"default\";r=1e9999;t=nan",
        String(repeating: "9", count: 400), String(repeating: "\"a\";r=1,", count: 2000),
    ])
    func garbageIsIgnoredNeverATrap(value: String) {
        let fields: HeaderFields = [
            "RateLimit": value, "RateLimit-Policy": value, "RateLimit-Remaining": value, "RateLimit-Reset": value,
            "X-RateLimit-Remaining": value, "X-RateLimit-Reset": value, "Retry-After": value,
        ]
        let signal = Self.signal(429, fields)
        if let remaining = signal.remaining { #expect(remaining >= 0) }
        if let reset = signal.resetAfter { #expect(reset >= .zero) }
        if let retryAfter = signal.retryAfter { #expect(retryAfter >= .zero) }
    }

    @Test func hugeNumbersAreClamped() {
        let huge = String(repeating: "9", count: 30)
        let signal = Self.signal(429, ["X-RateLimit-Remaining": huge, "X-RateLimit-Reset": huge, "Retry-After": huge])
        #expect(signal.remaining == RateLimitSignal.largestRemaining)
        #expect(signal.resetAfter == .seconds(1e9))
        #expect(signal.retryAfter == .seconds(1e9))
        #expect(Self.signal(200, ["X-RateLimit-Remaining": "-1", "X-RateLimit-Reset": "30"]) == .init())
    }
}

/// The per-host state machine, without a clock: what it decides and what it learns.
@Suite struct RateLimitHostStateTests {
    let start = ContinuousClock.now

    @Test func aFreshHostLearnsItsBudgetFromOneRequestThenSpendsIt() throws {
        var state = RateLimitHostState()
        let policy = RateLimitPolicy.default
        guard case .send(let probe) = state.admit(isWrite: false, policy: policy, now: start) else {
            Issue.record("the first request should go")
            return
        }
        #expect(probe.isProbe)
        #expect(state.admit(isWrite: false, policy: policy, now: start)
            == .waitForChange(.learningBudget, until: start + RateLimitHostState.learningPatience))
        state.finish(probe, signal: .init(remaining: 2, resetAfter: .seconds(1)), now: start)
        #expect(state.budget == .init(remaining: 2, resetsAt: start + .seconds(1)))
        for _ in 0..<2 {
            guard case .send(let ticket) = state.admit(isWrite: false, policy: policy, now: start) else {
                Issue.record("the budget allows two more")
                return
            }
            #expect(!ticket.isProbe)
        }
        #expect(state.admit(isWrite: false, policy: policy, now: start) == .waitUntil(start + .seconds(1), .budgetSpent))
        // When the window resets, one request goes alone again to learn the new budget.
        guard case .send(let next) = state.admit(isWrite: false, policy: policy, now: start + .seconds(1)) else {
            Issue.record("the reset should let a request go")
            return
        }
        #expect(next.isProbe && next.window == probe.window + 1)
    }

    @Test func aSlowLearningReplyLetsOneMoreRequestLearnEachSecondNotAll() {
        var state = RateLimitHostState()
        let policy = RateLimitPolicy.default
        let patience = RateLimitHostState.learningPatience
        guard case .send(let first) = state.admit(isWrite: false, policy: policy, now: start) else {
            return #expect(Bool(false))
        }
        let later = start + patience
        guard case .send(let second) = state.admit(isWrite: false, policy: policy, now: later) else {
            return #expect(Bool(false), "after the patience one more goes")
        }
        #expect(second.isProbe && second.probe != first.probe)
        #expect(state.admit(isWrite: false, policy: policy, now: later)
            == .waitForChange(.learningBudget, until: later + patience), "but only one")
        // The first one's reply arriving late still teaches the budget.
        state.finish(first, signal: .init(remaining: 5, resetAfter: .seconds(1)), now: later)
        #expect(state.budget == .init(remaining: 4, resetsAt: later + .seconds(1)))
        guard case .send(let third) = state.admit(isWrite: false, policy: policy, now: later) else {
            return #expect(Bool(false))
        }
        #expect(!third.isProbe)
    }

    @Test func requestsStillInFlightAreTakenOffTheReportedBudget() {
        var state = RateLimitHostState()
        let policy = RateLimitPolicy(learnsBudgetFirst: false)
        var tickets: [RateLimitHostState.Ticket] = []
        for _ in 0..<4 {
            if case .send(let ticket) = state.admit(isWrite: false, policy: policy, now: start) { tickets.append(ticket) }
        }
        #expect(tickets.count == 4)
        // The first reply says 5 left; the three others may not have been counted yet.
        state.finish(tickets[0], signal: .init(remaining: 5, resetAfter: .seconds(10)), now: start)
        #expect(state.budget?.remaining == 2)
        // A later reply of the same window lowers it, never raises it.
        state.finish(tickets[1], signal: .init(remaining: 4, resetAfter: .seconds(10)), now: start)
        #expect(state.budget?.remaining == 2)
        state.finish(tickets[2], signal: .init(remaining: 0, resetAfter: .seconds(9)), now: start)
        #expect(state.budget == .init(remaining: 0, resetsAt: start + .seconds(9)))
    }

    /// Seen under ThreadSanitizer against the hostile server: of two requests, the one the server
    /// answered first (8 left) came back after the other (7 left). Read as "more left than we
    /// thought", it let an eleventh request into a window of ten.
    @Test func aReplyThatOvertakesAnotherDoesNotGiveBudgetBack() {
        var state = RateLimitHostState()
        let policy = RateLimitPolicy.default
        guard case .send(let probe) = state.admit(isWrite: false, policy: policy, now: start) else {
            return #expect(Bool(false))
        }
        state.finish(probe, signal: .init(remaining: 9, resetAfter: .seconds(1)), now: start)
        var tickets: [RateLimitHostState.Ticket] = []
        while case .send(let ticket) = state.admit(isWrite: false, policy: policy, now: start) { tickets.append(ticket) }
        #expect(tickets.count == 9)
        state.finish(tickets[1], signal: .init(remaining: 7, resetAfter: .seconds(1)), now: start)
        state.finish(tickets[0], signal: .init(remaining: 8, resetAfter: .seconds(1)), now: start)
        #expect(state.budget?.remaining == 0)
        #expect(state.admit(isWrite: false, policy: policy, now: start) == .waitUntil(start + .seconds(1), .budgetSpent))
    }

    @Test func aReplyFromAnEarlierWindowIsStale() {
        var state = RateLimitHostState()
        let policy = RateLimitPolicy(learnsBudgetFirst: false)
        guard case .send(let old) = state.admit(isWrite: false, policy: policy, now: start),
            case .send(let first) = state.admit(isWrite: false, policy: policy, now: start)
        else { return #expect(Bool(false)) }
        state.finish(first, signal: .init(remaining: 0, resetAfter: .seconds(1)), now: start)
        let later = start + .seconds(1)
        guard case .send(let probe) = state.admit(isWrite: false, policy: policy, now: later) else {
            return #expect(Bool(false))
        }
        // The slow reply of the old window arrives after the reset: its budget is stale...
        state.finish(old, signal: .init(remaining: 0, resetAfter: .seconds(1)), now: later)
        #expect(state.budget == nil)
        // ...but the server may have counted that request in the new window after the probe: the
        // budget the probe's reply tells is taken one lower.
        state.finish(probe, signal: .init(remaining: 9, resetAfter: .seconds(1)), now: later)
        #expect(state.budget == .init(remaining: 8, resetsAt: later + .seconds(1)))
    }

    @Test func retryAfterHoldsEveryRequestAndAHostWithoutBudgetIsNotProbed() {
        var state = RateLimitHostState()
        guard case .send(let ticket) = state.admit(isWrite: false, policy: .default, now: start) else {
            return #expect(Bool(false))
        }
        state.finish(ticket, signal: .init(retryAfter: .seconds(2)), now: start)
        #expect(state.admit(isWrite: false, policy: .default, now: start) == .waitUntil(start + .seconds(2), .retryAfter))
        // No budget was reported, so later requests are not held to learn one.
        guard case .send(let after) = state.admit(isWrite: false, policy: .default, now: start + .seconds(2)) else {
            return #expect(Bool(false))
        }
        #expect(!after.isProbe)
        guard case .send = state.admit(isWrite: false, policy: .default, now: start + .seconds(2)) else {
            return #expect(Bool(false), "a host that gives no budget is not held")
        }
    }
}

/// The middleware with a session and a stub transport: real waits, kept to tens of milliseconds.
@Suite struct RateLimitMiddlewareTests {
    static let hostA = URL(string: "https://a.example")!
    static let hostB = URL(string: "https://b.example")!

    static func get(_ base: URL = hostA, _ path: String = "/x") -> Custom { Custom(baseURL: base, path: path) }
    static func post(_ base: URL = hostA) -> Custom { Custom(baseURL: base, method: .post, path: "/w", body: Data("{}".utf8)) }

    /// Counts requests in flight at the stub, per host, and the most seen.
    final class InFlight: @unchecked Sendable {
        private let lock = NSLock()
        private var current: [String: Int] = [:]
        private var peaks: [String: Int] = [:]
        private var total = 0
        private var totalPeak = 0

        func enter(_ host: String) {
            lock.withLock {
                current[host, default: 0] += 1
                peaks[host] = max(peaks[host] ?? 0, current[host] ?? 0)
                total += 1
                totalPeak = max(totalPeak, total)
            }
        }

        func leave(_ host: String) {
            lock.withLock {
                current[host, default: 0] -= 1
                total -= 1
            }
        }

        func peak(_ host: String) -> Int { lock.withLock { peaks[host] ?? 0 } }
        var peakOverall: Int { lock.withLock { totalPeak } }
    }

    @Test func waitsBeforeSendingUntilTheResetWhenNothingRemains() async throws {
        let stub = StubTransport()
        let arrivals = Recorder<ContinuousClock.Instant>()
        await stub.register(where: { _ in true }) { _ in
            arrivals.append(.now)
            return .init(headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "0.08"])
        }
        let session = Session(transport: stub, middleware: [RateLimitMiddleware()])
        for _ in 0..<3 { _ = try await session.send(Self.get()) }
        let times = arrivals.values
        #expect(times.count == 3)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(earlier.duration(to: later) >= .milliseconds(80), "sent before the reset")
        }
    }

    /// The unit twin of the integration burst: a stub that allows 3 requests per 100 ms window
    /// and refuses more with 429 sees none, and the burst takes at least its windows.
    @Test func aBurstStaysWithinAFixedWindowAndMeetsNo429() async throws {
        let stub = StubTransport()
        let started = ContinuousClock.now
        let window = Duration.milliseconds(100)
        let counts = Locked([Int: Int]())
        let refused = Recorder<Int>()
        await stub.register(where: { _ in true }) { _ in
            let elapsed = started.duration(to: .now)
            let index = Int(elapsed / window)
            let served = counts.withLock { counts in
                counts[index, default: 0] += 1
                return counts[index, default: 0]
            }
            let resetIn = (window * (index + 1) - elapsed).seconds
            let fields: HeaderFields = [
                "X-RateLimit-Limit": "3", "X-RateLimit-Remaining": "\(max(0, 3 - served))",
                "X-RateLimit-Reset": String(format: "%.4f", resetIn + 0.0005),
            ]
            if served > 3 {
                refused.append(index)
                return .init(status: 429, headers: fields)
            }
            return .init(headers: fields)
        }
        let session = Session(transport: stub, middleware: [RateLimitMiddleware()])
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<12 { group.addTask { try await session.response(for: Self.get()).head.statusCode } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let elapsed = started.duration(to: .now)
        #expect(refused.values.isEmpty, "the stub refused requests in windows \(refused.values)")
        #expect(statuses == Array(repeating: 200, count: 12))
        #expect(elapsed >= .milliseconds(300), "12 requests at 3 per 100 ms need at least 4 windows")
    }

    @Test func capsConcurrentRequestsPerHost() async throws {
        let stub = StubTransport()
        let inFlight = InFlight()
        await stub.register(where: { _ in true }) { request in
            let host = request.url?.host ?? ""
            inFlight.enter(host)
            defer { inFlight.leave(host) }
            try await Task.sleep(for: .milliseconds(50))
            return .init()
        }
        let limits = RateLimitMiddleware(RateLimitPolicy(maximumConcurrentRequestsPerHost: 3))
        let session = Session(transport: stub, middleware: [limits])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { _ = try await session.send(Self.get(index.isMultiple(of: 2) ? Self.hostA : Self.hostB)) }
            }
            try await group.waitForAll()
        }
        #expect(await stub.requests.count == 40)
        #expect(inFlight.peak("a.example") == 3)
        #expect(inFlight.peak("b.example") == 3)
        #expect(inFlight.peakOverall > 3, "the cap is per host, not for all hosts together")
    }

    @Test func spacesWritesButNotReads() async throws {
        let stub = StubTransport()
        let writes = Recorder<ContinuousClock.Instant>()  // when each write leaves the rate limiter
        let reads = Rendezvous(count: 4)
        let forced = Recorder<Bool>()
        let watchdog = Task {  // ends a failing run instead of hanging it
            try? await Task.sleep(for: .seconds(20))
            if !Task.isCancelled {
                forced.append(true)
                await reads.open()
            }
        }
        defer { watchdog.cancel() }
        await stub.register(where: { _ in true }) { request in
            if request.httpMethod != "POST" { await reads.arrive() }  // all four reads in flight together
            return .init()
        }
        let leaving = Responder { request, _ in
            if request.httpMethod == "POST" { writes.append(.now) }
            return nil
        }
        let spacing = Duration.milliseconds(40)
        let policy = RateLimitPolicy(writeSpacing: spacing, learnsBudgetFirst: false)
        let session = Session(transport: stub, middleware: [RateLimitMiddleware(policy), leaving])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = try await session.send(Self.post()) } }
            for _ in 0..<4 { group.addTask { _ = try await session.send(Self.get()) } }
            try await group.waitForAll()
        }
        #expect(forced.values.isEmpty, "the reads were not in flight together")
        let times = writes.values.sorted()
        #expect(times.count == 4)
        // Stamped below the middleware, in tasks of their own: a write released 40 ms after the
        // one before can be stamped a little less than 40 ms after it when the earlier task ran
        // late (39.5 ms was seen under ThreadSanitizer). Unspaced writes are about 0 ms apart.
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(earlier.duration(to: later) >= spacing * 3 / 4)
        }
    }

    @Test func theGitHubPresetAsksWhatGitHubAsks() {
        #expect(RateLimitPolicy.github.maximumConcurrentRequestsPerHost == 100)
        #expect(RateLimitPolicy.github.writeSpacing == .seconds(1))
        #expect(RateLimitPolicy.github.writeMethods == [.post, .put, .patch, .delete])
        #expect(RateLimitPolicy.default.maximumConcurrentRequestsPerHost == nil)
    }

    @Test func aWaitPastTheDeadlineFailsAtOnceAndSaysSo() async throws {
        let stub = StubTransport()
        await stub.register(where: { _ in true }, reply: .init(headers: ["RateLimit": #""default";r=0;t=30"#]))
        let session = Session(transport: stub, middleware: [RateLimitMiddleware()], overallTimeout: .seconds(20))
        _ = try await session.send(Self.get())
        let clock = ContinuousClock()
        let started = clock.now
        let error = await #expect(throws: BricksError.rateLimited) { try await session.send(Self.get()) }
        #expect(started.duration(to: clock.now) < .seconds(10), "it failed at once, not at the deadline")
        #expect(await stub.requests.count == 1, "nothing was sent")
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("a.example") && text.contains("deadline") && text.contains("GET"), "\(text)")
        guard case .rateLimited(let until, _) = error?.reason else { return }
        let seconds = until?.timeIntervalSinceNow ?? 0
        #expect(seconds > 10 && seconds <= 30)
    }

    @Test func aWaitLongerThanTheLongestWaitFailsAtOnce() async throws {
        let stub = StubTransport()
        await stub.register(where: { _ in true }, reply: .init(headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "3600"]))
        let session = Session(transport: stub, middleware: [RateLimitMiddleware()])
        _ = try await session.send(Self.get())
        let error = await #expect(throws: BricksError.rateLimited) { try await session.send(Self.get()) }
        #expect(error.map { "\($0)" }?.contains("longest wait of 60 s") == true, "\(String(describing: error))")
        #expect(await stub.requests.count == 1)
    }

    @Test func aSlotThatDoesNotFreeBeforeTheDeadlineFailsTheCall() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/slow", reply: StubTransport.Reply(status: 200).delayed(by: .seconds(10)))
        await stub.register(.get, "/x", reply: .init())
        let limits = RateLimitMiddleware(RateLimitPolicy(maximumConcurrentRequestsPerHost: 1, learnsBudgetFirst: false))
        let session = Session(transport: stub, middleware: [limits])
        let slow = Task { try await session.send(Self.get(Self.hostA, "/slow")) }
        defer { slow.cancel() }
        try await eventually { await stub.requests.count == 1 }
        let error = await #expect(throws: BricksError.rateLimited) {
            try await session.with(overallTimeout: .milliseconds(50)).send(Self.get())
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("https://a.example:443 already had the most concurrent requests allowed (1) in flight"), "\(text)")
    }

    @Test func cancellationEndsAWaitForTheBudgetPromptly() async throws {
        let stub = StubTransport()
        await stub.register(where: { _ in true }, reply: .init(headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "30"]))
        let session = Session(transport: stub, middleware: [RateLimitMiddleware()])
        _ = try await session.send(Self.get())
        let clock = ContinuousClock()
        let started = clock.now
        let waiting = Task { try await session.send(Self.get()) }
        try await Task.sleep(for: .milliseconds(30))
        waiting.cancel()
        await #expect(throws: BricksError.cancelled) { try await waiting.value }
        #expect(started.duration(to: clock.now) < .seconds(10), "the 30 s wait ended with the task")
        #expect(await stub.requests.count == 1)
    }

    @Test func cancellationEndsAWaitForASlotPromptly() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/slow", reply: StubTransport.Reply(status: 200).delayed(by: .seconds(30)))
        let session = Session(
            transport: stub,
            middleware: [RateLimitMiddleware(RateLimitPolicy(maximumConcurrentRequestsPerHost: 1, learnsBudgetFirst: false))])
        let slow = Task { try await session.send(Self.get(Self.hostA, "/slow")) }
        try await eventually { await stub.requests.count == 1 }
        let clock = ContinuousClock()
        let started = clock.now
        let waiting = Task { try await session.send(Self.get()) }
        try await Task.sleep(for: .milliseconds(30))
        waiting.cancel()
        await #expect(throws: BricksError.cancelled) { try await waiting.value }
        #expect(started.duration(to: clock.now) < .seconds(10))
        slow.cancel()
        await #expect(throws: BricksError.cancelled) { try await slow.value }
        #expect(await stub.requests.count == 1, "the cancelled request never went")
    }

    /// RetryMiddleware outside, RateLimitMiddleware inside: the retry of a 429 waits for its
    /// `Retry-After` once, in RetryMiddleware; the rate limiter, which recorded the same
    /// `Retry-After`, finds it passed and adds no wait of its own.
    @Test func withRetryOutsideARetryOf429WaitsOnce() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", replies: [.init(status: 429, headers: ["Retry-After": "2"]), .init()])
        let entered = Recorder<ContinuousClock.Instant>()  // the retry reaching the rate limiter
        let sent = Recorder<ContinuousClock.Instant>()  // the retry leaving it
        let entering = Responder { _, context in
            if context.attempt == 2 { entered.append(.now) }
            return nil
        }
        let leaving = Responder { _, context in
            if context.attempt == 2 { sent.append(.now) }
            return nil
        }
        let retry = RetryMiddleware(RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), jitter: 0))
        let session = Session(transport: stub, middleware: [retry, entering, RateLimitMiddleware(), leaving])
        let clock = ContinuousClock()
        let started = clock.now
        _ = try await session.send(Self.get())
        let total = started.duration(to: clock.now)
        let rateLimiterWait = try #require(entered.values.first).duration(to: try #require(sent.values.first))
        print("429 then 200 with Retry-After: 2 took \(total) in all, \(rateLimiterWait) of it in the rate limiter")
        #expect(total >= .seconds(2), "Retry-After was honoured")
        #expect(rateLimiterWait < .milliseconds(1500), "the rate limiter waited again, \(rateLimiterWait)")
        #expect(total < .seconds(10), "generous bound: two waits would be 4 s")
    }

    /// A `Retry-After` learnt from one refusal holds the other requests to the host too, so they
    /// are not sent into another 429; another host is not held. (A 30 s hold and a 5 s deadline:
    /// a held request fails at once, whatever the machine's load.)
    @Test func aRefusalsRetryAfterHoldsOtherRequestsToTheHostOnly() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", replies: [.init(status: 503, headers: ["Retry-After": "30"]), .init()])
        await stub.register(.get, "/other", reply: .init())
        await stub.register(.get, "/b", reply: .init())
        let session = Session(transport: stub, middleware: [RateLimitMiddleware()], overallTimeout: .seconds(5))
        _ = try? await session.send(Self.get())
        await #expect(throws: BricksError.rateLimited) { try await session.send(Self.get(Self.hostA, "/other")) }
        _ = try await session.send(Self.get(Self.hostB, "/b"))
        #expect(await stub.requests.compactMap { $0.url?.path } == ["/x", "/b"])
    }

    @Test func aSlowFirstReplyHoldsTheOthersForASecondAtMost() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/slow", reply: StubTransport.Reply(status: 200).delayed(by: .seconds(30)))
        await stub.register(.get, "/x", reply: .init())
        let entered = Recorder<ContinuousClock.Instant>()  // the slow request reaching the rate limiter
        let left = Recorder<ContinuousClock.Instant>()  // the next one leaving it
        let entering = Responder { request, _ in
            if request.path == "/slow" { entered.append(.now) }
            return nil
        }
        let leaving = Responder { request, _ in
            if request.path == "/x" { left.append(.now) }
            return nil
        }
        let session = Session(transport: stub, middleware: [entering, RateLimitMiddleware(), leaving])
        let slow = Task { try await session.send(Self.get(Self.hostA, "/slow")) }
        defer { slow.cancel() }
        try await eventually { await stub.requests.count == 1 }
        _ = try await session.send(Self.get())
        let waited = try #require(entered.values.first).duration(to: try #require(left.values.first))
        #expect(waited >= .seconds(1), "it waited for the first reply to tell the budget")
        #expect(waited < .seconds(10), "not for the whole 30 s")
    }

    @Test func requestsToHostsWithoutRateLimitFieldsAreNotHeld() async throws {
        let stub = StubTransport()
        let together = Rendezvous(count: 4)
        await stub.register(.get, "/first", reply: .init())
        await stub.register(.get, "/x") { _ in
            await together.arrive()  // all four in flight together
            return .init()
        }
        let session = Session(transport: stub, middleware: [RateLimitMiddleware()])
        _ = try await session.send(Self.get(Self.hostA, "/first"))
        let forced = Recorder<Bool>()
        let watchdog = Task {  // ends a failing run instead of hanging it
            try? await Task.sleep(for: .seconds(20))
            if !Task.isCancelled {
                forced.append(true)
                await together.open()
            }
        }
        defer { watchdog.cancel() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { _ = try await session.send(Self.get()) } }
            try await group.waitForAll()
        }
        #expect(await stub.requests.count == 5)
        #expect(forced.values.isEmpty, "the requests were not in flight together")
    }
}
