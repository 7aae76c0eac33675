import Foundation

/// Logs one line per request and one per reply (method, URL, status, duration, sizes) to a
/// closure, with credentials and other secrets replaced by `REDACTED`.
///
/// <!-- snippet: skip: os.Logger, which exists on Apple platforms only -->
/// ```swift
/// let logger = Logger(subsystem: "com.example.app", category: "network")
/// let session = Session(middleware: [
///     LoggingMiddleware(showsCURL: true) { logger.debug("\($0, privacy: .public)") },
///     AuthorizationMiddleware(tokens: tokens),
/// ])
/// // → GET https://api.example.com/search?q=swift&token=REDACTED (SearchRepositories, attempt 1, 0 bytes)
/// // ← 200 GET https://api.example.com/search?q=swift&token=REDACTED in 84.2 ms, 5120 bytes
/// ```
///
/// Always redacted: the headers in ``defaultRedactedHeaders`` and the query items (and form
/// fields, in cURL output) in ``defaultRedactedQueryItems``, plus the names you add; names
/// compare without regard to case. Other bodies are never logged, except as text in cURL output.
///
/// Put it first to log each call as the caller made it, or after the middleware that adds
/// headers (authorization) to see them too, redacted. After ``RetryMiddleware`` it logs every
/// attempt.
public struct LoggingMiddleware: Middleware {
    /// Headers whose values are never logged: `Authorization`, `Proxy-Authorization`, `Cookie`,
    /// `Set-Cookie`.
    public static let defaultRedactedHeaders: Set<String> = SecretNames.headerFields
    /// Query items whose values are never logged: common names of tokens, keys and passwords.
    public static let defaultRedactedQueryItems: Set<String> = SecretNames.queryItems

    /// Whether request and reply headers are logged (redacted) under their lines.
    public let showsHeaders: Bool
    /// Whether each request is also logged as a `curl` command (redacted).
    public let showsCURL: Bool
    private let redactor: LogRedactor
    private let log: @Sendable (String) -> Void

    /// Makes the middleware.
    /// - Parameters:
    ///   - redactedHeaders: more header names to hide, besides ``defaultRedactedHeaders``.
    ///   - redactedQueryItems: more query item names to hide, besides
    ///     ``defaultRedactedQueryItems``.
    ///   - showsHeaders: log headers too. Default: `false`.
    ///   - showsCURL: log each request as a `curl` command too. Default: `false`.
    ///   - log: receives each message (one per request, one per reply or failure). Default: `print`.
    public init(
        redactedHeaders: Set<String> = [], redactedQueryItems: Set<String> = [], showsHeaders: Bool = false,
        showsCURL: Bool = false, log: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.showsHeaders = showsHeaders
        self.showsCURL = showsCURL
        redactor = LogRedactor(
            headers: Self.defaultRedactedHeaders.union(redactedHeaders),
            queryItems: Self.defaultRedactedQueryItems.union(redactedQueryItems))
        self.log = log
    }

    /// Logs the request, passes it on, and logs the reply or the error.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        let method = head.method.rawValue
        let redactor = self.redactor.adding(headers: context.secretHeaderNames)
        let url = redactor.url(head.urlString)  // the parts' text: no URL made to log it
        var lines = [
            "→ \(method) \(url) (\(context.endpointName), attempt \(context.attempt), "
                + "\(Self.size(of: body)))"
        ]
        if showsHeaders { lines += redactor.headerLines(head.headerFields).map { "  " + $0 } }
        if showsCURL { lines.append(redactor.curl(head, body: body)) }
        log(lines.joined(separator: "\n"))

        return try await RequestMetrics.measure(head, body: body, context: context, next: next) { metrics, response in
            let time = Self.milliseconds(metrics.duration)
            if let error = metrics.error {
                log("✗ \(method) \(url) failed after \(time): \(Self.describe(error))")
                return
            }
            let size = metrics.isBodyStreamed ? "body streamed" : "\(metrics.responseBodySize) bytes"
            let source = metrics.source == .network ? "" : ", from the cache: \(metrics.source)"
            var lines = ["← \(metrics.statusCode ?? 0) \(method) \(url) in \(time), \(size)\(source)"]
            if showsHeaders, let response {
                lines += redactor.headerLines(response.headerFields).map { "  " + $0 }
            }
            log(lines.joined(separator: "\n"))
        }
    }

    /// The size of a request body: its bytes, a file's or a stream's length, or "a stream".
    private static func size(of body: RequestBody?) -> String {
        guard let body else { return "0 bytes" }
        return body.length.map { "\($0) bytes" } ?? "a stream of unknown length"
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f ms", duration.seconds * 1000)
    }

    /// An error as text that carries no URL (a `URLError`'s user info may hold the full URL).
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as BricksError: error.sentence + "."  // the line names the call already
        case let error as URLError: "URLError \(error.code.rawValue)"
        default: String(describing: error)
        }
    }
}
