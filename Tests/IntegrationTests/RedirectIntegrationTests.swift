import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request to any httpbin path and query, with a bearer token, that returns the echo.
private struct Bearer: RequestContextType, JSONResponseType {
    typealias Response = Echo
    let baseURL: URL
    var method: HTTPMethod = .get
    let path: String
    var queryItems: [URLQueryItem] = []
    var body: Data?
    var headerFields: [String: String] {
        ["Authorization": "Bearer s3cret-token", "Cookie": "session=abc", "X-Keep": "kept"]
    }
    func makeRequestBody() throws -> RequestBody? { body.map { RequestBody($0, contentType: "application/json") } }
}

private struct RawRedirect: RequestContextType, DataResponseType {
    let baseURL: URL
    let path: String
    var queryItems: [URLQueryItem] = []
    var acceptableStatusCodes: Range<Int> { 200..<400 }
}

@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct RedirectIntegrationTests {
    @Test func crossOriginRedirectDropsCredentials() async throws {
        let other = try HTTPBin.secondBase()
        let session = Session(transport: TestTransport.make())
        let echo = try await session.send(
            Bearer(
                baseURL: try HTTPBin.base(), path: "/redirect-to",
                queryItems: [URLQueryItem(name: "url", value: other.appendingPathComponent("anything").absoluteString)]))
        #expect(echo.url.hasPrefix(other.absoluteString))
        #expect(echo.headers["Authorization"] == nil)
        #expect(echo.headers["Cookie"] == nil)
        #expect(echo.headers["X-Keep"] == "kept")
    }

    @Test func sameOriginRedirectsKeepCredentials() async throws {
        let session = Session(transport: TestTransport.make())
        let relative = try await session.send(Bearer(baseURL: try HTTPBin.base(), path: "/redirect/2"))
        #expect(relative.headers["Authorization"] == "Bearer s3cret-token")
        #expect(relative.url.hasSuffix("/get"))
        let absolute = try await session.send(Bearer(baseURL: try HTTPBin.base(), path: "/absolute-redirect/3"))
        #expect(absolute.headers["Authorization"] == "Bearer s3cret-token")
        #expect(absolute.url.hasSuffix("/get"))
    }

    @Test(arguments: [307, 308])
    func temporaryRedirectKeepsMethodAndBody(status: Int) async throws {
        let session = Session(transport: TestTransport.make())
        let body = Data(#"{"name":"renamed"}"#.utf8)
        let echo = try await session.send(
            Bearer(
                baseURL: try HTTPBin.base(), method: .patch, path: "/redirect-to",
                queryItems: [
                    URLQueryItem(name: "url", value: "/anything/moved"),
                    URLQueryItem(name: "status_code", value: String(status)),
                ], body: body))
        #expect(echo.method == "PATCH")
        #expect(echo.data == #"{"name":"renamed"}"#)
        #expect(echo.url.hasSuffix("/anything/moved"))
    }

    @Test func doNotFollowReturnsTheRedirectToTheCaller() async throws {
        let session = Session(transport: TestTransport.make(), redirectPolicy: .doNotFollow)
        let reply = try await session.response(
            for: RawRedirect(
                baseURL: try HTTPBin.base(), path: "/redirect-to",
                queryItems: [URLQueryItem(name: "url", value: "/get")]))
        #expect(reply.head.statusCode == 302)
        #expect(reply.head.value(forHTTPHeaderField: "Location") == "/get")
    }

    @Test func unacceptedRedirectIsAnUnacceptableStatus() async throws {
        let session = Session(transport: TestTransport.make(), redirectPolicy: .doNotFollow)
        let error = await #expect(throws: BricksError.self) {
            try await session.send(Bearer(baseURL: try HTTPBin.base(), path: "/redirect/1"))
        }
        #expect(error?.statusCode == 302)
    }

    /// Was `customPolicySeesEveryHop` (`RedirectPolicy.custom` is gone): the Session's core sends
    /// each hop through the transport, which sees every 302 and then the 200.
    @Test func everyHopGoesThroughTheTransport() async throws {
        let transport = TracingTransport(TestTransport.make())
        let session = Session(transport: transport)
        _ = try await session.send(Bearer(baseURL: try HTTPBin.base(), path: "/redirect/3"))
        let hops = await transport.hops
        #expect(hops.map(\.status) == [302, 302, 302, 200])
        #expect(hops.allSatisfy { $0.headers["Authorization"] == "Bearer s3cret-token" })
        #expect(hops.last?.url?.path == "/get")
    }

    /// A 307 to another origin keeps the method and the body (RFC 9110) but not the credentials.
    @Test(arguments: [307, 308])
    func crossOriginTemporaryRedirectKeepsTheBodyButNotTheCredentials(status: Int) async throws {
        let other = try HTTPBin.secondBase()
        let transport = TracingTransport(TestTransport.make())
        let session = Session(transport: transport)
        let body = Data(#"{"name":"moved"}"#.utf8)
        let echo = try await session.send(
            Bearer(
                baseURL: try HTTPBin.base(), method: .post, path: "/redirect-to",
                queryItems: [
                    URLQueryItem(name: "url", value: other.appendingPathComponent("anything/target").absoluteString),
                    URLQueryItem(name: "status_code", value: String(status)),
                ], body: body))
        #expect(echo.url.hasPrefix(other.absoluteString))
        #expect(echo.url.hasSuffix("/anything/target"))
        #expect(echo.method == "POST")
        #expect(echo.data == #"{"name":"moved"}"#)
        #expect(echo.headers["Content-Type"] == "application/json")
        #expect(echo.headers["Authorization"] == nil)
        #expect(echo.headers["Cookie"] == nil)
        #expect(echo.headers["X-Keep"] == "kept")
        let hops = await transport.hops
        #expect(hops.map(\.status) == [status, 200])
        #expect(hops.map(\.bodyLength) == [body.count, body.count])
    }

    /// A 303, and a 302 after a `POST`, turn into a `GET` without a body.
    @Test(arguments: [302, 303])
    func seeOtherAfterPostBecomesAGetWithoutBody(status: Int) async throws {
        let session = Session(transport: TestTransport.make())
        let echo = try await session.send(
            Bearer(
                baseURL: try HTTPBin.base(), method: .post, path: "/redirect-to",
                queryItems: [
                    URLQueryItem(name: "url", value: "/anything/seen"),
                    URLQueryItem(name: "status_code", value: String(status)),
                ], body: Data(#"{"dropped":true}"#.utf8)))
        #expect(echo.method == "GET")
        #expect(echo.data == "")
        #expect(echo.headers["Content-Type"] == nil)
        #expect(echo.url.hasSuffix("/anything/seen"))
    }

    /// A relative `Location` resolves against the URL that answered, which after a cross-origin
    /// hop is the other server.
    @Test func relativeLocationResolvesAgainstTheOriginThatAnswered() async throws {
        let other = try HTTPBin.secondBase()
        let second = other.absoluteString + "/redirect-to?url=%2Fanything%2Fthere"
        let session = Session(transport: TestTransport.make())
        let echo = try await session.send(
            Bearer(
                baseURL: try HTTPBin.base(), path: "/redirect-to",
                queryItems: [URLQueryItem(name: "url", value: second)]))
        #expect(echo.url == other.absoluteString + "/anything/there")
        #expect(echo.headers["Authorization"] == nil)
    }

    /// A redirect to a URL with user info is refused: it would turn into credentials.
    @Test func redirectToUserInfoIsRefused() async throws {
        let other = try HTTPBin.secondBase()
        var components = try #require(URLComponents(url: other, resolvingAgainstBaseURL: false))
        components.user = "user"
        components.password = "pass"
        components.path = "/basic-auth/user/pass"
        let target = try #require(components.url).absoluteString
        let session = Session(transport: TestTransport.make())
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(
                Bearer(
                    baseURL: try HTTPBin.base(), path: "/redirect-to",
                    queryItems: [URLQueryItem(name: "url", value: target)]))
        })
        guard case .invalidResponse(let reason) = error.reason else {
            Issue.record("expected invalidResponse, got \(error)")
            return
        }
        #expect(reason.contains("user info"))
        #expect(error.request?.endpoint == "Bearer")
    }

    /// The request's time-out covers the whole exchange, redirects included.
    @Test func theDeadlineCoversTheRedirectTarget() async throws {
        struct SlowTarget: RequestContextType, DataResponseType {
            let baseURL: URL
            var path: String { "/redirect-to" }
            var queryItems: [URLQueryItem] { [URLQueryItem(name: "url", value: "/delay/10")] }
            var timeoutInterval: TimeInterval { 1 }
        }
        let session = Session(transport: TestTransport.make())
        let started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) {
            try await session.send(SlowTarget(baseURL: try HTTPBin.base()))
        }
        // At the 1 s timeout, long before the target's reply: a bound for a hang, not a speed test.
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    /// The size limit applies to the body at the end of the redirects.
    @Test func theSizeLimitAppliesToTheRedirectTarget() async throws {
        struct Target: RequestContextType, DataResponseType {
            let baseURL: URL
            let route: String
            var path: String { "/redirect-to" }
            var queryItems: [URLQueryItem] { [URLQueryItem(name: "url", value: "/\(route)/5000")] }
        }
        let session = Session(transport: TestTransport.make(), limits: ResponseLimits(maximumBodySize: 4096))
        for route in ["bytes", "stream-bytes"] {
            await #expect(throws: BricksError.responseTooLarge(limit: 4096)) {
                try await session.send(Target(baseURL: try HTTPBin.base(), route: route))
            }
        }
    }
}
