import Bricks
import BricksIntegrationSupport
import Foundation
import Logging

/// Logs every request and its outcome to a swift-log `Logger`, with structured metadata and the
/// URL's secrets redacted exactly as Bricks' own ``Bricks/LoggingMiddleware`` and errors redact
/// them.
///
/// ```swift
/// let session = Session(middleware: [
///     SwiftLogMiddleware(logger: Logger(label: "com.example.api")),
///     RetryMiddleware(),
/// ])
/// ```
///
/// Each request gives two entries:
/// - `"sending request"` at `level` (default `.debug`), before the request goes on;
/// - `"received response"` at `level` for a status the endpoint accepts
///   (``CallContext/isSuccess(_:)``); `"request failed"` at `.error` for any other status of 500
///   and above or an error (transport failure, time-out, too large…), at `.warning` for any other
///   status or a cancelled call.
///
/// Metadata (values are strings):
///
/// | key | value |
/// | --- | --- |
/// | `http.method` | the method sent |
/// | `http.url` | the URL, secret query items and passwords replaced by `REDACTED` |
/// | `bricks.endpoint` | the endpoint's own type name, such as `GetUser` |
/// | `bricks.attempt` | the attempt number, from 1 |
/// | `http.status_code` | the status (outcome entries with a response) |
/// | `duration_ms` | the time the rest of the stack took, in milliseconds (outcome entries) |
/// | `bricks.body_streamed` | `true` when the body goes to the caller unread (a streamed call), else `false` |
/// | `http.response.body.size` | the collected body's size in bytes (when not streamed) |
/// | `error.type` | `timeout`, `transport`, `cancelled`… or the error's type name (errors only) |
/// | `error` | the error, described without URL secrets (errors only) |
///
/// A status counts as a failure from 400 up whatever the endpoint accepts: the middleware does
/// not see the endpoint's `acceptableStatusCodes`. Header fields and bodies are never logged.
///
/// Placement: first in the stack, it logs each call once, as the caller made it; after
/// ``Bricks/RetryMiddleware``, every attempt (`bricks.attempt` tells them apart).
public struct SwiftLogMiddleware: Middleware {
    /// Where the entries go.
    public var logger: Logger
    /// The level of the request entries and of the successful responses' entries.
    public var level: Logger.Level

    /// Makes the middleware.
    /// - Parameters:
    ///   - logger: where the entries go; its own metadata and level apply.
    ///   - level: the level of the request entries and of the successful responses' entries.
    ///     Default: `.debug`. Failures are logged at `.warning` or `.error` whatever it is.
    public init(logger: Logger, level: Logger.Level = .debug) {
        self.logger = logger
        self.level = level
    }

    /// Logs the request, passes it on, and logs the response or the error.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        let started = Exchange(head, context: context)
        logger.log(level: level, "sending request", metadata: Self.metadata(of: started))
        return try await Exchange.measure(head, body: body, context: context, next: next) { exchange in
            log(exchange)
        }
    }

    private func log(_ exchange: Exchange) {
        var metadata = Self.metadata(of: exchange)
        metadata["duration_ms"] = .string(String(format: "%.3f", exchange.milliseconds))
        if let error = exchange.error {
            metadata["error.type"] = .string(ErrorNames.type(of: error))
            metadata["error"] = .string(ErrorNames.describe(error))
            let level: Logger.Level = ErrorNames.isCancellation(error) ? .warning : .error
            logger.log(level: level, "request failed", error: ErrorNames.sanitized(error), metadata: metadata)
            return
        }
        guard let head = exchange.head else { return }
        metadata["http.status_code"] = .string(String(head.statusCode))
        metadata["bricks.body_streamed"] = .string(exchange.isBodyStreamed ? "true" : "false")
        // Only for replies HTTPCacheMiddleware served (placed after this middleware).
        if head.source != .network { metadata["bricks.response.source"] = .string(head.source.description) }
        if let size = exchange.bodySize { metadata["http.response.body.size"] = .string(String(size)) }
        if !exchange.isFailure {
            logger.log(level: level, "received response", metadata: metadata)
        } else if Status.isServerFailure(head.statusCode) {
            logger.log(level: .error, "request failed", metadata: metadata)
        } else {
            logger.log(level: .warning, "request failed", metadata: metadata)
        }
    }

    private static func metadata(of exchange: Exchange) -> Logger.Metadata {
        [
            "http.method": .string(exchange.method),
            "http.url": .string(exchange.redactedURL),
            "bricks.endpoint": .string(exchange.endpoint),
            "bricks.attempt": .string(String(exchange.attempt)),
        ]
    }
}
