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

    let session = Session(transport: TestTransport.make(), limits: TransportLimits(maximumResponseSize: limit))

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

    @Test func tooManyRedirectsIsATransportError() async throws {
        let session = Session(transport: TestTransport.make(redirectPolicy: .follow(maximumRedirects: 3)))
        _ = try await session.send(Redirects(baseURL: try HTTPBin.base(), count: 3))
        do {
            _ = try await session.send(Redirects(baseURL: try HTTPBin.base(), count: 4))
            Issue.record("a fourth redirect should fail")
        } catch BricksError.transport(let error as URLError) {
            #expect(error.code == .httpTooManyRedirects)
        }
    }
}
