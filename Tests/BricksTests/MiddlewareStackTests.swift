import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct MiddlewareStackTests {
    /// Adds its name to a request header on the way in and to the reply body on the way out.
    struct Layer: Middleware {
        let name: String
        func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws -> RawResponse {
            var request = request
            let trace = request.value(forHTTPHeaderField: "X-Trace").map { $0 + "," } ?? ""
            request.setValue(trace + name, forHTTPHeaderField: "X-Trace")
            var response = try await next(request, body, context)
            let data = try await response.body.collect(upTo: .max)
            response.body = ResponseBody(data + Data(",\(name)".utf8))
            return response
        }
    }

    /// Answers by itself, never calling `next`.
    struct Answering: Middleware {
        func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws -> RawResponse {
            RawResponse(head: responseHead(for: request, status: 200), body: ResponseBody(Data("short".utf8)))
        }
    }

    struct Throwing: Middleware {
        let error: any Error
        func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws -> RawResponse {
            throw error
        }
    }

    struct AppError: Error, Equatable { let code: Int }

    @Test func requestsFlowInArrayOrderAndRepliesInReverse() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(body: Data("t".utf8)))
        let session = Session(transport: stub, middleware: ["a", "b", "c"].map { Layer(name: $0) })
        let body = try await session.send(Custom(path: "/x"))
        #expect(String(decoding: body, as: UTF8.self) == "t,c,b,a")
        let sent = try #require(await stub.requests.first)
        #expect(sent.value(forHTTPHeaderField: "X-Trace") == "a,b,c")
    }

    @Test func aMiddlewareMayAnswerWithoutCallingNext() async throws {
        let stub = StubTransport()
        let session = Session(transport: stub, middleware: [Layer(name: "a"), Answering(), Layer(name: "c")])
        let body = try await session.send(Custom(path: "/x"))
        #expect(String(decoding: body, as: UTF8.self) == "short,a")
        #expect(await stub.requests.isEmpty)
    }

    @Test func anAppErrorThrownInsideTheStackReachesTheCallerUnchanged() async throws {
        let seen = Recorder<String>()
        struct Watching: Middleware {
            let seen: Recorder<String>
            func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws
                -> RawResponse
            {
                do { return try await next(request, body, context) } catch {
                    seen.append("\(error)")
                    throw error
                }
            }
        }
        let stub = StubTransport()
        let session = Session(transport: stub, middleware: [Watching(seen: seen), Throwing(error: AppError(code: 7))])
        await #expect(throws: AppError(code: 7)) { try await session.send(Custom(path: "/x")) }
        #expect(seen.values == ["AppError(code: 7)"])
        #expect(await stub.requests.isEmpty)
    }

    @Test func urlErrorsAndCancellationFromMiddlewareBecomeBricksErrors() async throws {
        let stub = StubTransport()
        await #expect(throws: BricksError(.transport(URLError(.cannotConnectToHost)))) {
            try await Session(transport: stub, middleware: [Throwing(error: URLError(.cannotConnectToHost))])
                .send(Custom(path: "/x"))
        }
        await #expect(throws: BricksError.cancelled) {
            try await Session(transport: stub, middleware: [Throwing(error: CancellationError())]).send(Custom(path: "/x"))
        }
    }

    @Test func contextStorageLetsMiddlewareCooperate() async throws {
        enum Tag: CallContextKey { static let defaultValue = "none" }
        struct Writer: Middleware {
            func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws
                -> RawResponse
            {
                #expect(context[Tag.self] == "none")
                var context = context
                context[Tag.self] = "set by writer"
                return try await next(request, body, context)
            }
        }
        let seen = Recorder<String>()
        let reader = Responder { _, context in
            seen.append(context[Tag.self])
            return .init(status: 204)
        }
        _ = try await Session(transport: StubTransport(), middleware: [Writer(), reader]).send(Custom(path: "/x"))
        #expect(seen.values == ["set by writer"])
    }

    @Test(arguments: [
        (HTTPMethod.get, [String: String](), true), (.put, [:], true), (.delete, [:], true),
        (.post, [:], false), (.patch, [:], false), (.post, ["Idempotency-Key": "k1"], true),
    ])
    func contextKnowsIdempotency(method: HTTPMethod, headers: [String: String], idempotent: Bool) async throws {
        let seen = Recorder<Bool>()
        let probe = Responder { _, context in
            seen.append(context.isIdempotent)
            return .init(status: 204)
        }
        let body = method == .get ? nil : Data("{}".utf8)
        _ = try await Session(transport: StubTransport(), middleware: [probe])
            .send(Custom(method: method, path: "/x", headerFields: headers, body: body))
        #expect(seen.values == [idempotent])
    }

    @Test func variantsAddRemoveAndReplaceOneMiddleware() async throws {
        let base = Session.default
        #expect(base.middleware.map { "\(type(of: $0))" } == ["RetryMiddleware", "DeduplicationMiddleware"])
        let stub = StubTransport()
        let test = base.with(transport: stub).removing(RetryMiddleware.self).appending(Layer(name: "in"))
            .prepending(Layer(name: "out"))
        #expect(test.middleware.map { "\(type(of: $0))" } == ["Layer", "DeduplicationMiddleware", "Layer"])
        #expect(test.transport is StubTransport)
        #expect(base.middleware.count == 2)

        let replaced = base.replacing(RetryMiddleware.self, with: RetryMiddleware(.exponentialBackoff(maxAttempts: 7)))
        let retry = try #require(replaced.middleware.first as? RetryMiddleware)
        #expect(retry.policy.maxAttempts == 7)

        await stub.register(.get, "/x", reply: .init(body: Data("t".utf8)))
        let body = try await test.send(Custom(path: "/x"))
        #expect(String(decoding: body, as: UTF8.self) == "t,in,out")
    }

    /// The core keeps the deadline itself: the transport sees each request's own timeout (the
    /// old Session shortened it instead), and the call still fails by the overall deadline.
    @Test func overallTimeoutBoundsEachCallAndLeavesTheRequestsTimeoutAlone() async throws {
        let seen = Recorder<TimeInterval>()
        let transport = ContextReplyingTransport { request, context in
            seen.append(context.timeoutInterval)
            if request.path == "/slow" { try await Task.sleep(for: .seconds(30)) }
            return (Data(), responseHead(for: request, status: 200))
        }
        let session = Session(transport: transport, overallTimeout: .milliseconds(300))
        _ = try await session.send(Custom(path: "/x", timeoutInterval: 60))

        var started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) { try await session.send(Custom(path: "/slow", timeoutInterval: 60)) }
        var elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(250) && elapsed < .seconds(10))

        started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) {
            try await session.with(overallTimeout: nil).send(Custom(path: "/slow", timeoutInterval: 0.2))
        }
        elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(150) && elapsed < .seconds(10))
        #expect(seen.values == [60, 60, 0.2])
    }

    @Test func aContextsDeadlineReadsBackExactlyAsSet() {
        // The context keeps it as a distance from one instant of the process: nothing is rounded.
        var context = CallContext()
        #expect(context.deadline == nil && context.timeRemaining == nil)
        let now = ContinuousClock.now
        for instant in [now, now - .seconds(3600), now + .seconds(86_400 * 365), now + .nanoseconds(1), now + .seconds(1e-15)] {
            context.deadline = instant
            #expect(context.deadline == instant)
        }
        context.deadline = nil
        #expect(context.deadline == nil)
        let later = now + .seconds(30)
        #expect(CallContext(deadline: later).deadline == later)
        let remaining = CallContext(deadline: later).timeRemaining
        #expect(remaining.map { $0 > .seconds(25) && $0 <= .seconds(30) } == true)
    }

    @Test func aDeadlineThatHasPassedFailsBeforeTheTransport() async throws {
        struct Expired: Middleware {
            func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws
                -> RawResponse
            {
                var context = context
                context.deadline = .now - .seconds(1)
                #expect(try #require(context.timeRemaining) < .zero)
                return try await next(request, body, context)
            }
        }
        let stub = StubTransport()
        await #expect(throws: BricksError.timedOut) {
            try await Session(transport: stub, middleware: [Expired()]).send(Custom(path: "/x"))
        }
        #expect(await stub.requests.isEmpty)
    }
}

// MARK: - Helpers shared by the middleware tests

/// A transport that answers with a closure, with a body in memory.
struct ReplyingTransport: HTTPTransport {
    let reply: @Sendable (RequestHead) async throws -> (Data, ResponseHead)
    init(_ reply: @escaping @Sendable (RequestHead) async throws -> (Data, ResponseHead)) { self.reply = reply }
    func exchange(_ request: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        let (data, head) = try await reply(request)
        return RawResponse(head: head, body: ResponseBody(data))
    }
}

/// A transport that answers with `reply`, which sees the call's context too.
struct ContextReplyingTransport: HTTPTransport {
    let reply: @Sendable (RequestHead, CallContext) async throws -> (Data, ResponseHead)
    init(_ reply: @escaping @Sendable (RequestHead, CallContext) async throws -> (Data, ResponseHead)) {
        self.reply = reply
    }
    func exchange(_ request: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        let (data, head) = try await reply(request, context)
        return RawResponse(head: head, body: ResponseBody(data))
    }
}

/// A transport that holds every request at `gate`, then answers 200 with `body` (by default one
/// naming the call) or fails with `failure`; it counts calls and cancellations.
struct GatedTransport: HTTPTransport {
    let gate: Rendezvous
    var body: String?
    var failure: URLError?
    let calls = Recorder<String>()
    let cancelled = Recorder<Bool>()

    func exchange(_ request: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        calls.append(request.path)
        await gate.arrive()
        if Task.isCancelled {
            cancelled.append(true)
            throw CancellationError()
        }
        if let failure { throw failure }
        return RawResponse(
            head: responseHead(for: request, status: 200),
            body: ResponseBody(Data((self.body ?? "call \(calls.count)").utf8)))
    }
}

/// A middleware that answers from a closure that sees the request and its context, or passes the
/// request on when the closure returns `nil` (what the removed `StubMiddleware` did, for tests that
/// need the context: the attempt number, the idempotency, context storage).
struct Responder: Middleware {
    let respond: @Sendable (RequestHead, CallContext) async throws -> StubTransport.Reply?
    init(_ respond: @escaping @Sendable (RequestHead, CallContext) async throws -> StubTransport.Reply?) {
        self.respond = respond
    }

    func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws -> RawResponse {
        guard let reply = try await respond(request, context) else { return try await next(request, body, context) }
        return RawResponse(
            head: ResponseHead(statusCode: reply.status, headerFields: reply.headers, url: try request.makeURL()),
            body: ResponseBody(reply.body))
    }
}

/// The head of a reply to `request`.
func responseHead(for request: RequestHead, status: Int, headers: HeaderFields = [:]) -> ResponseHead {
    ResponseHead(statusCode: status, headerFields: headers, url: request.url!)
}

/// Collects values from any task.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private var stored: [Value] = []
    private let lock = NSLock()
    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
    var count: Int { lock.withLock { stored.count } }
}

/// Holds callers until `count` of them have arrived, then lets them all through: proves that
/// they were in flight together.
actor Rendezvous {
    private let count: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    init(count: Int) { self.count = count }

    func arrive() async {
        if isOpen { return }
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            if waiting.count >= count { open() }
        }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

/// Waits until `condition` holds, checking after each short pause; fails the test after `limit`.
func eventually(
    within limit: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("condition not met within \(limit)", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(1))
    }
}
