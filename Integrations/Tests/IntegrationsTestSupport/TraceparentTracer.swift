import Foundation
import InMemoryTracing
import Tracing

/// swift-distributed-tracing's `InMemoryTracer` with W3C ids (32 and 16 lowercase hex digits) that
/// also injects a W3C `traceparent` header, as an OpenTelemetry tracer does.
public struct TraceparentTracer: Tracer {
    /// The tracer that keeps the spans.
    public let base: InMemoryTracer

    /// A tracer with random W3C ids.
    public init() {
        base = InMemoryTracer(
            idGenerator: InMemoryTracer.IDGenerator(
                nextTraceID: { Self.hex(bytes: 16) }, nextSpanID: { Self.hex(bytes: 8) }))
    }

    /// Starts a span in ``base``.
    public func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> InMemorySpan {
        base.startSpan(
            operationName, context: context(), ofKind: kind, at: instant(), function: function, file: fileID,
            line: line)
    }

    /// Does nothing.
    public func forceFlush() {}

    /// Injects `traceparent: 00-{trace id}-{span id}-01`, then ``base``'s own keys.
    public func inject<Carrier, Inject: Injector>(
        _ context: ServiceContext, into carrier: inout Carrier, using injector: Inject
    ) where Inject.Carrier == Carrier {
        if let span = context.inMemorySpanContext {
            injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
        }
        base.inject(context, into: &carrier, using: injector)
    }

    /// Reads ``base``'s keys.
    public func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract
    ) where Extract.Carrier == Carrier {
        base.extract(carrier, into: &context, using: extractor)
    }

    /// The spans that ended.
    public var finishedSpans: [FinishedInMemorySpan] { base.finishedSpans }

    private static func hex(bytes: Int) -> String {
        (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}
