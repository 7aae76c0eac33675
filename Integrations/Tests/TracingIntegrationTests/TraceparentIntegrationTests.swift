import Bricks
import BricksTracing
import Foundation
import IntegrationsTestSupport
import Testing
import Tracing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Against the local httpbin that `scripts/httpbin.sh` starts (`BRICKS_HTTPBIN_URL`). Skipped
/// without it, unless `BRICKS_REQUIRE_INTEGRATION=1` asks for it: then it runs and fails.
enum HTTPBin {
    static let environment = ProcessInfo.processInfo.environment
    static let url = environment["BRICKS_HTTPBIN_URL"].flatMap(URL.init(string:))
    static let isRequired = environment["BRICKS_REQUIRE_INTEGRATION"] == "1"
    static var shouldRun: Bool { url != nil || isRequired }
}

/// httpbin's `/headers` answer.
struct EchoedHeaders: Decodable {
    let headers: [String: String]
}

@Suite(.enabled(if: HTTPBin.shouldRun, "set BRICKS_HTTPBIN_URL (source scripts/httpbin.sh; httpbin_start) to run"))
struct TraceparentIntegrationTests {
    @Test func theInjectedTraceparentReachesTheServerWithTheSpansTraceID() async throws {
        let base = try #require(HTTPBin.url, "BRICKS_REQUIRE_INTEGRATION=1 but BRICKS_HTTPBIN_URL is not set")
        let tracer = TraceparentTracer()
        // The default transport (URLSession), the middleware reading the task's tracer.
        let session = Session(middleware: [TracingMiddleware()])
        let data = try await withTracer(tracer) {
            try await session.send(Probe("/headers", baseURL: base))
        }

        let echoed = try JSONDecoder().decode(EchoedHeaders.self, from: data)
        let traceparent = echoed.headers.first { $0.key.lowercased() == "traceparent" }?.value
        let received = try #require(traceparent, "httpbin saw \(echoed.headers)")
        let span = try #require(tracer.finishedSpans.first)
        #expect(tracer.finishedSpans.count == 1)
        #expect(span.operationName == "GET Probe")
        #expect(span.kind == .client)
        #expect(received == "00-\(span.traceID)-\(span.spanID)-01")
        let parts = received.split(separator: "-")
        #expect(parts.count == 4 && parts[1] == span.traceID && parts[1].count == 32)
        #expect(span.attributes.get("http.response.status_code") == .int64(200))
        #expect(span.attributes.get("server.address") == .string(base.host ?? ""))
    }
}
