import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A stub's redirects go through the Session's core exactly as a server's do.
@Suite struct StubRedirectTests {
    @Test func redirectAnsweredByTheStubIsFollowed() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/old", reply: .init(status: 302, headers: ["Location": "/users/octocat"]))
        await stub.register(.get, "/users/octocat", json: #"{"id": 1, "login": "octocat"}"#)
        let user = try await stub.session().send(GetUser(login: "old"))
        #expect(user == User(id: 1, login: "octocat"))
        #expect(await stub.requests.map { $0.url?.absoluteString } == [
            "https://api.example.com/users/old", "https://api.example.com/users/octocat",
        ])
    }

    @Test func headOfTheFollowedReplyNamesTheURLThatAnswered() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/a", reply: .init(status: 301, headers: ["Location": "https://api.example.com/b"]))
        await stub.register(.get, "/b", reply: .text("here"))
        let reply = try await stub.session().response(for: Probe(.get, "/a"))
        #expect(reply.head.statusCode == 200)
        #expect(reply.head.url.absoluteString == "https://api.example.com/b")
        #expect(reply.value == Data("here".utf8))
    }

    @Test func crossOriginStubRedirectDropsTheCredentials() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/users/*", reply: .init(status: 302, headers: ["Location": "https://cdn.example.net/users/x"]))
        await stub.register(where: { $0.url?.host == "cdn.example.net" }, reply: .json(#"{"id": 2, "login": "x"}"#))
        let request = GetUser(login: "x").with(header: "Cookie", value: "c=1").authorized(with: "secret")
        _ = try await stub.session().send(request)
        let sent = await stub.requests
        #expect(sent.count == 2)
        #expect(sent[0].value(forHTTPHeaderField: "Authorization") == "Bearer secret")
        #expect(sent[1].value(forHTTPHeaderField: "Authorization") == nil)
        #expect(sent[1].value(forHTTPHeaderField: "Cookie") == nil)
    }

    @Test(arguments: [307, 308])
    func temporaryStubRedirectKeepsMethodAndBody(status: Int) async throws {
        let stub = StubTransport()
        await stub.register(.post, "/repos/o/r/issues", reply: .init(status: status, headers: ["Location": "/moved"]))
        await stub.register(.post, "/moved", reply: .init(status: 201))
        let issue = NewIssue(title: "Moved", labels: [])
        _ = try await stub.session().send(CreateIssue(owner: "o", repo: "r", body: issue))
        let moved = try #require(await stub.requests(matching: .post, "/moved").first)
        #expect(try moved.decodedBody(as: NewIssue.self) == issue)
        #expect(moved.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func seeOtherTurnsAPostIntoAGetWithoutBody() async throws {
        let stub = StubTransport()
        await stub.register(.post, "/repos/o/r/issues", reply: .init(status: 303, headers: ["Location": "/result"]))
        await stub.register(.get, "/result", reply: .text("done"))
        let data = try await stub.session().send(
            CreateIssue(owner: "o", repo: "r", body: NewIssue(title: "x", labels: [])))
        #expect(data == Data("done".utf8))
        let result = try #require(await stub.requests(matching: .get, "/result").first)
        #expect(result.httpBody == nil)
        #expect(result.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func doNotFollowHandsTheRedirectBack() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/a", reply: .init(status: 302, headers: ["Location": "/b"]))
        let session = Session(transport: stub, redirectPolicy: .doNotFollow)
        let reply = try await session.response(for: Probe(.get, "/a"))
        #expect(reply.head.statusCode == 302)
        #expect(reply.head.value(forHTTPHeaderField: "Location") == "/b")
        #expect(await stub.requests.count == 1)
    }

    @Test func aRedirectLoopStopsAtTheLimit() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/loop", reply: .init(status: 302, headers: ["Location": "/loop?again=1"]))
        let session = Session(transport: stub, redirectPolicy: .follow(maximumRedirects: 4))
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(Probe(.get, "/loop"))
        })
        guard case .tooManyRedirects(let count, let lastLocation) = error.reason else {
            Issue.record("expected tooManyRedirects, got \(error)")
            return
        }
        #expect(count == 4)
        #expect(lastLocation == "https://api.example.com/loop?again=1")
        #expect(await stub.requests.count == 5)
        #expect(error.request?.endpoint == "Probe")
    }

    @Test func aRedirectToUserInfoIsRefused() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/a", reply: .init(status: 302, headers: ["Location": "https://user:pw@api.example.com/b"]))
        let error = try #require(await #expect(throws: BricksError.self) {
            try await stub.session().send(Probe(.get, "/a"))
        })
        guard case .invalidResponse = error.reason else {
            Issue.record("expected invalidResponse, got \(error)")
            return
        }
        #expect(await stub.requests.count == 1)
    }

    @Test func theLimitAppliesToTheReplyAtTheEndOfTheRedirects() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/a", reply: .init(status: 302, headers: ["Location": "/big"]))
        await stub.register(.get, "/big", reply: .init(body: Data(count: 100)))
        let session = stub.session(limits: ResponseLimits(maximumBodySize: 64))
        await #expect(throws: BricksError.responseTooLarge(limit: 64)) {
            try await session.send(Probe(.get, "/a"))
        }
    }
}
