import Bricks
import BricksMetrics
import BricksTesting
import CoreMetrics
import Foundation
import IntegrationsTestSupport
import MetricsTestKit
import Testing

@Suite struct SwiftMetricsMiddlewareTests {
    let metrics = TestMetrics()

    func dimensions(_ endpoint: String, _ method: String, _ status: String) -> [(String, String)] {
        [("endpoint", endpoint), ("method", method), ("status", status)]
    }

    @Test func countsAndTimesARequestByEndpointMethodAndStatusClass() async throws {
        let stub = await stub(octocat)
        let session = stub.session(middleware: [SwiftMetricsMiddleware(factory: metrics)])
        _ = try await session.send(GetUser(login: "octocat"))
        _ = try await session.send(GetUser(login: "octocat"))

        let key = dimensions("GetUser", "GET", "2xx")
        #expect(try metrics.expectCounter("bricks.requests", key).totalValue == 2)
        let timer = try metrics.expectTimer("bricks.request.duration", key)
        #expect(timer.values.count == 2)
        #expect(timer.values.allSatisfy { $0 >= 0 })
        #expect(timer.displayUnit == .milliseconds)
        #expect(metrics.counters(label: "bricks.request.failures").isEmpty)
        // Never the URL, nor anything else of high cardinality.
        #expect(metrics.counters.allSatisfy { $0.dimensions.map(\.0) == ["endpoint", "method", "status"] })
    }

    /// A reply the HTTP cache served (placed after) carries a `source` dimension; the network's none.
    @Test func cacheHitsCarryTheirSource() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(headers: ["Cache-Control": "max-age=60"]))
        let session = stub.session(middleware: [SwiftMetricsMiddleware(factory: metrics), HTTPCacheMiddleware()])
        _ = try await session.send(Probe("/x"))
        _ = try await session.send(Probe("/x"))
        #expect(try metrics.expectCounter("bricks.requests", dimensions("Probe", "GET", "2xx")).totalValue == 1)
        #expect(
            try metrics.expectCounter("bricks.requests", dimensions("Probe", "GET", "2xx") + [("source", "cache")]).totalValue == 1)
    }

    @Test(arguments: [(404, "4xx"), (500, "5xx"), (503, "5xx")])
    func failingStatusesAreCountedAsFailures(status: Int, statusClass: String) async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(status: status))
        let session = stub.session(middleware: [SwiftMetricsMiddleware(factory: metrics)])
        _ = try? await session.send(Probe("/x"))

        let key = dimensions("Probe", "GET", statusClass)
        #expect(try metrics.expectCounter("bricks.requests", key).totalValue == 1)
        #expect(try metrics.expectCounter("bricks.request.failures", key).totalValue == 1)
        #expect(try metrics.expectTimer("bricks.request.duration", key).values.count == 1)
    }

    /// Success is the endpoint's: a status it accepts is no failure, whatever its class; one it
    /// does not accept is, even below 400.
    @Test func aFailureIsAStatusTheEndpointDoesNotAccept() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/cached", reply: .init(status: 304))
        await stub.register(.get, "/gone", reply: .init(status: 404))
        let session = stub.session(middleware: [SwiftMetricsMiddleware(factory: metrics)])
        _ = try await session.send(Probe("/cached", accepting: 200..<400))
        _ = try await session.send(Probe("/gone", accepting: 200..<405))
        #expect(try metrics.expectCounter("bricks.requests", dimensions("Probe", "GET", "3xx")).totalValue == 1)
        #expect(try metrics.expectCounter("bricks.requests", dimensions("Probe", "GET", "4xx")).totalValue == 1)
        #expect(metrics.counters(label: "bricks.request.failures").isEmpty)
        _ = try? await session.send(Probe("/cached"))
        let failures = try metrics.expectCounter("bricks.request.failures", dimensions("Probe", "GET", "3xx"))
        #expect(failures.totalValue == 1)
    }

    @Test func anErrorHasTheStatusClassError() async throws {
        let stub = await stub(.failing(.timedOut))
        let session = stub.session(middleware: [SwiftMetricsMiddleware(factory: metrics)])
        _ = try await reason { _ = try await session.send(GetUser(login: "octocat")) }

        let key = dimensions("GetUser", "GET", "error")
        #expect(try metrics.expectCounter("bricks.requests", key).totalValue == 1)
        #expect(try metrics.expectCounter("bricks.request.failures", key).totalValue == 1)
        #expect(try metrics.expectTimer("bricks.request.duration", key).values.count == 1)
    }

    @Test func afterRetryEachAttemptIsMeasured() async throws {
        let stub = await stub(.init(status: 503), octocat)
        let session = stub.session(middleware: [immediateRetry, SwiftMetricsMiddleware(factory: metrics)])
        _ = try await session.send(GetUser(login: "octocat"))

        #expect(try metrics.expectCounter("bricks.requests", dimensions("GetUser", "GET", "5xx")).totalValue == 1)
        #expect(try metrics.expectCounter("bricks.requests", dimensions("GetUser", "GET", "2xx")).totalValue == 1)
        #expect(metrics.counterTotal(label: "bricks.request.failures") == 1)
    }

    @Test func usesTheCurrentFactoryByDefault() async throws {
        let stub = await stub(octocat)
        let session = stub.session(middleware: [SwiftMetricsMiddleware(labelPrefix: "api")])
        try await withMetricsFactory(metrics) {
            _ = try await session.send(GetUser(login: "octocat"))
        }
        #expect(try metrics.expectCounter("api.requests", dimensions("GetUser", "GET", "2xx")).totalValue == 1)
        #expect(try metrics.expectTimer("api.request.duration", dimensions("GetUser", "GET", "2xx")).values.count == 1)
    }
}
