import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The Session's core: what it does for every transport alike (redirects, the deadline, the
// limits, errors that name the call), checked through `StubTransport` and small test transports.

/// A transport whose body is a lazy stream of `count` chunks of `size` bytes; it counts the chunks
/// the stream has produced, so a test can tell how far a reader went.
private struct ChunkedTransport: HTTPTransport {
    let count: Int
    let size: Int
    var headers: HeaderFields = [:]
    let produced = Recorder<Int>()

    func exchange(_ request: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        let produced = self.produced
        let count = self.count
        let chunk = Data(repeating: 0x2A, count: size)
        let stream = AsyncThrowingStream<Data, any Error> {
            guard produced.count < count else { return nil }
            produced.append(chunk.count)
            return chunk
        }
        return RawResponse(
            head: ResponseHead(statusCode: 200, headerFields: headers, url: try request.makeURL()), body: ResponseBody(stream))
    }
}

/// Records what the middleware layer sees of each response and its context.
private struct Observer: Middleware {
    let heads = Recorder<ResponseHead>()
    let buffered = Recorder<Bool>()
    let streams = Recorder<Bool>()

    func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws -> RawResponse {
        let response = try await next(request, body, context)
        heads.append(response.head)
        buffered.append(response.body.bufferedData != nil)
        streams.append(context.bodyMode == .streamed)
        return response
    }
}

/// An endpoint that accepts redirects as answers, to see the 3xx itself.
private struct AcceptsRedirects: ExampleRequest, GETRequestType, DataResponseType {
    var path: String { "/old" }
    var acceptableStatusCodes: Range<Int> { 200..<400 }
}

/// An endpoint whose decoding keeps every `Set-Cookie` and `Link` value it is given.
private struct RepeatedFields: ExampleRequest, GETRequestType {
    struct Response: Sendable {
        let cookies: [String]
        let links: [String]
    }
    var path: String { "/fields" }
    func decode(_ data: Data, response: ResponseHead) throws -> Response {
        Response(
            cookies: response.headerFields.values(for: "set-cookie"), links: response.headerFields.values(for: "LINK"))
    }
}

/// `GET /users`: a list, for decoding errors with an index in their path.
private struct ListUsers: ExampleRequest, GETRequestType, JSONResponseType {
    typealias Response = [User]
    var path: String { "/users" }
}

private struct ValidationError: Error, Decodable, Sendable, Equatable {
    let message: String
}

/// `POST /labels`, with the API's own error type.
private struct CreateThing: ExampleRequest, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = User
    typealias APIError = ValidationError
    var body: [String: String] { ["name": "n"] }
    var path: String { "/things" }
}

private func elapsed(since start: ContinuousClock.Instant) -> Duration { ContinuousClock.now - start }

/// How late a plain sleep of `duration` started at `start` wakes up.
private func lateness(of duration: Duration, from start: ContinuousClock.Instant) async -> Duration {
    try? await Task.sleep(for: duration)
    return elapsed(since: start) - duration
}

/// Runs `operation` and, beside it, a plain sleep as long as the time-out under test; returns the
/// operation's result, how long it took, and how late the plain sleep woke up. That lateness is
/// the stall the parallel test run adds on two shared cores (seconds, at times), which the
/// time-out's wake-up suffers as much: an upper bound on `took` allows for it.
private func timed<Value>(
    reference: Duration, _ operation: () async -> Value
) async -> (value: Value, took: Duration, stall: Duration) {
    let start = ContinuousClock.now
    async let stall = lateness(of: reference, from: start)
    let value = await operation()
    let took = elapsed(since: start)
    return (value, took, await stall)
}

@Suite struct ExchangeCoreTests {
    // MARK: 1. Redirects answered by a stub are followed

    @Test func aFoundRedirectIsFollowedWithAGET() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/old", reply: .init(status: 302, headers: ["Location": "/new"]))
        await stub.register(.get, "/new", reply: .init(body: Data("new".utf8)))
        let reply = try await Session(transport: stub).response(for: Custom(path: "/old"))
        #expect(reply.value == Data("new".utf8))
        #expect(reply.head.statusCode == 200)
        #expect(reply.head.url.absoluteString == "https://api.example.com/new")
        let sent = await stub.requests
        #expect(sent.map { $0.url?.absoluteString } == ["https://api.example.com/old", "https://api.example.com/new"])
        #expect(sent.map(\.httpMethod) == ["GET", "GET"])
    }

    @Test(arguments: [307, 308])
    func temporaryAndPermanentRedirectsKeepTheMethodAndTheBody(status: Int) async throws {
        let stub = StubTransport()
        let json = Data(#"{"name":"renamed"}"#.utf8)
        await stub.register(.patch, "/old", reply: .init(status: status, headers: ["Location": "/new"]))
        await stub.register(.patch, "/new", reply: .init(status: 200, body: Data("done".utf8)))
        let patch = Custom(method: .patch, path: "/old", headerFields: ["Content-Type": "application/json"], body: json)
        #expect(try await Session(transport: stub).send(patch) == Data("done".utf8))
        let sent = await stub.requests
        #expect(sent.count == 2)
        let target = try #require(await stub.requests(matching: .patch, "/new").first)
        #expect(target.httpMethod == "PATCH")
        #expect(target.httpBody == json)
        #expect(target.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func seeOtherAfterAPOSTBecomesAGETWithoutBody() async throws {
        let stub = StubTransport()
        await stub.register(.post, "/form", reply: .init(status: 303, headers: ["Location": "/result"]))
        await stub.register(.get, "/result", reply: .init(body: Data("result".utf8)))
        let post = Custom(method: .post, path: "/form", body: Data("a=1".utf8))
        #expect(try await Session(transport: stub).send(post) == Data("result".utf8))
        let sent = await stub.requests
        #expect(sent.map(\.httpMethod) == ["POST", "GET"])
        let target = try #require(sent.last)
        #expect(target.url?.path == "/result")
        #expect(target.httpBody == nil)
        #expect(target.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    static let secrets = [
        "Authorization": "Bearer t", "Cookie": "id=1", "Proxy-Authorization": "Basic cA==", "X-Other": "kept",
    ]

    @Test func aRedirectToAnotherOriginDropsTheCredentialsButKeepsOtherHeaders() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/old", reply: .init(status: 302, headers: ["Location": "https://other.example/new"]))
        await stub.register(.get, "/new", reply: .init(body: Data("there".utf8)))
        let request = Custom(path: "/old", headerFields: Self.secrets)
        #expect(try await Session(transport: stub).send(request) == Data("there".utf8))
        let sent = await stub.requests
        #expect(sent.count == 2)
        #expect(sent.first?.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        let target = try #require(sent.last)
        #expect(target.url?.absoluteString == "https://other.example/new")
        #expect(target.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(target.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(target.value(forHTTPHeaderField: "Proxy-Authorization") == nil)
        #expect(target.value(forHTTPHeaderField: "X-Other") == "kept")
    }

    @Test func aRedirectOnTheSameOriginKeepsTheAuthorization() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/old", reply: .init(status: 301, headers: ["Location": "https://API.example.com:443/new"]))
        await stub.register(.get, "/new", reply: .init(body: Data("here".utf8)))
        #expect(try await Session(transport: stub).send(Custom(path: "/old", headerFields: Self.secrets)) == Data("here".utf8))
        let target = try #require(await stub.requests.last)
        #expect(target.url?.path == "/new")
        #expect(target.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(target.value(forHTTPHeaderField: "Cookie") == "id=1")
        #expect(target.value(forHTTPHeaderField: "X-Other") == "kept")
    }

    @Test func aRedirectFromHTTPSToHTTPIsNotFollowed() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/old", reply: .init(status: 302, headers: ["Location": "http://api.example.com/new"]))
        await stub.register(.get, "/new", reply: .init(body: Data("downgraded".utf8)))
        let error = try #require(
            await #expect(throws: BricksError.self) { try await Session(transport: stub).send(Custom(path: "/old")) })
        #expect(error == BricksError.unacceptable(status: 302))
        #expect(error.head?.headerFields["Location"] == "http://api.example.com/new")
        #expect(await stub.requests.count == 1)
    }

    @Test func doNotFollowReturnsTheRedirect() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/old", reply: .init(status: 302, headers: ["Location": "/new"]))
        await stub.register(.get, "/new", reply: .init(body: Data("new".utf8)))
        let session = Session(transport: stub, redirectPolicy: .doNotFollow)
        let reply = try await session.response(for: AcceptsRedirects())
        #expect(reply.head.statusCode == 302)
        #expect(reply.head.headerFields["Location"] == "/new")
        #expect(await stub.requests.count == 1)
        // An endpoint that does not accept a 3xx fails with it.
        await #expect(throws: BricksError.unacceptable(status: 302)) { try await session.send(Custom(path: "/old")) }
    }

    @Test(arguments: [(RedirectPolicy.follow(maximumRedirects: 3), 3), (.follow, 10)])
    func moreRedirectsThanTheMaximumFail(policy: RedirectPolicy, maximum: Int) async throws {
        let stub = StubTransport()
        await stub.register(.get, "/loop", reply: .init(status: 302, headers: ["Location": "/loop?again"]))
        let session = Session(transport: stub, redirectPolicy: policy)
        let error = try #require(
            await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/loop")) })
        guard case .tooManyRedirects(let count, let lastLocation) = error.reason else {
            Issue.record("expected tooManyRedirects, got \(error)")
            return
        }
        #expect(count == maximum)
        #expect(lastLocation == "https://api.example.com/loop?again")
        #expect(await stub.requests.count == maximum + 1)
    }

    @Test func exactlyTheMaximumOfRedirectsIsFollowed() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/1", reply: .init(status: 302, headers: ["Location": "/2"]))
        await stub.register(.get, "/2", reply: .init(status: 302, headers: ["Location": "/3"]))
        await stub.register(.get, "/3", reply: .init(body: Data("3".utf8)))
        let session = Session(transport: stub, redirectPolicy: .follow(maximumRedirects: 2))
        #expect(try await session.send(Custom(path: "/1")) == Data("3".utf8))
    }

    @Test func aRedirectToAURLWithUserInfoIsAnInvalidResponseAndIsNotRequested() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/old", reply: .init(status: 302, headers: ["Location": "http://u:p@other.example/x"]))
        await stub.register(.get, "/x", reply: .init(body: Data("x".utf8)))
        let request = Custom(baseURL: URL(string: "http://api.example.com")!, path: "/old")
        await #expect(throws: BricksError(.invalidResponse(""))) { try await Session(transport: stub).send(request) }
        let sent = await stub.requests
        #expect(sent.map { $0.url?.absoluteString } == ["http://api.example.com/old"])
    }

    // MARK: 2. The deadline

    @Test func aRequestsTimeoutIntervalBoundsASlowReply() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/slow", reply: .init(body: Data("late".utf8), delay: .seconds(2)))
        let (thrown, took, stall) = await timed(reference: .milliseconds(300)) {
            await #expect(throws: BricksError.self) {
                try await Session(transport: stub).send(Custom(path: "/slow", timeoutInterval: 0.3))
            }
        }
        let error = try #require(thrown)
        guard case .timedOut(let after) = error.reason else {
            Issue.record("expected timedOut, got \(error)")
            return
        }
        #expect(after > .milliseconds(299) && after <= .milliseconds(301), "after \(after)")
        #expect(took >= .milliseconds(250) && took <= .milliseconds(1500) + stall, "took \(took), stall \(stall)")
        #expect("\(error)".contains("300 ms"), "\(error)")
    }

    @Test func theOverallTimeoutBoundsASlowReply() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/slow", reply: .init(body: Data("late".utf8), delay: .seconds(2)))
        let session = Session(transport: stub, overallTimeout: .milliseconds(300))
        let (thrown, took, stall) = await timed(reference: .milliseconds(300)) {
            await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/slow", timeoutInterval: 60)) }
        }
        let error = try #require(thrown)
        guard case .timedOut(let after) = error.reason else {
            Issue.record("expected timedOut, got \(error)")
            return
        }
        // What was left of the 300 ms when the exchange began.
        #expect(after > .milliseconds(250) && after <= .milliseconds(300), "after \(after)")
        #expect(took >= .milliseconds(250) && took <= .milliseconds(1500) + stall, "took \(took), stall \(stall)")
        #expect("\(error)".contains(" ms; the request timed out"), "\(error)")
    }

    @Test func theDeadlineCoversEveryRedirect() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/a", reply: .init(status: 302, headers: ["Location": "/b"], delay: .milliseconds(200)))
        await stub.register(.get, "/b", reply: .init(status: 302, headers: ["Location": "/c"], delay: .milliseconds(200)))
        await stub.register(.get, "/c", reply: .init(body: Data("c".utf8)))
        let session = Session(transport: stub)
        await #expect(throws: BricksError.timedOut) { try await session.send(Custom(path: "/a", timeoutInterval: 0.3)) }
        // Each hop alone is within 0.3 s: the whole chain is what ran out. With room, it succeeds.
        #expect(try await session.send(Custom(path: "/a", timeoutInterval: 5)) == Data("c".utf8))
    }

    @Test(arguments: [TimeInterval.greatestFiniteMagnitude, 1e21])
    func hugeTimeoutsDoNotCrash(timeout: TimeInterval) async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(body: Data("ok".utf8), delay: .milliseconds(10)))
        #expect(try await Session(transport: stub).send(Custom(path: "/x", timeoutInterval: timeout)) == Data("ok".utf8))
        #expect(try await Session(transport: stub, overallTimeout: .seconds(30)).send(
            Custom(path: "/x", timeoutInterval: timeout)) == Data("ok".utf8))
    }

    @Test(arguments: [60, TimeInterval.greatestFiniteMagnitude])
    func cancellingTheTaskEndsTheCallPromptly(timeout: TimeInterval) async throws {
        let stub = StubTransport()
        await stub.register(.get, "/slow", reply: .init(body: Data("late".utf8), delay: .seconds(120)))
        let session = Session(transport: stub)
        let task = Task { try await session.send(Custom(path: "/slow", timeoutInterval: timeout)) }
        try await eventually { await stub.requests.count == 1 }
        let cancelled = ContinuousClock.now
        task.cancel()
        await #expect(throws: BricksError.cancelled) { try await task.value }
        // Half the reply's delay: generous on a busy machine, and still proof it was not waited for.
        #expect(elapsed(since: cancelled) < .seconds(60))
    }

    // MARK: 3. The body size limit

    @Test func aBodyOneByteOverTheLimitFailsAndOneAtTheLimitPasses() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/over", reply: .init(body: Data(count: 101)))
        await stub.register(.get, "/at", reply: .init(body: Data(count: 100)))
        let session = Session(transport: stub, limits: ResponseLimits(maximumBodySize: 100))
        await #expect(throws: BricksError.responseTooLarge(limit: 100)) { try await session.send(Custom(path: "/over")) }
        #expect(try await session.send(Custom(path: "/at")).count == 100)
    }

    @Test func theEndpointsLimitOverridesTheSessionsBothWays() async throws {
        struct Generous: ExampleRequest, DataResponseType {
            var path: String { "/blob" }
            var maximumResponseSize: Int? { 200 }
        }
        struct Strict: ExampleRequest, DataResponseType {
            var path: String { "/blob" }
            var maximumResponseSize: Int? { 10 }
        }
        let stub = StubTransport()
        await stub.register(.get, "/blob", reply: .init(body: Data(count: 150)))
        let session = Session(transport: stub, limits: ResponseLimits(maximumBodySize: 100))
        #expect(try await session.send(Generous()).count == 150)
        await #expect(throws: BricksError.responseTooLarge(limit: 10)) { try await session.send(Strict()) }
        await #expect(throws: BricksError.responseTooLarge(limit: 100)) { try await session.send(Custom(path: "/blob")) }
    }

    @Test func aContentLengthOverTheLimitFailsOnTheHead() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(headers: ["Content-Length": "999999999"], body: Data("small".utf8)))
        await #expect(throws: BricksError.responseTooLarge(limit: ResponseLimits.defaultMaximumBodySize)) {
            try await Session(transport: stub).send(Custom(path: "/x"))
        }
    }

    @Test func aStreamedBodyIsAbandonedSoonAfterTheLimit() async throws {
        let transport = ChunkedTransport(count: 1000, size: 64 * 1024)
        let session = Session(transport: transport, limits: ResponseLimits(maximumBodySize: 1024 * 1024))
        await #expect(throws: BricksError.responseTooLarge(limit: 1024 * 1024)) {
            try await session.send(Custom(path: "/stream"))
        }
        let read = transport.produced.values.reduce(0, +)
        #expect(read > 1024 * 1024)
        #expect(read <= 1024 * 1024 + 64 * 1024, "read \(read) bytes")
    }

    @Test func aStreamedBodyWithinTheLimitIsCollectedWhole() async throws {
        let transport = ChunkedTransport(count: 16, size: 64 * 1024)
        let session = Session(transport: transport, limits: ResponseLimits(maximumBodySize: 1024 * 1024))
        let body = try await session.send(Custom(path: "/stream"))
        #expect(body.count == 1024 * 1024)
        #expect(body.allSatisfy { $0 == 0x2A })
    }

    // MARK: 4. Header limits

    private static func fields(_ count: Int) -> HeaderFields {
        HeaderFields((0..<count).map { HeaderField(name: "X-Field-\($0)", value: "v") })
    }

    @Test func tooManyHeaderFieldsAreAnInvalidResponse() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/many", reply: .init(headers: Self.fields(600), body: Data("x".utf8)))
        await stub.register(.get, "/enough", reply: .init(headers: Self.fields(500), body: Data("x".utf8)))
        let session = Session(transport: stub)
        let error = try #require(
            await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/many")) })
        #expect(error == BricksError(.invalidResponse("")))
        #expect("\(error)".contains("600 header fields"), "\(error)")
        #expect(try await session.send(Custom(path: "/enough")) == Data("x".utf8))
        let roomy = Session(transport: stub, limits: ResponseLimits(maximumHeaderCount: 600))
        #expect(try await roomy.send(Custom(path: "/many")) == Data("x".utf8))
    }

    @Test func headerFieldsLargerThanTheLimitAreAnInvalidResponse() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(headers: ["X-Big": String(repeating: "a", count: 200)]))
        let session = Session(transport: stub, limits: ResponseLimits(maximumHeaderBytes: 100))
        await #expect(throws: BricksError(.invalidResponse(""))) { try await session.send(Custom(path: "/x")) }
    }

    @Test func conflictingContentLengthsAreAnInvalidResponseEqualOnesAreFine() async throws {
        let stub = StubTransport()
        let conflicting = HeaderFields([
            HeaderField(name: "Content-Length", value: "3"), HeaderField(name: "content-length", value: "4"),
        ])
        let equal = HeaderFields([
            HeaderField(name: "Content-Length", value: "3"), HeaderField(name: "Content-Length", value: "3"),
        ])
        await stub.register(.get, "/conflicting", reply: .init(headers: conflicting, body: Data("abc".utf8)))
        await stub.register(.get, "/equal", reply: .init(headers: equal, body: Data("abc".utf8)))
        let session = Session(transport: stub)
        let error = try #require(
            await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/conflicting")) })
        #expect(error == BricksError(.invalidResponse("")))
        #expect("\(error)".contains("Content-Length"), "\(error)")
        #expect(try await session.send(Custom(path: "/equal")) == Data("abc".utf8))
    }

    // MARK: 5. Repeated fields

    @Test func repeatedFieldsReachDecodingAndMiddlewareIntactAndInOrder() async throws {
        let stub = StubTransport()
        let fields = HeaderFields([
            HeaderField(name: "Set-Cookie", value: "a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT"),
            HeaderField(name: "Link", value: "</p/2>; rel=\"next\""),
            HeaderField(name: "X-Between", value: "b"),
            HeaderField(name: "set-cookie", value: "b=2"),
            HeaderField(name: "Link", value: "</p/9>; rel=\"last\""),
        ])
        await stub.register(.get, "/fields", reply: .init(headers: fields))
        let observer = Observer()
        let response = try await Session(transport: stub, middleware: [observer]).send(RepeatedFields())
        #expect(response.cookies == ["a=1; Expires=Wed, 21 Oct 2015 07:28:00 GMT", "b=2"])
        #expect(response.links == ["</p/2>; rel=\"next\"", "</p/9>; rel=\"last\""])
        let seen = try #require(observer.heads.values.first).headerFields
        #expect(Array(seen) == Array(fields))
        #expect(seen.values(for: "Set-Cookie") == response.cookies)
    }

    // MARK: 6. Errors say where

    @Test func anUnacceptableStatusNamesTheCallTheStatusAndTheBody() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/x", status: 404, json: #"{"message": "Not Found"}"#)
        let request = GetUser(login: "x").authorized(with: "t0ken").with(timeout: 5)
        let error = try #require(
            await #expect(throws: BricksError.self) { try await Session(transport: stub).send(request) })
        let text = "\(error)"
        #expect(
            text.hasPrefix(#"GET https://api.example.com/users/x (GetUser): the server answered 404 Not Found: {"message""#),
            "\(text)")
        #expect(!text.contains("t0ken"))
        #expect(error.request?.endpoint == "GetUser")
        #expect(error.request?.method == "GET")
        #expect(error.statusCode == 404)
    }

    @Test func secretsInTheURLAreRedactedInErrors() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(status: 500, body: Data("oops".utf8)))
        let request = Custom(
            path: "/x", queryItems: [URLQueryItem(name: "q", value: "a"), URLQueryItem(name: "access_token", value: "secret")])
        let error = try #require(
            await #expect(throws: BricksError.self) { try await Session(transport: stub).send(request) })
        let text = "\(error)"
        #expect(text.contains("https://api.example.com/x?q=a&access_token=REDACTED (Custom)"), "\(text)")
        #expect(!text.contains("secret"))
        #expect(error.request?.url.contains("access_token=REDACTED") == true)
    }

    @Test func aDecodingErrorNamesTheEndpointAndTheKeyPath() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users", json: #"[{"id": 1, "login": "a"}, {"id": "two", "login": "b"}]"#)
        let error = try #require(
            await #expect(throws: BricksError.self) { try await Session(transport: stub).send(ListUsers()) })
        let text = "\(error)"
        #expect(text.hasPrefix("GET https://api.example.com/users (ListUsers): the response could not be decoded"), "\(text)")
        #expect(text.contains("[1].id"), "\(text)")
        #expect(text.contains(#"{"id": 1"#), "\(text)")
        #expect(error.request?.endpoint == "ListUsers")
    }

    @Test func aTimeOutNamesTheCallAndTheDuration() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/slow", reply: .init(body: Data("{}".utf8), delay: .seconds(2)))
        let error = try #require(await #expect(throws: BricksError.self) {
            try await Session(transport: stub).send(GetUser(login: "slow").with(timeout: 0.3))
        })
        let text = "\(error)"
        #expect(text.hasPrefix("GET https://api.example.com/users/slow (GetUser): "), "\(text)")
        #expect(text.contains("within 300 ms"), "\(text)")
        #expect(error.request?.endpoint == "GetUser")
    }

    @Test func aStatusAfterARedirectKeepsTheURLThatAnswered() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/old", reply: .init(status: 302, headers: ["Location": "/gone"]))
        await stub.register(.get, "/gone", reply: .init(status: 410))
        let error = try #require(
            await #expect(throws: BricksError.self) { try await Session(transport: stub).send(Custom(path: "/old")) })
        #expect(error.statusCode == 410)
        #expect(error.head?.url.absoluteString == "https://api.example.com/gone")
        #expect(error.request?.endpoint == "Custom")
        #expect("\(error)".contains("410 Gone"))
    }

    @Test func aTypedAPIErrorCarriesTheStatusTheHeadAndTheCall() async throws {
        let stub = StubTransport()
        await stub.register(
            .post, "/things",
            reply: .json(#"{"message": "Validation Failed"}"#, status: 422, headers: ["X-Request-ID": "r9"]))
        let error = try #require(await #expect(throws: TypedAPIError<ValidationError>.self) {
            try await Session(transport: stub).send(CreateThing().authorized(with: "t"))
        })
        #expect(error.value == ValidationError(message: "Validation Failed"))
        #expect(error.statusCode == 422)
        #expect(error.head.statusCode == 422)
        #expect(error.head.headerFields["X-Request-ID"] == "r9")
        #expect(error.head.url.absoluteString == "https://api.example.com/things")
        #expect(error.request?.endpoint == "CreateThing")
        #expect(error.request?.method == "POST")
        #expect(error.request?.url == "https://api.example.com/things")
        #expect("\(error)".hasPrefix("POST https://api.example.com/things (CreateThing): the server answered 422"))
    }

    // MARK: 7. The whole-body path

    @Test func middlewareOfAWholeBodyCallSeesABufferedBody() async throws {
        let observer = Observer()
        let transport = ChunkedTransport(count: 3, size: 10)
        let session = Session(transport: transport, middleware: [observer])
        #expect(try await session.send(Custom(path: "/x")).count == 30)
        #expect(observer.buffered.values == [true])
        #expect(observer.streams.values == [false])

        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(body: Data("b".utf8)))
        let stubObserver = Observer()
        _ = try await Session(transport: stub, middleware: [stubObserver]).send(Custom(path: "/x"))
        #expect(stubObserver.buffered.values == [true])
        #expect(stubObserver.streams.values == [false])
    }
}
