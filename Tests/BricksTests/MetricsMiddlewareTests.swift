import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct MetricsMiddlewareTests {
    @Test func reportsTimingSizesAndStatusOfAReply() async throws {
        let reports = Recorder<RequestMetrics>()
        let stub = StubTransport()
        await stub.register(.post, "/items", reply: .init(status: 201, body: Data("12345".utf8), delay: .milliseconds(20)))
        let session = Session(transport: stub, middleware: [MetricsMiddleware { reports.append($0) }])
        let before = Date()
        _ = try await session.send(Custom(method: .post, path: "/items", body: Data("abc".utf8)))
        let metrics = try #require(reports.values.first)
        #expect(reports.count == 1)
        #expect(metrics.endpointName == "Custom")
        #expect(metrics.method == "POST")
        #expect(metrics.url?.absoluteString == "https://api.example.com/items")
        #expect(metrics.statusCode == 201)
        #expect(metrics.requestBodySize == 3)
        #expect(metrics.responseBodySize == 5)
        #expect(metrics.duration >= .milliseconds(20))
        #expect(metrics.startDate >= before.addingTimeInterval(-1))
        #expect(metrics.error == nil)
        #expect(metrics.attempt == 1)
    }

    @Test func reportsFailuresAndEachAttemptWhenBelowRetry() async throws {
        let reports = Recorder<RequestMetrics>()
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(failure: URLError(.networkConnectionLost)))
        let session = Session(
            transport: stub,
            middleware: [
                RetryMiddleware(.exponentialBackoff(maxAttempts: 2, baseDelay: .milliseconds(1))),
                MetricsMiddleware { reports.append($0) },
            ])
        _ = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/x")) }
        #expect(reports.values.map(\.attempt) == [1, 2])
        #expect(reports.values.allSatisfy { $0.statusCode == nil && $0.error != nil })
    }
}
