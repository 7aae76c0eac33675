import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct StubMiddlewareTests {
    @Test func answersAMatchingRouteAndPassesOthersOn() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/real", json: #"{"id": 2, "login": "real"}"#)
        let session = Session(transport: stub).appending(
            StubMiddleware(.get, "/users/canned", reply: .json(#"{"id": 1, "login": "canned"}"#)))
        #expect(try await session.send(GetUser(login: "canned")) == User(id: 1, login: "canned"))
        #expect(try await session.send(GetUser(login: "real")) == User(id: 2, login: "real"))
        #expect(await stub.requests.map { $0.url?.path } == ["/users/real"])
    }

    @Test func routesMatchTheMethodToo() async throws {
        let stub = StubTransport()
        let session = Session(transport: stub, middleware: [StubMiddleware(.post, "/x", reply: .init(status: 201))])
        _ = try? await session.send(Custom(path: "/x"))
        #expect(await stub.requests.count == 1)
    }

    @Test func aResponderCanSimulateAFlakyServer() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(body: Data("real".utf8)))
        let flaky = StubMiddleware { _, context in context.attempt == 1 ? .init(status: 503) : nil }
        let session = Session(
            transport: stub,
            middleware: [RetryMiddleware(.exponentialBackoff(maxAttempts: 2, baseDelay: .milliseconds(1))), flaky])
        #expect(try await session.send(Custom(path: "/x")) == Data("real".utf8))
        #expect(await stub.requests.count == 1)
    }

    @Test func aResponderCanThrowToSimulateAFailure() async throws {
        let stub = StubTransport()
        let session = Session(transport: stub, middleware: [StubMiddleware { _, _ in throw URLError(.notConnectedToInternet) }])
        await #expect(throws: BricksError.transport(URLError(.notConnectedToInternet))) {
            try await session.send(Custom(path: "/x"))
        }
        #expect(await stub.requests.isEmpty)
    }

    @Test func repliesCarryStatusHeadersAndBody() async throws {
        let stub = StubMiddleware(.get, "/x", reply: .init(status: 202, headers: ["ETag": "v2"], body: Data("b".utf8)))
        let reply = try await Session(transport: StubTransport(), middleware: [stub]).response(for: Custom(path: "/x"))
        #expect(reply.response.statusCode == 202)
        #expect(reply.response.value(forHTTPHeaderField: "etag") == "v2")
        #expect(reply.value == Data("b".utf8))
    }
}
