import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct SessionTests {
    @Test func sendsAndDecodes() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/octo cat", json: #"{"id": 7, "login": "octo cat"}"#)
        let user = try await Session(transport: stub).send(GetUser(login: "octo cat"))
        #expect(user == User(id: 7, login: "octo cat"))
        let sent = await stub.requests
        #expect(sent.map { $0.url?.absoluteString } == ["https://api.example.com/users/octo%20cat"])
    }

    @Test func unacceptableStatusKeepsCodeHeadersAndBody() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/users/x", reply: .init(status: 404, headers: ["X-Trace": "t1"], body: Data("nope".utf8)))
        do {
            _ = try await Session(transport: stub).send(GetUser(login: "x"))
            Issue.record("expected an error")
        } catch let error as BricksError {
            guard case .unacceptableStatus(let head, let body) = error.reason else { throw error }
            #expect(head.statusCode == 404)
            #expect(head.headerFields["X-Trace"] == "t1")
            #expect(error.statusCode == 404)
            #expect(body == Data("nope".utf8))
        }
    }

    @Test func decodingErrorQuotesTheBody() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/x", json: #"{"id": "not a number"}"#)
        do {
            _ = try await Session(transport: stub).send(GetUser(login: "x"))
            Issue.record("expected an error")
        } catch let error as BricksError {
            guard case .decoding(_, let excerpt) = error.reason else { throw error }
            #expect(excerpt == #"{"id": "not a number"}"#)
        }
    }

    @Test func transportFailureIsATransportError() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/x", reply: .init(failure: URLError(.cannotConnectToHost)))
        await #expect(throws: BricksError(.transport(URLError(.cannotConnectToHost)))) {
            try await Session(transport: stub).send(GetUser(login: "x"))
        }
        await stub.register(.get, "/users/y", reply: .init(failure: URLError(.timedOut)))
        await #expect(throws: BricksError.timedOut) {
            try await Session(transport: stub).send(GetUser(login: "y"))
        }
    }

    @Test func cancellationDuringTheRequestIsCancelled() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/slow", reply: .init(body: Data("{}".utf8), delay: .seconds(30)))
        let session = Session(transport: stub)
        let task = Task { try await session.send(GetUser(login: "slow")) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: BricksError.cancelled) { try await task.value }
    }

    @Test func alreadyCancelledTaskSendsNothing() async throws {
        let stub = StubTransport()
        let session = Session(transport: stub)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await session.send(GetUser(login: "x"))
        }
        await #expect(throws: BricksError.cancelled) { try await task.value }
        #expect(await stub.requests.isEmpty)
    }

    @Test func emptyResponseAccepts204WithNoBody() async throws {
        struct Delete: ExampleRequest, EmptyResponseType { var method: HTTPMethod { .delete }; var path: String { "/x" } }
        let stub = StubTransport()
        await stub.register(.delete, "/x", reply: .init(status: 204))
        try await Session(transport: stub).send(Delete())
    }

    @Test func endpointResponseSizeLimitOverridesTheSessions() async throws {
        struct Small: ExampleRequest, DataResponseType {
            var path: String { "/blob" }
            var maximumResponseSize: Int? { 10 }
        }
        struct Large: ExampleRequest, DataResponseType {
            var path: String { "/blob" }
        }
        let stub = StubTransport()
        await stub.register(.get, "/blob", reply: .init(body: Data(count: 11)))
        let session = Session(transport: stub, limits: ResponseLimits(maximumBodySize: 100))
        await #expect(throws: BricksError.responseTooLarge(limit: 10)) { try await session.send(Small()) }
        #expect(try await session.send(Large()).count == 11)
    }

    @Test func aCustomBodysEncodingErrorComesBackAsABricksError() async throws {
        struct Unencodable: RequestContextType, POSTRequestType, EmptyResponseType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            func makeRequestBody() throws -> RequestBody? {
                throw EncodingError.invalidValue(Double.nan, .init(codingPath: [], debugDescription: "NaN"))
            }
        }
        let stub = StubTransport()
        await #expect {
            try await Session(transport: stub).send(Unencodable())
        } throws: { error in
            guard let error = error as? BricksError, case .bodyEncoding = error.reason else { return false }
            return error.request?.endpoint == "Unencodable"
        }
        #expect(await stub.requests.isEmpty)
    }

    @Test func theLengthAReplyWithoutABodyAnnouncesIsNotHeldAgainstTheLimit() async throws {
        struct HeadBlob: RequestContextType, HEADRequestType, EmptyResponseType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/blob" }
        }
        struct GetBlob: RequestContextType, GETRequestType, DataResponseType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/blob" }
            var acceptableStatusCodes: Range<Int> { 200..<400 }
        }
        let stub = StubTransport()
        await stub.register(.head, "/blob", reply: .init(headers: ["Content-Length": "1000000000"]))
        await stub.register(.get, "/blob", reply: .init(status: 304, headers: ["Content-Length": "1000000000"]))
        let session = Session(transport: stub, limits: ResponseLimits(maximumBodySize: 100))
        try await session.send(HeadBlob())
        #expect(try await session.send(GetBlob()).isEmpty)
    }

    @Test func headerAddedByMiddlewareIsValidatedBeforeTheTransport() async throws {
        struct BadHeader: Middleware {
            func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws
                -> RawResponse
            {
                var request = request
                request.setValue("1", forHTTPHeaderField: "Not A Token")
                return try await next(request, body, context)
            }
        }
        let stub = StubTransport()
        await #expect(throws: BricksError(.invalidHeader(name: "Not A Token", reason: ""))) {
            try await Session(transport: stub, middleware: [BadHeader()]).send(GetUser(login: "a"))
        }
        #expect(await stub.requests.isEmpty)
    }

    @Test func replyExposesTheHTTPResponse() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/a", reply: .json(#"{"id":1,"login":"a"}"#, headers: ["ETag": "\"v1\""]))
        let reply = try await Session(transport: stub).response(for: GetUser(login: "a"))
        #expect(reply.value.login == "a")
        #expect(reply.head.value(forHTTPHeaderField: "etag") == "\"v1\"")
        #expect(reply.head.statusCode == 200)
    }
}

@Suite struct MiddlewareChainTests {
    /// Appends its name to a shared log on the way in and on the way out.
    struct Tracing: Middleware {
        let name: String
        let log: Log
        func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws
            -> RawResponse
        {
            await log.append("\(name)>")
            let reply = try await next(request, body, context)
            await log.append("<\(name)")
            return reply
        }
    }

    actor Log {
        var lines: [String] = []
        func append(_ line: String) { lines.append(line) }
    }

    @Test func firstMiddlewareSeesTheRequestFirstAndTheReplyLast() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/a", json: #"{"id":1,"login":"a"}"#)
        let log = Log()
        let session = Session(
            transport: stub, middleware: ["a", "b", "c"].map { Tracing(name: $0, log: log) })
        _ = try await session.send(GetUser(login: "a"))
        #expect(await log.lines == ["a>", "b>", "c>", "<c", "<b", "<a"])
    }

    @Test func contextCarriesTheEndpointAndMethod() async throws {
        struct Probe: Middleware {
            func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws
                -> RawResponse
            {
                let body = Data(#"{"id":\#(context.attempt),"login":"\#(context.endpointName) \#(request.method) \#(context.isIdempotent)"}"#.utf8)
                return RawResponse(head: responseHead(for: request, status: 200), body: ResponseBody(body))
            }
        }
        let user = try await Session(transport: StubTransport(), middleware: [Probe()]).send(GetUser(login: "a"))
        #expect(user == User(id: 1, login: "GetUser GET true"))
    }
}
