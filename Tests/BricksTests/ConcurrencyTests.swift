@testable import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every test of concurrent behaviour, in one suite so that CI can run it under the thread
/// sanitizer: `swift test --sanitize=thread --filter ConcurrencyTests`.
@Suite struct ConcurrencyTests {
    struct RefreshFailed: Error, Equatable {}

    /// A server that holds every request carrying the stale token until `count` of them have
    /// arrived, answers them 401 together, and accepts the fresh token at once.
    static func expiringServer(holding count: Int, calls: Recorder<String>) -> ReplyingTransport {
        let together = Rendezvous(count: count)
        return ReplyingTransport { request in
            let authorization = request.value(forHTTPHeaderField: "Authorization") ?? ""
            calls.append(authorization)
            if authorization == "Bearer fresh" { return (Data("ok".utf8), responseHead(for: request, status: 200)) }
            await together.arrive()
            return (Data(), responseHead(for: request, status: 401))
        }
    }

    /// Sends `count` copies of `request` at once and returns their results in order.
    static func sendConcurrently<Request: RequestContextType & Sendable>(
        _ count: Int, _ request: Request, through session: Session
    ) async -> [Result<Request.Response, any Error>] where Request.Response: Sendable {
        await withTaskGroup(of: (Int, Result<Request.Response, any Error>).self) { group in
            for index in 0..<count {
                group.addTask {
                    do { return (index, .success(try await session.send(request))) } catch { return (index, .failure(error)) }
                }
            }
            var results = [(Int, Result<Request.Response, any Error>)]()
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// The refresh tests run several rounds: their races are between tasks, not fixed by the test.
    static let rounds = 1...5

    @Test(arguments: rounds)
    func hundredConcurrent401sMakeExactlyOneRefresh(round: Int) async throws {
        let calls = Recorder<String>()
        let refreshes = Recorder<String>()
        let tokens = TokenStore(token: "stale") { rejected in
            refreshes.append(rejected)
            return "fresh"
        }
        let session = Session(
            transport: Self.expiringServer(holding: 100, calls: calls),
            middleware: [AuthorizationMiddleware(tokens: tokens)])
        let results = await Self.sendConcurrently(100, Custom(path: "/me"), through: session)
        #expect(results.filter { (try? $0.get()) == Data("ok".utf8) }.count == 100)
        #expect(refreshes.values == ["stale"])
        #expect(calls.values.filter { $0 == "Bearer stale" }.count == 100)
        #expect(calls.values.filter { $0 == "Bearer fresh" }.count == 100)
    }

    @Test(arguments: rounds)
    func aFailedRefreshFailsAllHundredRequestsAfterOneAttempt(round: Int) async throws {
        let calls = Recorder<String>()
        let refreshes = Recorder<String>()
        let tokens = TokenStore(token: "stale") { rejected in
            refreshes.append(rejected)
            throw RefreshFailed()
        }
        let session = Session(
            transport: Self.expiringServer(holding: 100, calls: calls),
            middleware: [AuthorizationMiddleware(tokens: tokens)])
        let results = await Self.sendConcurrently(100, Custom(path: "/me"), through: session)
        let errors = results.compactMap { result -> (any Error)? in
            if case .failure(let error) = result { return error }
            return nil
        }
        #expect(errors.count == 100)
        #expect(errors.allSatisfy { $0 is RefreshFailed })
        #expect(refreshes.count == 1)
        #expect(calls.count == 100)
    }

    @Test func fiftyIdenticalGETsShareOneTransportCall() async throws {
        let dedup = DeduplicationMiddleware()
        let transport = GatedTransport(gate: Rendezvous(count: .max), body: #"{"id": 1, "login": "octocat"}"#)
        let session = Session(transport: transport, middleware: [dedup])
        let all = Task { await Self.sendConcurrently(50, GetUser(login: "octocat"), through: session) }
        try await eventually { dedup.waiterCount == 50 }
        await transport.gate.open()
        let users = try await all.value.map { try $0.get() }
        #expect(users.count == 50)
        #expect(users.allSatisfy { $0 == User(id: 1, login: "octocat") })
        #expect(transport.calls.count == 1)
    }

    @Test func cancelledWaitersOfASharedCallLeaveTheRestServed() async throws {
        let dedup = DeduplicationMiddleware()
        let transport = GatedTransport(gate: Rendezvous(count: .max), body: "shared")
        let session = Session(transport: transport, middleware: [dedup])
        let tasks = (0..<200).map { _ in Task { try await session.send(Custom(path: "/x")) } }
        try await eventually { dedup.waiterCount == 200 }
        for (index, task) in tasks.enumerated() where index.isMultiple(of: 2) { task.cancel() }
        await transport.gate.open()
        for (index, task) in tasks.enumerated() {
            if index.isMultiple(of: 2) {
                await #expect(throws: BricksError(.cancelled)) { try await task.value }
            } else {
                #expect(try await task.value == Data("shared".utf8))
            }
        }
    }

    @Test func activityCallbacksStayBalancedOverAThousandMixedRequests() async throws {
        let changes = Recorder<Bool>()
        let activity = ActivityMiddleware { changes.append($0) }
        let slowArrivals = Recorder<Int>()
        let stub = StubTransport()
        await stub.register(.get, "/ok", reply: .init(status: 204))
        await stub.register(.get, "/fail", reply: .init(failure: URLError(.networkConnectionLost)))
        await stub.register(.get, "/slow", reply: .init(status: 204, delay: .seconds(60)))
        let countSlow = Responder { request, _ in
            if request.path == "/slow" { slowArrivals.append(1) }
            return nil
        }
        let session = Session(transport: stub, middleware: [activity, countSlow])
        let paths = (0..<1000).map { ["/ok", "/fail", "/slow"][$0 % 3] }
        let tasks = paths.map { path in Task { try await session.send(Custom(path: path)) } }
        let slowCount = paths.filter { $0 == "/slow" }.count
        try await eventually { slowArrivals.count == slowCount }
        for (path, task) in zip(paths, tasks) where path == "/slow" { task.cancel() }

        var outcomes: [String: Int] = [:]
        for task in tasks {
            switch await task.result {
            case .success: outcomes["ok", default: 0] += 1
            case .failure(let error as BricksError) where error == BricksError(.cancelled):
                outcomes["cancelled", default: 0] += 1
            case .failure: outcomes["failed", default: 0] += 1
            }
        }
        #expect(outcomes == ["ok": 334, "failed": 333, "cancelled": 333])
        let sequence = changes.values
        #expect(!sequence.isEmpty)
        #expect(sequence.enumerated().allSatisfy { $0.element == $0.offset.isMultiple(of: 2) })
        #expect(sequence.last == false)
        #expect(activity.requestsInFlight == 0)
    }

    @Test func concurrentRetriesFinishOrStopAtOnceWhenCancelled() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/busy", reply: .init(status: 503))
        await stub.register(.get, "/patient", reply: .init(status: 503))
        let quick = Session(
            transport: stub, middleware: [RetryMiddleware(.exponentialBackoff(maxAttempts: 3, baseDelay: .milliseconds(2)))])
        let slow = Session(
            transport: stub, middleware: [RetryMiddleware(.exponentialBackoff(maxAttempts: 3, baseDelay: .seconds(60)))])
        let waiting = (0..<50).map { _ in Task { try await slow.send(Custom(path: "/patient")) } }
        let finishing = (0..<50).map { _ in Task { try await quick.send(Custom(path: "/busy")) } }
        try await eventually { await stub.requests.filter { $0.url?.path == "/patient" }.count == 50 }
        let cancelledAt = ContinuousClock.now
        for task in waiting { task.cancel() }
        for task in waiting {
            await #expect(throws: BricksError(.cancelled)) { try await task.value }
        }
        #expect(ContinuousClock.now - cancelledAt < .seconds(10))
        for task in finishing {
            let error = await #expect(throws: BricksError.self) { try await task.value }
            #expect(error?.statusCode == 503)
        }
        let paths = await stub.requests.map { $0.url?.path ?? "" }
        #expect(paths.filter { $0 == "/patient" }.count == 50)
        #expect(paths.filter { $0 == "/busy" }.count == 150)
    }
}
