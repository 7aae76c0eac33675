import AsyncHTTPClient
import InMemoryTracing
import Testing
import Tracing

@testable import BricksAsyncHTTPClient

@Suite struct ConfigurationTests {
    @Test func aNoOpTracerIsRemovedAndARealOneKept() {
        // No tracer is bootstrapped in this process: AsyncHTTPClient's default is the no-op one.
        #expect(HTTPClient.Configuration().tracing.tracer is NoOpTracer)
        #expect(AsyncHTTPClientTransport.defaultConfiguration.tracing.tracer == nil)

        var configuration = HTTPClient.Configuration()
        configuration.tracing.tracer = NoOpTracer()
        #expect(AsyncHTTPClientTransport.withoutNoOpTracing(configuration).tracing.tracer == nil)
        configuration.tracing.tracer = InMemoryTracer()
        #expect(AsyncHTTPClientTransport.withoutNoOpTracing(configuration).tracing.tracer is InMemoryTracer)
    }
}
