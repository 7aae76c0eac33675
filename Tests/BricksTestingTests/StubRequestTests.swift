import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct StubRequestTests {
    @Test func everyRequestIsRecordedInOrderMatchedOrNot() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/*", json: #"{"id": 1, "login": "a"}"#)
        let session = stub.session()
        _ = try await session.send(GetUser(login: "a"))
        _ = try? await session.send(Probe(.delete, "/nowhere"))
        _ = try await session.send(GetUser(login: "b"))
        #expect(
            await stub.requests.map { "\($0.httpMethod ?? "") \($0.url?.path ?? "")" }
                == ["GET /users/a", "DELETE /nowhere", "GET /users/b"])
    }

    @Test func requestsMatchingMethodAndPattern() async throws {
        let stub = StubTransport()
        await stub.register(.post, "/repos/**", reply: .init(status: 201))
        for (owner, repo) in [("apple", "swift"), ("apple", "swift-nio")] {
            _ = try await stub.session().send(
                CreateIssue(owner: owner, repo: repo, body: NewIssue(title: repo, labels: [])))
        }
        _ = try await stub.roundTrip(request("POST", "/repos/apple/swift/labels"))
        _ = try await stub.roundTrip(request("GET", "/repos/apple/swift/issues"))
        let created = await stub.requests(matching: .post, "/repos/*/*/issues")
        #expect(created.map { $0.url?.path } == ["/repos/apple/swift/issues", "/repos/apple/swift-nio/issues"])
        #expect(await stub.requests(matching: .post, "/repos/**").count == 3)
        #expect(await stub.requests(matching: .get, "/repos/apple/**").count == 1)
        #expect(await stub.requests(matching: .delete, "/**").isEmpty)
    }

    @Test func requestsWhere() async throws {
        let stub = StubTransport()
        _ = try await stub.roundTrip(request("GET", "/a", headers: ["Authorization": "Bearer 1"]))
        _ = try await stub.roundTrip(request("GET", "/b"))
        let authorized = await stub.requests(where: { $0.value(forHTTPHeaderField: "Authorization") != nil })
        #expect(authorized.map { $0.url?.path } == ["/a"])
    }

    @Test func bodyDecodesAsATypeOrAsAJSONObject() async throws {
        let stub = StubTransport()
        await stub.register(.post, "/repos/*/*/issues", reply: .init(status: 201))
        let issue = NewIssue(title: "Crash on launch", labels: ["bug"])
        _ = try await stub.session().send(CreateIssue(owner: "o", repo: "r", body: issue))
        let sent = try #require(await stub.requests(matching: .post, "/repos/*/*/issues").first)
        #expect(try sent.decodedBody(as: NewIssue.self) == issue)
        let fields = try #require(try sent.jsonBody() as? [String: Any])
        #expect(fields["title"] as? String == "Crash on launch")
        #expect(fields["labels"] as? [String] == ["bug"])
    }

    @Test func bodyOfARequestWithoutOneIsAMissingBodyError() async throws {
        let stub = StubTransport()
        _ = try await stub.session().send(Probe(.get, "/users", queryItems: [URLQueryItem(name: "page", value: "2")]))
        let sent = try #require(await stub.requests.first)
        do {
            _ = try sent.jsonBody()
            Issue.record("expected an error")
        } catch let error as BricksTestingError {
            #expect(error.description == "The request GET /users?page=2 has no body.")
        }
        #expect(throws: BricksTestingError.self) { try sent.decodedBody(as: NewIssue.self) }
    }

    @Test func bodyThatIsNotTheTypeIsADecodingError() async throws {
        let stub = StubTransport()
        _ = try await stub.roundTrip(request("POST", "/x", body: Data(#"{"title": 1}"#.utf8)))
        let sent = try #require(await stub.requests.first)
        #expect(throws: DecodingError.self) { try sent.decodedBody(as: NewIssue.self) }
    }
}
