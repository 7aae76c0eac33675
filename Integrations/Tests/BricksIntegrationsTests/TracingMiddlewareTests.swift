import Bricks
import BricksTesting
import BricksTracing
import Foundation
import InMemoryTracing
import IntegrationsTestSupport
import Testing
import Tracing

@Suite struct TracingMiddlewareTests {
    let tracer = InMemoryTracer()

    @Test func aClientSpanPerRequestWithTheHTTPAttributes() async throws {
        let stub = await stub(octocat)
        let session = stub.session(middleware: [TracingMiddleware(tracer: tracer)])
        _ = try await session.send(GetUser(login: "octocat", queryItems: secretQuery))

        let span = try #require(tracer.finishedSpans.only)
        #expect(span.operationName == "GET GetUser")
        #expect(span.kind == .client)
        #expect(span.attributes.get("http.request.method") == .string("GET"))
        #expect(span.attributes.get("url.full") == .string("https://api.example.com/users/octocat?token=REDACTED&page=2"))
        #expect(span.attributes.get("server.address") == .string("api.example.com"))
        #expect(span.attributes.get("server.port") == .int64(443))
        #expect(span.attributes.get("http.response.status_code") == .int64(200))
        #expect(span.attributes.get("bricks.endpoint") == .string("GetUser"))
        #expect(span.attributes.get("bricks.attempt") == .int64(1))
        #expect(span.attributes.get("http.request.resend_count") == nil)
        #expect(span.attributes.get("error.type") == nil)
        #expect(span.status == nil)
        #expect(span.errors.isEmpty)
        #expect(span.parentSpanID == nil)
        // The span's context travels in the request sent.
        let sent = try #require(await stub.requests.only)
        #expect(sent.value(forHTTPHeaderField: InMemoryTracer.traceIDKey) == span.traceID)
        #expect(sent.value(forHTTPHeaderField: InMemoryTracer.spanIDKey) == span.spanID)
    }

    @Test func injectsThroughTheInstrumentationSystemByDefault() async throws {
        let tracer = TraceparentTracer()
        let stub = await stub(octocat)
        let session = stub.session(middleware: [TracingMiddleware()])
        try await withTracer(tracer) {
            _ = try await session.send(GetUser(login: "octocat"))
        }
        let span = try #require(tracer.finishedSpans.only)
        let sent = try #require(await stub.requests.only)
        #expect(sent.value(forHTTPHeaderField: "traceparent") == "00-\(span.traceID)-\(span.spanID)-01")
        #expect(span.traceID.count == 32 && span.spanID.count == 16)
    }

    @Test func theSpanIsAChildOfTheCurrentContext() async throws {
        let stub = await stub(octocat)
        let session = stub.session(middleware: [TracingMiddleware(tracer: tracer)])
        try await tracer.withSpan("checkout") { _ in
            _ = try await session.send(GetUser(login: "octocat"))
        }
        let parent = try #require(tracer.finishedSpans.first { $0.operationName == "checkout" })
        let request = try #require(tracer.finishedSpans.first { $0.operationName == "GET GetUser" })
        #expect(request.parentSpanID == parent.spanID)
        #expect(request.traceID == parent.traceID)
    }

    @Test func theLayersBelowRunInTheSpansContext() async throws {
        let seen = Recorded<String?>()
        let probe = ClosureMiddleware { head, body, context, next in
            seen.set(ServiceContext.current?.inMemorySpanContext?.spanID)
            return try await next(head, body, context)
        }
        let stub = await stub(octocat)
        let session = stub.session(middleware: [TracingMiddleware(tracer: tracer), probe])
        _ = try await session.send(GetUser(login: "octocat"))
        let span = try #require(tracer.finishedSpans.only)
        #expect(seen.value == span.spanID)
    }

    @Test(arguments: [404, 500, 503])
    func aFailingStatusSetsTheErrorStatus(status: Int) async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(status: status))
        let session = stub.session(middleware: [TracingMiddleware(tracer: tracer)])
        _ = try? await session.send(Probe("/x"))

        let span = try #require(tracer.finishedSpans.only)
        #expect(span.status?.code == .error)
        #expect(span.attributes.get("error.type") == .string(String(status)))
        #expect(span.attributes.get("http.response.status_code") == .int64(Int64(status)))
        #expect(span.errors.isEmpty)
    }

    /// A status the endpoint accepts leaves the span's status unset, whatever its class.
    @Test func aStatusTheEndpointAcceptsIsNoError() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(status: 404))
        let session = stub.session(middleware: [TracingMiddleware(tracer: tracer)])
        _ = try await session.send(Probe("/x", accepting: 200..<405))

        let span = try #require(tracer.finishedSpans.only)
        #expect(span.status == nil)
        #expect(span.attributes.get("error.type") == nil)
        #expect(span.attributes.get("http.response.status_code") == .int64(404))
    }

    @Test func aTransportFailureIsRecorded() async throws {
        let stub = await stub(.failing(.cannotConnectToHost))
        let session = stub.session(middleware: [TracingMiddleware(tracer: tracer)])
        _ = try await reason { _ = try await session.send(GetUser(login: "octocat", queryItems: secretQuery)) }

        let span = try #require(tracer.finishedSpans.only)
        #expect(span.status?.code == .error)
        #expect(span.attributes.get("error.type") == .string("transport"))
        #expect(span.attributes.get("http.response.status_code") == nil)
        let recorded = try #require(span.errors.only)
        let error = try #require(recorded.error as? BricksError)
        guard case .transport = error.reason else { Issue.record("recorded \(error)"); return }
    }

    @Test func aTimeoutHasTheTypeTimeout() async throws {
        let stub = await stub(.failing(.timedOut))
        let session = stub.session(middleware: [TracingMiddleware(tracer: tracer)])
        _ = try await reason { _ = try await session.send(GetUser(login: "octocat")) }
        #expect(tracer.finishedSpans.only?.attributes.get("error.type") == .string("timeout"))
    }

    @Test func afterRetryEachAttemptIsASpanOfItsOwn() async throws {
        let stub = await stub(.init(status: 503), octocat)
        let session = stub.session(middleware: [immediateRetry, TracingMiddleware(tracer: tracer)])
        try await tracer.withSpan("parent") { _ in
            _ = try await session.send(GetUser(login: "octocat"))
        }
        let parent = try #require(tracer.finishedSpans.first { $0.operationName == "parent" })
        let attempts = tracer.finishedSpans.filter { $0.operationName == "GET GetUser" }
        try #require(attempts.count == 2)
        #expect(attempts.allSatisfy { $0.parentSpanID == parent.spanID })
        #expect(attempts[0].spanID != attempts[1].spanID)
        #expect(attempts.map { $0.attributes.get("http.response.status_code") } == [.int64(503), .int64(200)])
        #expect(attempts.map { $0.attributes.get("http.request.resend_count") } == [nil, .int64(1)])
        #expect(attempts.map { $0.status?.code } == [.error, nil])
        // Each attempt carried its own span's context.
        let sent = await stub.requests.map { $0.value(forHTTPHeaderField: InMemoryTracer.spanIDKey) }
        #expect(sent == attempts.map(\.spanID))
    }

    @Test func aRedirectChainIsOneSpanThatRecordsTheFinalURL() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/old", reply: .init(status: 301, headers: ["Location": "/new?token=abc"]))
        await stub.register(.get, "/new", reply: .text("moved"))
        let session = stub.session(middleware: [TracingMiddleware(tracer: tracer)])
        _ = try await session.send(Probe("/old"))

        let span = try #require(tracer.finishedSpans.only)
        let final = "https://api.example.com/new?token=REDACTED"
        #expect(span.attributes.get("url.full") == .string("https://api.example.com/old"))
        #expect(span.attributes.get("bricks.final_url") == .string(final))
        #expect(span.attributes.get("http.response.status_code") == .int64(200))
        let event = try #require(span.events.only)
        #expect(event.name == "redirected")
        #expect(event.attributes.get("url.full") == .string(final))
        // Both hops carried the span's context.
        let sent = await stub.requests.map { $0.value(forHTTPHeaderField: InMemoryTracer.spanIDKey) }
        #expect(sent == [span.spanID, span.spanID])
    }

    @Test func aNonStandardMethodIsOther() async throws {
        let purge = try #require(HTTPMethod(rawValue: "PURGE"))
        let head = try RequestHead(method: purge, url: URL(string: "http://localhost:8080/cache")!)
        let context = CallContext(endpointType: Probe.self, isIdempotent: false)
        let tracing = TracingMiddleware(tracer: tracer)
        let response = try await tracing.intercept(head, body: nil, context: context) { head, _, _ in
            RawResponse(head: ResponseHead(statusCode: 200, url: try head.makeURL()))
        }
        #expect(response.head.statusCode == 200)
        let span = try #require(tracer.finishedSpans.only)
        #expect(span.operationName == "PURGE Probe")
        #expect(span.attributes.get("http.request.method") == .string("_OTHER"))
        #expect(span.attributes.get("http.request.method_original") == .string("PURGE"))
        #expect(span.attributes.get("server.address") == .string("localhost"))
        #expect(span.attributes.get("server.port") == .int64(8080))
    }

    @Test func theInjectorRefusesValuesThatWouldSplitTheHeader() {
        var fields = HeaderFields()
        HeaderFieldsInjector().inject("00-abc-def-01", forKey: "traceparent", into: &fields)
        HeaderFieldsInjector().inject("a\r\nX-Evil: 1", forKey: "tracestate", into: &fields)
        HeaderFieldsInjector().inject("a", forKey: "X-Bad\nName", into: &fields)
        #expect(fields.count == 1)
        #expect(fields["traceparent"] == "00-abc-def-01")
    }

    /// The injector replaces a field of the same name, in any case, rather than adding a second.
    @Test func theInjectorReplacesAFieldOfTheSameName() {
        var fields: HeaderFields = ["Accept": "*/*", "Traceparent": "00-old-old-01"]
        fields.append(name: "TRACEPARENT", value: "00-older-older-01")
        HeaderFieldsInjector().inject("00-abc-def-01", forKey: "traceparent", into: &fields)
        #expect(fields.values(for: "traceparent") == ["00-abc-def-01"])
        #expect(fields.map(\.name) == ["Accept", "Traceparent"])
    }
}

/// A middleware made of a closure, for the tests.
struct ClosureMiddleware: Middleware {
    let handle: @Sendable (RequestHead, RequestBody?, CallContext, Next) async throws -> RawResponse
    init(_ handle: @escaping @Sendable (RequestHead, RequestBody?, CallContext, Next) async throws -> RawResponse) {
        self.handle = handle
    }
    func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next)
        async throws -> RawResponse
    { try await handle(head, body, context, next) }
}

/// A value set from another task.
final class Recorded<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
}

extension Collection {
    /// The only element, or `nil` when there are none or several.
    var only: Element? { count == 1 ? first : nil }
}
