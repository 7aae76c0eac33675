import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct AuthorizationMiddlewareTests {
    struct RefreshFailed: Error, Equatable {}

    /// A server that accepts only `Bearer <valid>` (or whatever `accepts` says), and records the
    /// `Authorization` header of every request.
    final class Server: Sendable {
        let seen = Recorder<String?>()
        let accepts: @Sendable (String?) -> Bool

        init(accepting valid: String) { accepts = { $0 == "Bearer \(valid)" } }
        init(accepts: @escaping @Sendable (String?) -> Bool) { self.accepts = accepts }

        var transport: ReplyingTransport {
            ReplyingTransport { [seen, accepts] request in
                let authorization = request.value(forHTTPHeaderField: "Authorization")
                seen.append(authorization)
                return (Data(), responseHead(for: request, status: accepts(authorization) ? 200 : 401))
            }
        }
    }

    /// A store whose refresh hands out `fresh` and counts its calls.
    static func store(_ token: String?, refreshingTo fresh: String = "fresh", refreshes: Recorder<String>)
        -> TokenStore
    {
        TokenStore(token: token) { rejected in
            refreshes.append(rejected)
            return fresh
        }
    }

    @Test func injectsTheTokenAsABearerHeader() async throws {
        let server = Server(accepting: "t0")
        let refreshes = Recorder<String>()
        let session = Session(
            transport: server.transport,
            middleware: [AuthorizationMiddleware(tokens: Self.store("t0", refreshes: refreshes))])
        _ = try await session.send(Custom(path: "/x"))
        #expect(server.seen.values == ["Bearer t0"])
        #expect(refreshes.values.isEmpty)
    }

    @Test func headerNameAndSchemeAreConfigurable() async throws {
        let stub = StubTransport()
        let auth = AuthorizationMiddleware(
            tokens: Self.store("k3y", refreshes: Recorder()), headerName: "X-API-Key", scheme: nil)
        _ = try? await Session(transport: stub, middleware: [auth]).send(Custom(path: "/x"))
        let sent = try #require(await stub.requests.first)
        #expect(sent.value(forHTTPHeaderField: "X-API-Key") == "k3y")
        #expect(sent.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func aRejectedTokenIsRefreshedOnceAndTheRequestResent() async throws {
        let server = Server(accepting: "fresh")
        let refreshes = Recorder<String>()
        let tokens = Self.store("stale", refreshes: refreshes)
        let session = Session(transport: server.transport, middleware: [AuthorizationMiddleware(tokens: tokens)])
        _ = try await session.send(Custom(path: "/x"))
        #expect(server.seen.values == ["Bearer stale", "Bearer fresh"])
        #expect(refreshes.values == ["stale"])
        #expect(await tokens.currentToken == "fresh")
        _ = try await session.send(Custom(path: "/x"))
        #expect(server.seen.values.last == "Bearer fresh")
        #expect(refreshes.count == 1)
    }

    @Test func aSecondRejectionAfterTheResendGoesToTheCaller() async throws {
        let server = Server(accepts: { _ in false })
        let refreshes = Recorder<String>()
        let session = Session(
            transport: server.transport,
            middleware: [AuthorizationMiddleware(tokens: Self.store("stale", refreshes: refreshes))])
        let error = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/x")) }
        #expect(error?.statusCode == 401)
        #expect(server.seen.values == ["Bearer stale", "Bearer fresh"])
        #expect(refreshes.count == 1)
    }

    @Test func aLaterRejectionOfTheRefreshedTokenRefreshesAgain() async throws {
        let valid = Recorder<String>()
        valid.append("a")
        let server = Server(accepts: { $0 == "Bearer \(valid.values.last!)" })
        let refreshes = Recorder<String>()
        let tokens = TokenStore(token: "a") { rejected in
            refreshes.append(rejected)
            return rejected == "a" ? "b" : "c"
        }
        let session = Session(transport: server.transport, middleware: [AuthorizationMiddleware(tokens: tokens)])
        valid.append("b")  // the server expires "a"
        _ = try await session.send(Custom(path: "/x"))
        valid.append("c")  // … and later "b"
        _ = try await session.send(Custom(path: "/x"))
        #expect(refreshes.values == ["a", "b"])
        #expect(server.seen.values == ["Bearer a", "Bearer b", "Bearer b", "Bearer c"])
    }

    @Test func aFailedRefreshReachesTheCallerUnchanged() async throws {
        let server = Server(accepting: "never")
        let tokens = TokenStore(token: "stale") { _ in throw RefreshFailed() }
        let session = Session(transport: server.transport, middleware: [AuthorizationMiddleware(tokens: tokens)])
        await #expect(throws: RefreshFailed()) { try await session.send(Custom(path: "/x")) }
        #expect(server.seen.values == ["Bearer stale"])
        #expect(await tokens.currentToken == "stale")
    }

    @Test func requestsWithTheirOwnHeaderOrWithoutATokenPassUntouched() async throws {
        let server = Server(accepting: "fresh")
        let refreshes = Recorder<String>()
        let tokens = Self.store("stale", refreshes: refreshes)
        let session = Session(transport: server.transport, middleware: [AuthorizationMiddleware(tokens: tokens)])
        let error = await #expect(throws: BricksError.self) {
            try await session.send(Custom(path: "/x", headerFields: ["Authorization": "Basic dTpw"]))
        }
        #expect(error?.statusCode == 401)
        await tokens.setToken(nil)
        _ = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/x")) }
        #expect(server.seen.values == ["Basic dTpw", nil])
        #expect(refreshes.values.isEmpty)
    }

    @Test func refreshStatusesAreConfigurable() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(status: 403))
        let refreshes = Recorder<String>()
        let auth = AuthorizationMiddleware(tokens: Self.store("t", refreshes: refreshes), refreshStatusCodes: [403])
        _ = await #expect(throws: BricksError.self) {
            try await Session(transport: stub, middleware: [auth]).send(Custom(path: "/x"))
        }
        #expect(refreshes.values == ["t"])
        #expect(await stub.requests.count == 2)
    }

    @Test func aTokenThatWouldInjectHeadersIsRefused() async throws {
        let stub = StubTransport()
        let auth = AuthorizationMiddleware(tokens: Self.store("t\r\nX-Evil: 1", refreshes: Recorder()))
        await #expect(throws: BricksError(.invalidHeader(name: "Authorization", reason: ""))) {
            try await Session(transport: stub, middleware: [auth]).send(Custom(path: "/x"))
        }
        #expect(await stub.requests.isEmpty)
    }
}
