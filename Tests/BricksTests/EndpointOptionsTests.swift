import Bricks
import BricksTesting
import Foundation
import Testing

/// An endpoint's settings reach middleware in one value, through any proxy.
@Suite struct EndpointOptionsTests {
    enum SampleRate: MiddlewareContextKey { static let defaultValue = 1.0 }

    struct GetFeed: RequestContextType, GETRequestType, DataResponseType {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/feed" }
        var maximumResponseSize: Int? { 4 }
        var secretHeaderNames: Set<String> { ["X-Api-Key"] }
        var options: EndpointOptions { EndpointOptions(of: self).setting(SampleRate.self, to: 0.1) }
    }

    struct GetOther: RequestContextType, GETRequestType, DataResponseType {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/feed" }
    }

    /// A proxy of the user's own that forwards nothing by hand.
    struct Tagged<Base: RequestContextType>: RequestProxy {
        var base: Base
    }

    /// Records what it finds in the context.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [(Double, HTTPCachePolicy, Bool)] = []
        func add(_ value: (Double, HTTPCachePolicy, Bool)) { lock.withLock { values.append(value) } }
        var all: [(Double, HTTPCachePolicy, Bool)] { lock.withLock { values } }
    }

    struct Reader: Middleware {
        let seen: Seen
        func intercept(_ head: RequestHead, body: RequestBody?, context: MiddlewareContext, next: Next)
            async throws -> RawResponse
        {
            seen.add((context[SampleRate.self], context.httpCachePolicy, context.secretHeaderNames.contains("x-api-key")))
            return try await next(head, body, context)
        }
    }

    @Test func aSettingReachesMiddlewareThroughEveryProxy() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/feed", reply: .init(body: Data("ok".utf8)))
        let seen = Seen()
        let session = Session(transport: stub, middleware: [Reader(seen: seen)])
        _ = try await session.send(GetFeed())
        _ = try await session.send(Tagged(base: GetFeed()))
        _ = try await session.send(GetFeed().with(timeout: 5).with(header: "X-Trace", value: "1").caching(.noStore))
        _ = try await session.send(GetFeed().with(baseURL: URL(string: "https://api.example.com")!))
        _ = try await session.send(GetOther())
        let all = seen.all
        #expect(all.map(\.0) == [0.1, 0.1, 0.1, 0.1, 1.0])
        #expect(all.map(\.1) == [.standard, .standard, .noStore, .standard, .standard])
        #expect(all.map(\.2) == [true, true, true, true, false])
    }

    /// A proxy of the user's own that states settings of its own.
    struct KeyedAndSmall<Base: RequestContextType>: RequestProxy {
        var base: Base
        var secretHeaderNames: Set<String> { base.secretHeaderNames.union(["X-Session"]) }
        var maximumResponseSize: Int? { 2 }
        var httpCachePolicy: HTTPCachePolicy { .noStore }
    }

    @Test func aProxysOwnSettingsAreLaidOverItsBasesOptions() async throws {
        let options = KeyedAndSmall(base: GetFeed()).options
        #expect(options.secretHeaderNames == ["X-Api-Key", "X-Session"])
        #expect(options.maximumResponseSize == 2)
        #expect(options.httpCachePolicy == .noStore)
        #expect(options[SampleRate.self] == 0.1, "the base's middleware values are kept")
        let plain = Tagged(base: GetFeed()).options
        #expect(plain.maximumResponseSize == 4)
        #expect(plain.secretHeaderNames == ["X-Api-Key"])
        let stub = StubTransport()
        await stub.register(.get, "/feed", reply: .init(body: Data("123".utf8)))
        await #expect(throws: BricksError.responseTooLarge(limit: 2)) {
            try await Session(transport: stub).send(KeyedAndSmall(base: GetOther()))
        }
    }

    @Test func theSizeLimitTravelsInTheOptionsThroughAProxy() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/feed", reply: .init(body: Data("12345".utf8)))
        let session = Session(transport: stub)
        await #expect(throws: BricksError.responseTooLarge(limit: 4)) { try await session.send(Tagged(base: GetFeed())) }
        #expect(try await session.send(Tagged(base: GetOther())) == Data("12345".utf8))
    }
}
