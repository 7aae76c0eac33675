import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct StubRoutingTests {
    @Test(arguments: [
        ("/users/octocat", "/users/octocat", true),
        ("/users/octocat", "/users/other", false),
        ("/users/*", "/users/octocat", true),
        ("/users/*", "/users/octo/cat", false),
        ("/users/*", "/users", false),
        ("/users/*/repos", "/users/a/b/repos", false),
        ("/repos/*/*/issues", "/repos/apple/swift/issues", true),
        ("/repos/*/*/issues", "/repos/apple/issues", false),
        ("/files/*.json", "/files/report.json", true),
        ("/files/*.json", "/files/report.txt", false),
        ("/a*c*e", "/abcde", true),
        ("/a*c*e", "/abde", false),
        ("/api/**", "/api", true),
        ("/api/**", "/api/v1/users/1", true),
        ("/api/**", "/other/v1", false),
        ("/api/**/users", "/api/users", true),
        ("/api/**/users", "/api/v1/v2/users", true),
        ("/api/**/users", "/api/v1/users/1", false),
        ("/**", "/anything/at/all", true),
        ("/", "/", true),
        ("/users/", "/users", true),
        ("/users/*", "/users/octocat?page=2", true),
        ("/users/octo cat", "/users/octo%20cat", true),
        ("/files/*", "/files/a%2Fb", true),
        ("/files/*/*", "/files/a%2Fb", false),
    ])
    func pathPatterns(pattern: String, target: String, matches: Bool) async throws {
        let stub = StubTransport()
        await stub.register(.get, pattern, reply: .text("hit"))
        let (body, response) = try await stub.roundTrip(request("GET", target))
        #expect(response.statusCode == (matches ? 200 : 404))
        #expect((String(decoding: body, as: UTF8.self) == "hit") == matches)
    }

    @Test func methodMustMatchToo() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/*", json: "{}")
        let (body, response) = try await stub.roundTrip(request("DELETE", "/users/1?force=true"))
        #expect(response.statusCode == 404)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
        #expect(
            String(decoding: body, as: UTF8.self)
                == "StubTransport has no reply for DELETE /users/1?force=true. Routes: GET /users/*.")
    }

    @Test func unmatchedReplyWithoutRoutesSaysSo() async throws {
        let (body, _) = try await StubTransport().roundTrip(request("GET", "/x"))
        #expect(String(decoding: body, as: UTF8.self) == "StubTransport has no reply for GET /x. Routes: none.")
    }

    @Test func routeRegisteredLastWins() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/**", reply: .text("any user"))
        await stub.register(.get, "/users/octocat", reply: .text("octocat"))
        await stub.register(.get, "/users/*", reply: .text("one user"))
        let (first, _) = try await stub.roundTrip(request("GET", "/users/octocat"))
        let (second, _) = try await stub.roundTrip(request("GET", "/users/octocat/repos"))
        #expect(String(decoding: first, as: UTF8.self) == "one user")
        #expect(String(decoding: second, as: UTF8.self) == "any user")
    }

    @Test func predicateRoutes() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/me", json: #"{"id": 1, "login": "octocat"}"#)
        await stub.register(where: { $0.value(forHTTPHeaderField: "Authorization") == nil }, reply: .init(status: 401))
        let (_, anonymous) = try await stub.roundTrip(request("GET", "/me"))
        let (_, signedIn) = try await stub.roundTrip(request("GET", "/me", headers: ["Authorization": "Bearer t"]))
        #expect(anonymous.statusCode == 401)
        #expect(signedIn.statusCode == 200)
    }

    @Test func predicateRouteWithHandlerSeesTheQuery() async throws {
        let stub = StubTransport()
        await stub.register(where: { $0.url?.query?.contains("page=") == true }) { request in
            .text(request.url?.query ?? "")
        }
        let (body, _) = try await stub.roundTrip(request("GET", "/anything?page=3"))
        let (_, other) = try await stub.roundTrip(request("GET", "/anything"))
        #expect(String(decoding: body, as: UTF8.self) == "page=3")
        #expect(other.statusCode == 404)
    }

    @Test func sessionInOneLine() async throws {
        struct Stamp: Middleware {
            func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws
                -> RawResponse
            {
                var request = request
                request.setValue("yes", forHTTPHeaderField: "X-Stamped")
                return try await next(request, body, context)
            }
        }
        let stub = StubTransport()
        await stub.register(.get, "/users/*", json: #"{"id": 7, "login": "octocat"}"#)
        let user = try await stub.session(middleware: [Stamp()]).send(GetUser(login: "octocat"))
        #expect(user == User(id: 7, login: "octocat"))
        #expect(await stub.requests.first?.value(forHTTPHeaderField: "X-Stamped") == "yes")
    }
}
