import Bricks
import BricksIntegrationSupport
import CoreMetrics
import Foundation

/// Reports every request to swift-metrics: a request counter, a duration timer and a failure
/// counter, dimensioned by endpoint, method and status class.
///
/// ```swift
/// MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
/// let session = Session(middleware: [SwiftMetricsMiddleware(), RetryMiddleware()])
/// ```
///
/// With the default `labelPrefix`, `"bricks"`:
///
/// | metric | label | recorded |
/// | --- | --- | --- |
/// | `Counter` | `bricks.requests` | once per request, answered or failed |
/// | `Timer` | `bricks.request.duration` | the time the rest of the stack took (nanoseconds, displayed in milliseconds) |
/// | `Counter` | `bricks.request.failures` | once per request that failed: a status the endpoint does not accept (its `acceptableStatusCodes`), or an error |
///
/// Each carries the dimensions `endpoint` (the endpoint's own type name, such as `GetUser`),
/// `method` (`GET`…) and `status` (`2xx`, `3xx`, `4xx`, `5xx`, or `error` when no response
/// came), and `source` (`cache`, `revalidated` or `stale`) for a reply ``Bricks/HTTPCacheMiddleware``
/// served, when it is placed after this middleware. Only these low-cardinality values are used:
/// never the URL. A status counts as a
/// failure from 400 up whatever the endpoint accepts: the middleware does not see the endpoint's
/// `acceptableStatusCodes`.
///
/// This type is named so as not to clash with Bricks' own ``Bricks/MetricsMiddleware``, which
/// reports to a closure.
///
/// Placement: first in the stack, it measures each call as the caller saw it, retries and waits
/// included; after ``Bricks/RetryMiddleware``, every attempt on its own.
public struct SwiftMetricsMiddleware: Middleware {
    /// The label of the request counter.
    public let requestsLabel: String
    /// The label of the duration timer.
    public let durationLabel: String
    /// The label of the failure counter.
    public let failuresLabel: String
    private let factory: (any MetricsFactory)?

    /// Makes the middleware.
    /// - Parameters:
    ///   - labelPrefix: the start of the metrics' labels, followed by `.requests`,
    ///     `.request.duration` and `.request.failures`. Default: `"bricks"`.
    ///   - factory: the factory that makes the metrics. Default: `nil`, the one current for each
    ///     request (`MetricsSystem.factory`: the bootstrapped one, or one bound with
    ///     `withMetricsFactory`).
    public init(labelPrefix: String = "bricks", factory: (any MetricsFactory)? = nil) {
        requestsLabel = labelPrefix + ".requests"
        durationLabel = labelPrefix + ".request.duration"
        failuresLabel = labelPrefix + ".request.failures"
        self.factory = factory
    }

    /// Measures the rest of the stack and records its metrics.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        try await Exchange.measure(head, body: body, context: context, next: next) { exchange in record(exchange) }
    }

    private func record(_ exchange: Exchange) {
        let factory = self.factory ?? MetricsSystem.factory
        let status = exchange.head.map { Status.statusClass($0.statusCode) } ?? "error"
        var dimensions = [("endpoint", exchange.endpoint), ("method", exchange.method), ("status", status)]
        switch exchange.head?.source {
        case .cache?: dimensions.append(("source", "cache"))
        case .revalidated?: dimensions.append(("source", "revalidated"))
        case .stale?: dimensions.append(("source", "stale"))
        case .network?, nil: break
        }
        Counter(label: requestsLabel, dimensions: dimensions, factory: factory).increment()
        let (seconds, attoseconds) = exchange.duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        Timer(label: durationLabel, dimensions: dimensions, preferredDisplayUnit: .milliseconds, factory: factory)
            .recordNanoseconds(
                nanoseconds.overflow ? Int64.max : nanoseconds.partialValue &+ attoseconds / 1_000_000_000)
        if exchange.isFailure {
            Counter(label: failuresLabel, dimensions: dimensions, factory: factory).increment()
        }
    }
}
