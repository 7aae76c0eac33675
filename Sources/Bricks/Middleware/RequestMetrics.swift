import Foundation

/// How one request went: what was sent, how long it took and what came back. Reported by
/// ``MetricsMiddleware``.
public struct RequestMetrics: Sendable {
    /// The endpoint's type name, such as `"SearchRepositories"`.
    public var endpointName: String
    /// The method sent.
    public var method: String
    /// The URL sent, query included (it may hold secrets: redact before logging it).
    public var url: URL?
    /// The attempt number from the context (above 1 for retries, when measured below a
    /// ``RetryMiddleware``).
    public var attempt: Int
    /// When the request entered the middleware.
    public var startDate: Date
    /// How long the rest of the stack took to answer or fail.
    public var duration: Duration
    /// The size of the request body in bytes, whether in memory, a file or a stream of known
    /// length; 0 for none or a stream of unknown length.
    public var requestBodySize: Int
    /// The reply's status, or `nil` when no reply came.
    public var statusCode: Int?
    /// The size of the reply's body in bytes; 0 when no reply came.
    public var responseBodySize: Int
    /// Whether the body was streamed to the caller, unread when measured (``responseBodySize`` is then 0).
    public var isBodyStreamed: Bool
    /// Where the reply came from, when measured outside ``HTTPCacheMiddleware``: the network, or
    /// the cache (fresh, revalidated, stale).
    public var source: ResponseSource = .network
    /// The error thrown instead of a reply, if any.
    public var error: (any Error)?

    /// Times the rest of a middleware stack: calls `next` with `head`, `body` and `context`, then
    /// hands the metrics of that call to `report` (in the calling task, before returning or
    /// rethrowing), with the reply's head when there is one. The one place Bricks' own
    /// ``MetricsMiddleware`` and ``LoggingMiddleware``, and the integrations, measure a call.
    ///
    /// ```swift
    /// struct SlowCallMiddleware: Middleware {
    ///     func intercept(
    ///         _ head: RequestHead, body: RequestBody?, context: CallContext, next: Next
    ///     ) async throws -> RawResponse {
    ///         try await RequestMetrics.measure(head, body: body, context: context, next: next) { metrics, _ in
    ///             if metrics.duration > .seconds(2) { print("slow:", metrics.endpointName) }
    ///         }
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - head: the request's head, passed on to `next`.
    ///   - body: the request's body, passed on to `next`.
    ///   - context: the request's context, passed on to `next`.
    ///   - next: the rest of the stack.
    ///   - report: called once with the metrics and the reply's head (`nil` when `next` threw).
    /// - Returns: what `next` returned.
    /// - Throws: what `next` threw.
    public static func measure(
        _ head: RequestHead, body: RequestBody?, context: CallContext, next: Middleware.Next,
        report: (RequestMetrics, ResponseHead?) -> Void
    ) async throws -> RawResponse {
        let clock = ContinuousClock()
        let started = clock.now
        var metrics = RequestMetrics(
            endpointName: context.endpointName, method: head.method.rawValue,
            url: head.url, attempt: context.attempt, startDate: Date(), duration: .zero,
            requestBodySize: body?.length ?? 0, statusCode: nil, responseBodySize: 0, isBodyStreamed: false,
            error: nil)
        do {
            let response = try await next(head, body, context)
            metrics.duration = started.duration(to: clock.now)
            metrics.statusCode = response.head.statusCode
            metrics.responseBodySize = response.body.bufferedData?.count ?? 0
            metrics.isBodyStreamed = response.body.isStreamed
            metrics.source = response.head.source
            report(metrics, response.head)
            return response
        } catch {
            metrics.duration = started.duration(to: clock.now)
            metrics.error = error
            report(metrics, nil)
            throw error
        }
    }
}
