import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private struct Bytes: RequestContextType, DataResponseType {
    let baseURL: URL
    /// `bytes` (with Content-Length) or `stream-bytes` (chunked, no length).
    let route: String
    let count: Int
    var pathSegments: [String] { [route, String(count)] }
}

private struct Redirects: RequestContextType, DataResponseType {
    let baseURL: URL
    let count: Int
    var pathSegments: [String] { ["redirect", String(count)] }
}

@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct LimitsIntegrationTests {
    static let limit = 64 * 1024

    let session = Session(transport: TestTransport.make(), limits: ResponseLimits(maximumBodySize: limit))

    @Test(arguments: ["bytes", "stream-bytes"])
    func bodyAboveTheLimitIsTooLarge(route: String) async throws {
        await #expect(throws: BricksError.responseTooLarge(limit: Self.limit)) {
            try await session.send(Bytes(baseURL: try HTTPBin.base(), route: route, count: Self.limit + 1))
        }
        await #expect(throws: BricksError.responseTooLarge(limit: Self.limit)) {
            try await session.send(Bytes(baseURL: try HTTPBin.base(), route: route, count: 1024 * 1024))
        }
    }

    @Test(arguments: ["bytes", "stream-bytes"])
    func bodyAtTheLimitArrivesWhole(route: String) async throws {
        let data = try await session.send(Bytes(baseURL: try HTTPBin.base(), route: route, count: Self.limit))
        #expect(data.count == Self.limit)
    }

    /// The Session's core follows redirects for every transport; one past the limit fails with
    /// `tooManyRedirects`, naming where the last one pointed.
    @Test func tooManyRedirectsFailsNamingTheLastLocation() async throws {
        let session = Session(transport: TestTransport.make(), redirectPolicy: .follow(maximumRedirects: 3))
        _ = try await session.send(Redirects(baseURL: try HTTPBin.base(), count: 3))
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(Redirects(baseURL: try HTTPBin.base(), count: 4))
        })
        guard case .tooManyRedirects(let count, let lastLocation) = error.reason else {
            Issue.record("expected tooManyRedirects, got \(error)")
            return
        }
        #expect(count == 3)
        #expect(lastLocation.hasSuffix("/get"))  // /redirect/4 → /relative-redirect/3 → 2 → 1 → /get
        #expect(error.request?.endpoint == "Redirects")
        #expect(error.description.contains("gave up after 3 redirects"))
    }

    /// An endpoint's own `maximumResponseSize` wins over the Session's (larger) limit.
    @Test func endpointLimitOverridesTheSessionLimit() async throws {
        struct Small: RequestContextType, DataResponseType {
            let baseURL: URL
            var pathSegments: [String] { ["bytes", "2048"] }
            var maximumResponseSize: Int? { 1024 }
        }
        await #expect(throws: BricksError.responseTooLarge(limit: 1024)) {
            try await session.send(Small(baseURL: try HTTPBin.base()))
        }
    }
}
