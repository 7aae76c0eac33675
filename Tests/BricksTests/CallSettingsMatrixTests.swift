import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing

/// Every built-in setting, stated by an endpoint of every shape, arrives as stated in the one
/// ``CallContext`` where it is obeyed — the middleware (the cache policy, success) and the
/// transport (the deadline from the timeout, the body limit, the secret names) — for every kind
/// of call: `send`, a stream, a download and a WebSocket handshake. A proxy that forgot to forward
/// a requirement fails here.
@Suite struct CallSettingsMatrixTests {
    enum Tag: CallContextKey { static let defaultValue = "none" }

    /// What must arrive.
    struct Expected {
        var timeout: TimeInterval = 60
        var cache: HTTPCachePolicy = .standard
        var secrets: Set<String> = []
        var maximumResponseSize: Int?
        var acceptable: Range<Int> = 200..<300
        var tag = "none"
    }

    /// States a value other than the default for every setting.
    struct Stating: RequestContextType, GETRequestType, DataResponseType {
        var baseURL: URL { exampleBase }
        var path: String { "/matrix" }
        var timeoutInterval: TimeInterval { 7 }
        var httpCachePolicy: HTTPCachePolicy { .noStore }
        var secretHeaderNames: Set<String> { ["X-Api-Key"] }
        var maximumResponseSize: Int? { 4096 }
        var acceptableStatusCodes: Range<Int> { 200..<205 }
        func configure(_ context: inout CallContext) { context[Tag.self] = "stated" }
    }

    static let stated = Expected(
        timeout: 7, cache: .noStore, secrets: ["x-api-key"], maximumResponseSize: 4096, acceptable: 200..<205,
        tag: "stated")

    /// A proxy of the user's own that forwards nothing by hand.
    struct Passing<Base: RequestContextType>: RequestProxy { var base: Base }

    /// A proxy of the user's own that states every setting itself.
    struct Restating<Base: RequestContextType>: RequestProxy {
        var base: Base
        var timeoutInterval: TimeInterval { 9 }
        var httpCachePolicy: HTTPCachePolicy { .preferCache }
        var secretHeaderNames: Set<String> { base.secretHeaderNames.union(["X-Session"]) }
        var maximumResponseSize: Int? { 2048 }
        var acceptableStatusCodes: Range<Int> { 200..<201 }
        func configure(_ context: inout CallContext) {
            base.configure(&context)
            context[Tag.self] += "+restated"
        }
    }

    /// Two mixins, each setting a different setting through a protocol extension.
    protocol Patient: RequestType {}
    protocol Uncached: RequestType {}

    struct Mixed: RequestContextType, GETRequestType, DataResponseType, Patient, Uncached {
        var baseURL: URL { exampleBase }
        var path: String { "/matrix" }
    }

    /// An endpoint of the value style, whose settings come from proxies.
    static let api = WebAPI(exampleBase.absoluteString)

    /// A WebSocket endpoint stating every setting a handshake has.
    struct Socket: WebSocketEndpoint {
        typealias Outgoing = String
        typealias Incoming = String
        var baseURL: URL { exampleBase }
        var path: String { "/matrix" }
        var timeoutInterval: TimeInterval { 7 }
        var httpCachePolicy: HTTPCachePolicy { .noStore }
        var secretHeaderNames: Set<String> { ["X-Api-Key"] }
        var webSocketSettings: WebSocketSettings { WebSocketSettings(maximumMessageSize: 1234, incomingBufferSize: 5678) }
        func configure(_ context: inout CallContext) { context[Tag.self] = "stated" }
    }

    /// Records the context each call passes through the middleware with.
    struct Observer: Middleware {
        let seen: Recorder<CallContext>
        func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
            async throws -> RawResponse
        {
            seen.append(context)
            return try await next(head, body, context)
        }
    }

    @Test func everySettingArrivesThroughEveryShape() async throws {
        try await check(Stating(), Self.stated)
        try await check(Passing(base: Stating()), Self.stated)
        try await check(Stating().with(header: "X-Trace", value: "1"), Self.stated)
        try await check(Stating().authorized(with: "token"), Self.stated)
        try await check(Stating().with(baseURL: URL(string: "https://staging.example.com")!), Self.stated)
        var timed = Self.stated
        timed.timeout = 2.5
        try await check(Stating().with(timeout: 2.5), timed)
        var cached = Self.stated
        cached.cache = .standard
        try await check(Stating().caching(.standard), cached)
        try await check(Passing(base: Stating().caching(.standard)), cached)
        let restated = Expected(
            timeout: 9, cache: .preferCache, secrets: ["x-api-key", "x-session"], maximumResponseSize: 2048,
            acceptable: 200..<201, tag: "stated+restated")
        try await check(Restating(base: Stating()), restated)
        try await check(Passing(base: Restating(base: Passing(base: Stating()))), restated)
        var restatedThenTimed = restated
        restatedThenTimed.timeout = 3
        try await check(Restating(base: Stating()).with(timeout: 3).with(header: "X-Trace", value: "1"), restatedThenTimed)
        let value: Endpoint<String> = Self.api.get("matrix")
        try await check(value.with(timeout: 7).caching(.noStore), Expected(timeout: 7, cache: .noStore))
        try await check(Mixed(), Expected(timeout: 120, cache: .noStore))
    }

    @Test func everySettingArrivesAtAWebSocketHandshake() async throws {
        let stub = StubWebSocketTransport(script: [])
        let seen = Recorder<CallContext>()
        let session = Session(transport: stub, middleware: [Observer(seen: seen)])
        let before = ContinuousClock.now
        let connection = try await session.connect(to: Socket())
        let after = ContinuousClock.now
        await connection.close()
        let atTransport = try #require(await stub.handshakeContexts.first)
        let expected = Expected(timeout: 7, cache: .noStore, secrets: ["x-api-key"], acceptable: 101..<102, tag: "stated")
        for context in seen.values + [atTransport] {
            expectArrived(expected, in: context)
            #expect(context.webSocketSettings?.maximumMessageSize == 1234)
            #expect(context.maximumMessageSize == 1234)
            #expect(context.incomingBufferSize == 5678)
            #expect(context.bodyMode == .streamed)
        }
        expectDeadline(atTransport, timeout: 7, between: before, and: after)
    }

    /// The endpoint's settings as middleware and the transport find them, for `send`, a stream
    /// and a download of `request`.
    private func check<Request: RequestContextType>(
        _ request: Request, _ expected: Expected, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let stub = StubTransport()
        await stub.register(.get, "/matrix", reply: .init(body: Data("\"ok\"".utf8)))
        let seen = Recorder<CallContext>()
        let session = Session(transport: stub, middleware: [Observer(seen: seen)])
        let before = ContinuousClock.now
        _ = try await session.send(request)
        for try await _ in session.bytes(of: request) {}
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try await session.download(request, to: file)
        let after = ContinuousClock.now
        let sent = await stub.requests
        try #require(sent.count == 3 && seen.count == 3, sourceLocation: sourceLocation)
        for (kind, context) in zip([CallContext.BodyMode.collected, .streamed, .streamed], seen.values) {
            expectArrived(expected, in: context, sourceLocation: sourceLocation)
            #expect(context.bodyMode == kind, sourceLocation: sourceLocation)
        }
        for request in sent {
            expectArrived(expected, in: request.context, sourceLocation: sourceLocation)
            expectDeadline(request.context, timeout: expected.timeout, between: before, and: after, sourceLocation: sourceLocation)
        }
        // The limit obeyed: the endpoint's own for every kind, else the session's for a whole body.
        #expect(sent[0].context.maximumBodySize == expected.maximumResponseSize ?? ResponseLimits.defaultMaximumBodySize,
            sourceLocation: sourceLocation)
        #expect(sent[1].context.maximumBodySize == expected.maximumResponseSize ?? .max, sourceLocation: sourceLocation)
    }

    private func expectArrived(
        _ expected: Expected, in context: CallContext, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(context.timeoutInterval == expected.timeout, sourceLocation: sourceLocation)
        #expect(context.httpCachePolicy == expected.cache, sourceLocation: sourceLocation)
        #expect(context.secretHeaderNames == SecretNames.headerFields.union(expected.secrets).reduce(into: []) {
            $0.insert($1.lowercased())
        }, sourceLocation: sourceLocation)
        #expect(context.maximumResponseSize == expected.maximumResponseSize, sourceLocation: sourceLocation)
        #expect(context.acceptableStatusCodes == expected.acceptable, sourceLocation: sourceLocation)
        #expect(context[Tag.self] == expected.tag, sourceLocation: sourceLocation)
    }

    /// The transport's deadline is the timeout from the exchange's start.
    private func expectDeadline(
        _ context: CallContext, timeout: TimeInterval, between before: ContinuousClock.Instant,
        and after: ContinuousClock.Instant, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let deadline = context.deadline else {
            Issue.record("no deadline reached the transport", sourceLocation: sourceLocation)
            return
        }
        let budget = Duration.nanoseconds(Int64(timeout * 1e9))
        #expect(deadline >= before + budget && deadline <= after + budget, sourceLocation: sourceLocation)
    }
}

extension CallSettingsMatrixTests.Patient {
    var timeoutInterval: TimeInterval { 120 }
}

extension CallSettingsMatrixTests.Uncached {
    var httpCachePolicy: HTTPCachePolicy { .noStore }
}
