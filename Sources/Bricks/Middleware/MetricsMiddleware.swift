import Foundation

/// Reports the timing and sizes of every request to a closure: for dashboards, tracing or tests.
///
/// ```swift
/// let metrics = MetricsMiddleware { metrics in
///     statsd.timing("api.\(metrics.endpointName)", metrics.duration)
/// }
/// let session = Session(middleware: [metrics, RetryMiddleware()])
/// ```
///
/// First in the stack it measures each call as the caller saw it, retries and waits included;
/// after ``RetryMiddleware`` it reports every attempt on its own.
public struct MetricsMiddleware: Middleware {
    private let report: @Sendable (RequestMetrics) -> Void

    /// Makes the middleware.
    /// - Parameter report: receives the metrics of each request once it is answered or failed,
    ///   in the task that sent it.
    public init(_ report: @escaping @Sendable (RequestMetrics) -> Void) {
        self.report = report
    }

    /// Measures the rest of the stack.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        try await RequestMetrics.measure(head, body: body, context: context, next: next) { metrics, _ in report(metrics) }
    }
}
