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
    func httpBody() throws -> Data? { body }
    var contentType: String? { "application/json" }
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
        let session = Session(transport: TestTransport.make(redirectPolicy: .doNotFollow))
        let reply = try await session.response(
            for: RawRedirect(
                baseURL: try HTTPBin.base(), path: "/redirect-to",
                queryItems: [URLQueryItem(name: "url", value: "/get")]))
        #expect(reply.response.statusCode == 302)
        #expect(reply.response.value(forHTTPHeaderField: "Location") == "/get")
    }

    @Test func unacceptedRedirectIsAnUnacceptableStatus() async throws {
        let session = Session(transport: TestTransport.make(redirectPolicy: .doNotFollow))
        let error = await #expect(throws: BricksError.self) {
            try await session.send(Bearer(baseURL: try HTTPBin.base(), path: "/redirect/1"))
        }
        #expect(error?.statusCode == 302)
    }

    @Test func customPolicySeesEveryHop() async throws {
        let hops = HopCounter()
        let policy = RedirectPolicy.custom { previous, proposed, response in
            hops.record(response.statusCode)
            return RedirectPolicy.safeRedirect(from: previous, proposed: proposed, status: response.statusCode)
        }
        let session = Session(transport: TestTransport.make(redirectPolicy: policy))
        _ = try await session.send(Bearer(baseURL: try HTTPBin.base(), path: "/redirect/3"))
        #expect(hops.statuses == [302, 302, 302])
    }
}

/// Collects the statuses a redirect policy saw (the policy is a synchronous `@Sendable` closure).
final class HopCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int] = []
    func record(_ status: Int) { lock.withLock { seen.append(status) } }
    var statuses: [Int] { lock.withLock { seen } }
}
