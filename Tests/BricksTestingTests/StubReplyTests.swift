import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct StubReplyTests {
    @Test func jsonTextSetsTheContentTypeUnlessGiven() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/a", reply: .json(#"{"a": 1}"#, status: 201, headers: ["ETag": "v1"]))
        await stub.register(.get, "/b", reply: .json("[]", headers: ["content-type": "application/vnd.api+json"]))
        let (body, a) = try await stub.roundTrip(request("GET", "/a"))
        let (_, b) = try await stub.roundTrip(request("GET", "/b"))
        #expect(body == Data(#"{"a": 1}"#.utf8))
        #expect(a.statusCode == 201)
        #expect(a.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(a.value(forHTTPHeaderField: "etag") == "v1")
        #expect(b.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }

    @Test func encodableValueIsEncoded() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/*", reply: try .json(User(id: 3, login: "hubot")))
        #expect(try await stub.session().send(GetUser(login: "hubot")) == User(id: 3, login: "hubot"))
    }

    @Test func encodableValueUsesTheGivenEncoder() throws {
        struct Event: Encodable { let createdAt: Date }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let reply = try StubTransport.Reply.json(Event(createdAt: Date(timeIntervalSince1970: 60)), encoder: encoder)
        #expect(String(decoding: reply.body, as: UTF8.self) == #"{"createdAt":60}"#)
    }

    @Test func unencodableValueThrows() {
        #expect(throws: EncodingError.self) { try StubTransport.Reply.json(["x": Double.nan]) }
    }

    @Test func fileRepliesWithItsBytesAndAGuessedType() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = folder.appendingPathComponent("user.json")
        let blob = folder.appendingPathComponent("blob.bin")
        try Data(#"{"id": 9, "login": "file"}"#.utf8).write(to: json)
        try Data([0, 1, 2, 255]).write(to: blob)
        let stub = StubTransport()
        await stub.register(.get, "/users/*", reply: try .file(json))
        await stub.register(.get, "/blob", reply: try .file(blob, status: 206, headers: ["X-Part": "1"]))
        #expect(try await stub.session().send(GetUser(login: "file")) == User(id: 9, login: "file"))
        let (bytes, response) = try await stub.roundTrip(request("GET", "/blob"))
        #expect(bytes == Data([0, 1, 2, 255]))
        #expect(response.statusCode == 206)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        #expect(response.value(forHTTPHeaderField: "X-Part") == "1")
    }

    @Test func missingFileIsAnUnreadableFileError() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/bricks/reply.json")
        do {
            _ = try StubTransport.Reply.file(missing)
            Issue.record("expected an error")
        } catch let error as BricksTestingError {
            guard case .unreadableFile(let path, _) = error else { throw error }
            #expect(path == missing.path)
            #expect(error.description.hasPrefix("The file /nonexistent/bricks/reply.json could not be read"))
        }
    }

    @Test func textReply() async throws {
        let stub = StubTransport()
        await stub.register(.post, "/markdown/raw", reply: .text("<h1>Hi</h1>", headers: ["Content-Type": "text/html"]))
        let (body, response) = try await stub.roundTrip(request("POST", "/markdown/raw", body: Data("# Hi".utf8)))
        #expect(String(decoding: body, as: UTF8.self) == "<h1>Hi</h1>")
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/html")
    }

    @Test func handlerComputesTheReplyFromTheRequest() async throws {
        let stub = StubTransport()
        await stub.register(.post, "/repos/*/*/issues") { request in
            let issue = try request.decodedBody(as: NewIssue.self)
            return .json(#"{"title": "\#(issue.title)", "count": \#(issue.labels.count)}"#, status: 201)
        }
        let sent = CreateIssue(owner: "o", repo: "r", body: NewIssue(title: "Crash", labels: ["bug", "p1"]))
        let reply = try await stub.session().response(for: sent)
        #expect(reply.head.statusCode == 201)
        #expect(String(decoding: reply.value, as: UTF8.self) == #"{"title": "Crash", "count": 2}"#)
    }

    @Test func handlerErrorFailsTheRequest() async throws {
        struct Refused: Error, Equatable {}
        let stub = StubTransport()
        await stub.register(.get, "/x") { _ in throw Refused() }
        await #expect(throws: Refused()) { try await stub.roundTrip(request("GET", "/x")) }
    }

    @Test func repliesAreServedInOrderThenTheLastRepeats() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/token", replies: [.init(status: 401), .text("one"), .text("two")])
        var statuses: [Int] = []
        var bodies: [String] = []
        for _ in 0..<4 {
            let (body, response) = try await stub.roundTrip(request("GET", "/token"))
            statuses.append(response.statusCode)
            bodies.append(String(decoding: body, as: UTF8.self))
        }
        #expect(statuses == [401, 200, 200, 200])
        #expect(bodies == ["", "one", "two", "two"])
    }

    @Test func emptyReplyListAnswersAnEmpty200() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", replies: [])
        let (body, response) = try await stub.roundTrip(request("GET", "/x"))
        #expect(response.statusCode == 200 && body.isEmpty)
    }

    @Test(arguments: [URLError.Code.notConnectedToInternet, .cannotFindHost, .secureConnectionFailed])
    func failureThrowsTheURLError(code: URLError.Code) async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/*", reply: .failing(code))
        await #expect(throws: URLError(code)) { try await stub.roundTrip(request("GET", "/users/x")) }
        let error = try #require(await #expect(throws: BricksError.self) {
            try await stub.session().send(GetUser(login: "x"))
        })
        guard case .transport(let underlying) = error.reason else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect((underlying as? URLError)?.code == code)
        #expect(error.request?.endpoint == "GetUser")
    }

    @Test func timedOutFailureIsATimeout() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/*", reply: .failing(.timedOut))
        await #expect(throws: BricksError.timedOut) { try await stub.session().send(GetUser(login: "x")) }
    }

    @Test func delayHoldsTheReply() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/slow", reply: .text("done").delayed(by: .milliseconds(150)))
        let clock = ContinuousClock()
        let start = clock.now
        let (body, _) = try await stub.roundTrip(request("GET", "/slow"))
        #expect(clock.now - start >= .milliseconds(150))
        #expect(String(decoding: body, as: UTF8.self) == "done")
    }

    @Test func delayedFailureWaitsThenFails() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/x", reply: StubTransport.Reply.failing(.networkConnectionLost).delayed(by: .milliseconds(50)))
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: URLError(.networkConnectionLost)) { try await stub.roundTrip(request("GET", "/x")) }
        #expect(clock.now - start >= .milliseconds(50))
    }

    @Test func cancellingDuringTheDelayEndsTheRequestPromptly() async throws {
        let (started, signal) = AsyncStream<Void>.makeStream()
        let stub = StubTransport()
        await stub.register(.get, "/users/*") { _ in
            signal.yield()
            return .json("{}").delayed(by: .seconds(60))
        }
        let session = stub.session()
        let clock = ContinuousClock()
        let start = clock.now
        let task = Task { try await session.send(GetUser(login: "slow")) }
        for await _ in started { break }
        task.cancel()
        await #expect(throws: BricksError.cancelled) { try await task.value }
        // Well before the 60 s delay; generous, for a machine whose cores are busy.
        #expect(clock.now - start < .seconds(45))
    }

    @Test func replyLargerThanTheLimitFails() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/*", reply: .json(#"{"id": 1, "login": "a-rather-long-login"}"#))
        let session = stub.session(limits: ResponseLimits(maximumBodySize: 16))
        await #expect(throws: BricksError.responseTooLarge(limit: 16)) { try await session.send(GetUser(login: "a")) }
    }
}
