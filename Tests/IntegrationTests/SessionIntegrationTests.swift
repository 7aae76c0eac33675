import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A GET to any httpbin path, echo decoded.
private struct EchoGET: RequestContextType, GETRequestType, JSONResponseType {
    typealias Response = Echo
    let baseURL: URL
    var path: String = "/get"
    var queryItems: [URLQueryItem] = []
    var headerFields: [String: String] = [:]
}

private struct NewThing: Codable, Equatable, Sendable {
    let name: String
    let tags: [String]
    let count: Int
}

private struct PostJSON: RequestContextType, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = Echo
    let baseURL: URL
    let body: NewThing
    var path: String { "/anything" }
}

private struct Status: RequestContextType, GETRequestType, EmptyResponseType {
    let baseURL: URL
    let code: Int
    var pathSegments: [String] { ["status", String(code)] }
}

private struct Slideshow: Decodable, Sendable {
    struct Show: Decodable, Sendable {
        let author: String
        let title: String
        let slides: [Slide]
    }
    struct Slide: Decodable, Sendable {
        let title: String
        let type: String
    }
    let slideshow: Show
}

private struct GetJSON<Response: Decodable & Sendable>: RequestContextType, GETRequestType, JSONResponseType {
    let baseURL: URL
    var path: String { "/json" }
}

struct Delay: RequestContextType, GETRequestType, DataResponseType {
    let baseURL: URL
    let seconds: Int
    var timeoutInterval: TimeInterval
    var pathSegments: [String] { ["delay", String(seconds)] }
}

@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct SessionIntegrationTests {
    let session = Session(transport: TestTransport.make())

    @Test func getQueryItemsRoundTripExactly() async throws {
        let values = ["a b", "x&y=z", "1+1", "über ✓", "semi;colon", "hash#tag", "percent%20"]
        let items = values.enumerated().map { URLQueryItem(name: "k\($0.offset)", value: $0.element) }
        let echo = try await session.send(EchoGET(baseURL: try HTTPBin.base(), queryItems: items))
        for (index, value) in values.enumerated() {
            #expect(echo.args["k\(index)"] == value)
        }
        #expect(echo.args.count == values.count)
    }

    @Test func postJSONBodyRoundTrips() async throws {
        let thing = NewThing(name: "brick \"one\"", tags: ["a", "ü"], count: 3)
        let echo = try await session.send(PostJSON(baseURL: try HTTPBin.base(), body: thing))
        #expect(echo.method == "POST")
        #expect(echo.headers["Content-Type"] == "application/json")
        let sent = try JSONDecoder().decode(NewThing.self, from: Data(try #require(echo.data).utf8))
        #expect(sent == thing)
    }

    // 401 is checked in `basicAuthChallengeComesBackAsA401`, disabled while URLSessionTransport
    // fails it (see there).
    @Test(arguments: [404, 500])
    func unacceptableStatusComesBackPromptly(code: Int) async throws {
        let started = ContinuousClock.now
        let error = await #expect(throws: BricksError.self) {
            try await session.send(Status(baseURL: try HTTPBin.base(), code: code))
        }
        #expect(error?.statusCode == code)
        // Not held until the 60 s default timeout; generous, for a machine whose cores are busy.
        #expect(ContinuousClock.now - started < .seconds(30))
    }

    /// A 401 with `WWW-Authenticate: Basic` (httpbin's `/basic-auth/…` and `/status/401`) comes
    /// back at once as an ordinary 401, head and body.
    ///
    /// On Linux, FoundationNetworking delivers the 401's head first, then the challenge, which the
    /// delegate cancels on purpose; the task then completes with `URLError.cancelled`, which must
    /// end the body normally rather than fail it (a regression caught here).
    @Test
    func basicAuthChallengeComesBackAsA401() async throws {
        struct BasicAuth: RequestContextType, GETRequestType, DataResponseType {
            let baseURL: URL
            var path: String { "/basic-auth/user/pass" }
        }
        let started = ContinuousClock.now
        let error = await #expect(throws: BricksError.self) {
            try await session.send(BasicAuth(baseURL: try HTTPBin.base()))
        }
        #expect(error?.statusCode == 401)
        let status = await #expect(throws: BricksError.self) {
            try await session.send(Status(baseURL: try HTTPBin.base(), code: 401))
        }
        #expect(status?.statusCode == 401)
        // Not held until the 60 s default timeout; generous, for a machine whose cores are busy.
        #expect(ContinuousClock.now - started < .seconds(30))
        // The transport alone: the head is a 401, and its (empty) body must read to the end.
        let response = try await TestTransport.make().exchange(
            RequestHead(url: try HTTPBin.base().appendingPathComponent("status/401")), body: nil, context: CallContext())
        #expect(response.head.statusCode == 401)
        #expect(try await response.body.collect(upTo: 1024).isEmpty)
    }

    @Test func status204DecodesToVoid() async throws {
        try await session.send(Status(baseURL: try HTTPBin.base(), code: 204))
    }

    @Test func jsonDecodesIntoAStruct() async throws {
        let show = try await session.send(GetJSON<Slideshow>(baseURL: try HTTPBin.base()))
        #expect(show.slideshow.author == "Yours Truly")
        #expect(show.slideshow.slides.count == 2)
    }

    @Test func decodeMismatchCarriesABodyExcerpt() async throws {
        struct Wrong: Decodable, Sendable { let missing: Int }
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(GetJSON<Wrong>(baseURL: try HTTPBin.base()))
        })
        guard case .decoding(_, let excerpt) = error.reason else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(excerpt.contains("slideshow"))
    }

    @Test func serverSlowerThanTheTimeoutTimesOut() async throws {
        let started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) {
            try await session.send(Delay(baseURL: try HTTPBin.base(), seconds: 10, timeoutInterval: 1))
        }
        // At its timeout, long before the reply: a bound for a hang, not a speed test.
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    @Test func subSecondTimeoutIsHonoured() async throws {
        let started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) {
            try await session.send(Delay(baseURL: try HTTPBin.base(), seconds: 10, timeoutInterval: 0.5))
        }
        let elapsed = ContinuousClock.now - started
        // Not rounded down to 0 s; and at the timeout, long before the 10 s reply (a bound for a hang).
        #expect(elapsed >= .seconds(0.4))
        #expect(elapsed < .seconds(60))
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let base = try HTTPBin.base()
        let session = self.session
        let task = Task { try await session.send(Delay(baseURL: base, seconds: 10, timeoutInterval: 30)) }
        try await Task.sleep(for: .milliseconds(300))
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Ended by the cancellation, long before the reply: a bound for a hang, not a speed test.
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(throws: BricksError.cancelled) { try result.get() }
    }
}

@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct DeadlineIntegrationTests {
    /// Several requests in flight with different deadlines: each fails at its own, in their order,
    /// none before it, and one whose deadline is later than the reply completes. No upper bound
    /// but the replies' own 10 s: a busy machine only makes each end later.
    @Test func concurrentRequestsEachKeepTheirOwnDeadline() async throws {
        let base = try HTTPBin.base()
        let session = Session(transport: TestTransport.make())
        let started = ContinuousClock.now
        async let short = Self.outcome { try await session.send(Delay(baseURL: base, seconds: 10, timeoutInterval: 0.5)) }
        async let middle = Self.outcome { try await session.send(Delay(baseURL: base, seconds: 10, timeoutInterval: 1.5)) }
        async let long = Self.outcome { try await session.send(Delay(baseURL: base, seconds: 1, timeoutInterval: 30)) }
        let (a, b, c) = await (short, middle, long)
        #expect(a.error == .timedOut && a.elapsed(since: started) >= .seconds(0.4))
        #expect(b.error == .timedOut && b.elapsed(since: started) >= .seconds(1.4))
        #expect(a.end < b.end, "the 0.5 s deadline ended after the 1.5 s one")
        #expect(c.error == nil && c.elapsed(since: started) > .seconds(0.9))
    }

    struct Outcome: Sendable {
        let error: BricksError?
        let end: ContinuousClock.Instant
        func elapsed(since start: ContinuousClock.Instant) -> Duration { end - start }
    }

    static func outcome(_ body: @Sendable () async throws -> Data) async -> Outcome {
        do {
            _ = try await body()
            return Outcome(error: nil, end: .now)
        } catch {
            return Outcome(error: error as? BricksError, end: .now)
        }
    }
}
