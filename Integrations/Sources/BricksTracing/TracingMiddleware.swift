import Bricks
import BricksIntegrationSupport
import Foundation
import Tracing

/// Traces every request as an OpenTelemetry HTTP client span, and propagates the trace to the
/// server in the request's header fields (W3C `traceparent`, and whatever else the instrument
/// injects).
///
/// ```swift
/// InstrumentationSystem.bootstrap(tracer)   // swift-otel's, say
/// let session = Session(middleware: [RetryMiddleware(), TracingMiddleware()])
/// ```
///
/// Each pass through the middleware is one span of kind `.client`, child of the task's current
/// `ServiceContext`, named after the method and the endpoint's own type name (`"GET GetUser"`).
/// The layers below it (other middleware, the transport) run with the span's context current,
/// so their own spans nest inside it. Before the request goes on, the instrument injects the
/// span's context into the request head's header fields through ``HeaderFieldsInjector``.
///
/// Attributes, per OpenTelemetry's HTTP client conventions:
///
/// | attribute | value |
/// | --- | --- |
/// | `http.request.method` | the method; `_OTHER` for a non-standard one, kept in `http.request.method_original` |
/// | `url.full` | the URL, secret query items and passwords replaced by `REDACTED` as Bricks' logging redacts them |
/// | `server.address`, `server.port` | the URL's host, and its port (80 or 443 by default) |
/// | `http.response.status_code` | the status, when a response came |
/// | `http.request.resend_count` | the attempt number less one, on a retry (attempt 2 and later) |
/// | `error.type` | the status as text for a status the endpoint does not accept (``CallContext/isSuccess(_:)``); otherwise the failure's kind (`timeout`, `transport`, `cancelled`…) or the error's type name |
/// | `bricks.endpoint`, `bricks.attempt` | the endpoint's own type name, and the attempt number |
///
/// A status the endpoint does not accept (its `acceptableStatusCodes`), or an error, sets the span's status to `.error`; an error is also
/// recorded on the span (a `URLError` as the ``Bricks/BricksError`` it becomes, so that no URL
/// secret reaches the tracer). Success leaves the status unset, as the conventions ask.
///
/// Placement: **after** ``Bricks/RetryMiddleware`` (later in the `middleware` array), each
/// attempt is a span of its own, with its own `traceparent`, so retries are visible; before it,
/// one span covers all the attempts and the waits between them. Put it after the middleware
/// that change the URL or method so that the span shows what was sent.
///
/// Redirects: the Session's core follows them below all middleware, so one span covers the whole
/// redirect chain and the `traceparent` injected here travels on every hop (each hop is not a
/// span of its own). When the response comes from another URL than the one requested, the span
/// gets the attribute `bricks.final_url` (redacted) and an event `"redirected"` carrying it as
/// `url.full`; `url.full`, `server.address` and `server.port` keep describing the request sent.
public struct TracingMiddleware: Middleware {
    private let tracer: (any Tracer)?

    /// Makes the middleware.
    /// - Parameter tracer: the tracer that makes the spans and injects their context. Default:
    ///   `nil`, the ones current for each request: `InstrumentationSystem.tracer` for the spans,
    ///   and `InstrumentationSystem.instrument` (which may propagate more than the tracer, such
    ///   as baggage) for the injection; both honour `InstrumentationSystem.bootstrap` and
    ///   `withTracer`.
    public init(tracer: (any Tracer)? = nil) {
        self.tracer = tracer
    }

    /// Starts the span, injects its context into the request's header fields, passes the request
    /// on, and ends the span with the outcome.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next)
        async throws -> RawResponse
    {
        let tracer = self.tracer ?? InstrumentationSystem.tracer
        let instrument: any Instrument = self.tracer ?? InstrumentationSystem.instrument
        let method = head.method.rawValue
        let span = tracer.startSpan(
            "\(method) \(context.endpointName)", context: ServiceContext.current ?? .topLevel, ofKind: .client)
        defer { span.end() }
        span.updateAttributes { attributes in
            Self.describe(head, context: context, into: &attributes)
        }

        var sent = head
        instrument.inject(span.context, into: &sent.headerFields, using: HeaderFieldsInjector())
        do {
            let response = try await ServiceContext.withValue(span.context) { [sent] in
                try await next(sent, body, context)
            }
            let status = response.head.statusCode
            span.attributes["http.response.status_code"] = status
            if !context.isSuccess(status) {
                span.attributes["error.type"] = String(status)
                span.setStatus(SpanStatus(code: .error))
            }
            if response.head.url.absoluteString != sent.urlString {
                let final = RequestSummary(endpoint: context.endpointName, method: method, url: response.head.url).url
                span.attributes["bricks.final_url"] = final
                span.addEvent(SpanEvent(name: "redirected", attributes: ["url.full": .string(final)]))
            }
            return response
        } catch {
            span.attributes["error.type"] = ErrorNames.type(of: error)
            span.recordError(ErrorNames.sanitized(error))
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
    }

    /// The methods OpenTelemetry knows; others are reported as `_OTHER`.
    private static let knownMethods: Set<String> = [
        "CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "TRACE", "QUERY",
    ]

    private static func describe(_ head: RequestHead, context: CallContext, into attributes: inout SpanAttributes) {
        let method = head.method.rawValue
        if knownMethods.contains(method) {
            attributes["http.request.method"] = method
        } else {
            attributes["http.request.method"] = "_OTHER"
            attributes["http.request.method_original"] = method
        }
        attributes["url.full"] = RequestSummary(endpoint: context.endpointName, method: method, url: head.url).url
        if let url = head.url, let host = url.host {
            attributes["server.address"] = host
            attributes["server.port"] = url.port ?? (head.scheme == "https" ? 443 : 80)
        }
        if context.attempt > 1 { attributes["http.request.resend_count"] = context.attempt - 1 }
        attributes["bricks.endpoint"] = context.endpointName
        attributes["bricks.attempt"] = context.attempt
    }
}
