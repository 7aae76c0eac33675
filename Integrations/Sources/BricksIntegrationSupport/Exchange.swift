import Bricks
import Foundation

/// One pass through the rest of a middleware stack, as the integrations report it: what was sent
/// (secrets redacted), how long it took and how it ended.
package struct Exchange: Sendable {
    /// The method sent, such as `"GET"`.
    package var method: String
    /// The URL sent, redacted as Bricks' own logging and errors redact it.
    package var redactedURL: String
    /// The endpoint's own type name, such as `"GetUser"`.
    package var endpoint: String
    /// The attempt number, from 1.
    package var attempt: Int
    /// How long the rest of the stack took to answer or fail.
    package var duration: Duration
    /// The response's head, or `nil` when an error was thrown instead.
    package var head: ResponseHead?
    /// Whether the body reached the middleware unread (a streamed call).
    package var isBodyStreamed: Bool
    /// The size of the collected body, when it was collected.
    package var bodySize: Int?
    /// The error thrown instead of a response.
    package var error: (any Error)?
    /// The statuses the endpoint takes as success (``CallContext/acceptableStatusCodes``).
    package var acceptableStatusCodes: Range<Int>

    /// Starts the record of the request `head` describes, before it is sent.
    package init(_ head: RequestHead, context: CallContext) {
        method = head.method.rawValue
        redactedURL = RequestSummary(endpoint: context.endpointName, method: method, url: head.url).url
        endpoint = context.endpointName
        attempt = context.attempt
        duration = .zero
        isBodyStreamed = false
        acceptableStatusCodes = context.acceptableStatusCodes
    }

    /// The record of one measured call.
    init(_ metrics: RequestMetrics, head: ResponseHead?, context: CallContext) {
        method = metrics.method
        redactedURL = RequestSummary(endpoint: metrics.endpointName, method: method, url: metrics.url).url
        endpoint = metrics.endpointName
        attempt = metrics.attempt
        duration = metrics.duration
        self.head = head
        isBodyStreamed = metrics.isBodyStreamed
        bodySize = head == nil || metrics.isBodyStreamed ? nil : metrics.responseBodySize
        error = metrics.error
        acceptableStatusCodes = context.acceptableStatusCodes
    }

    /// Whether the exchange failed: an error was thrown, or the endpoint does not take the status
    /// as success (the definition the decoding uses: ``CallContext/isSuccess(_:)``).
    package var isFailure: Bool { error != nil || head.map { !acceptableStatusCodes.contains($0.statusCode) } ?? true }

    /// The duration in milliseconds.
    package var milliseconds: Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// Calls `next` with `head` and `body`, then hands the record of that call to `report`, in
    /// the calling task: Bricks' ``RequestMetrics/measure(_:body:context:next:report:)``, the one
    /// timing of the rest of the stack, as the integrations report it.
    package static func measure(
        _ head: RequestHead, body: RequestBody?, context: CallContext, next: Middleware.Next,
        report: (Exchange) -> Void
    ) async throws -> RawResponse {
        try await RequestMetrics.measure(head, body: body, context: context, next: next) { metrics, response in
            report(Exchange(metrics, head: response, context: context))
        }
    }
}

/// The status rules the integrations share.
package enum Status {
    /// Whether a status is a server's failure (500 and above).
    package static func isServerFailure(_ status: Int) -> Bool { status >= 500 }

    /// The status class, such as `"2xx"`, or `"other"` outside 100–999.
    package static func statusClass(_ status: Int) -> String {
        (100...999).contains(status) ? "\(status / 100)xx" : "other"
    }
}

/// How the integrations name and show errors without leaking secrets.
package enum ErrorNames {
    /// The error to hand to a log handler or tracer: a `URLError` or `CancellationError` becomes
    /// the ``BricksError`` the caller will see (a `URLError`'s user info may hold the full URL,
    /// query secrets included); other errors stay as they are.
    package static func sanitized(_ error: any Error) -> any Error {
        switch error {
        case is URLError, is CancellationError: BricksError(mapping: error)
        default: error
        }
    }

    /// A short, low-cardinality name for the kind of failure, for `error.type`: the
    /// ``BricksError/Reason`` in snake case (`"timeout"`, `"transport"`, `"cancelled"`…), or the
    /// error's type name for other errors.
    package static func type(of error: any Error) -> String {
        guard let error = sanitized(error) as? BricksError else { return String(reflecting: Swift.type(of: error)) }
        switch error.reason {
        case .invalidURL: return "invalid_url"
        case .invalidHeader: return "invalid_header"
        case .invalidRequest: return "invalid_request"
        case .bodyEncoding: return "body_encoding"
        case .transport: return "transport"
        case .invalidResponse: return "invalid_response"
        case .tooManyRedirects: return "too_many_redirects"
        case .timedOut: return "timeout"
        case .cancelled: return "cancelled"
        case .unacceptableStatus(let head, _): return "\(head.statusCode)"
        case .decoding: return "decoding"
        case .responseTooLarge: return "response_too_large"
        case .spoolLimitExceeded: return "spool_limit_exceeded"
        case .reconnectionGaveUp: return "reconnection_gave_up"
        case .rateLimited: return "rate_limited"
        case .fileWrite: return "file_write"
        case .webSocketClosed: return "websocket_closed"
        case .pingTimedOut: return "ping_timeout"
        case .messageTooLarge: return "message_too_large"
        case .unsupportedTransport: return "unsupported_transport"
        }
    }

    /// Whether the error is a cancellation of the calling task.
    package static func isCancellation(_ error: any Error) -> Bool {
        guard let error = sanitized(error) as? BricksError, case .cancelled = error.reason else { return false }
        return true
    }

    /// The error as text that carries no URL secrets.
    package static func describe(_ error: any Error) -> String {
        String(describing: sanitized(error))
    }
}
