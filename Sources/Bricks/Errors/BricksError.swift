import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failure of a request sent through Bricks (an API's own typed error aside): what happened,
/// and where.
///
/// ``reason`` says what failed; ``request`` says which call: the endpoint's own name, the method
/// and the URL with secrets redacted. `description` reads as one sentence naming both:
///
/// ```text
/// GET https://api.github.com/users/x (GetUser): the server answered 404 Not Found: {"message":"Not Found"}
/// ```
///
/// ```swift
/// do {
///     let user = try await session.send(GetUser(login: "x"))
/// } catch let error as BricksError {
///     switch error.reason {
///     case .timedOut(let after): print("gave up after \(after)")
///     case .unacceptableStatus(let head, _): print(head.statusCode)
///     default: print(error)
///     }
/// }
/// ```
public struct BricksError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. New cases are added as Bricks tells more failures apart: end every
    /// `switch` over it with `default:`.
    public enum Reason: Sendable {
        /// The URL could not be built: a `baseURL` without scheme or host, user info in the URL, or
        /// a path that does not form a valid URL. The string says which.
        case invalidURL(String)
        /// A header name is not an HTTP token, or a value contains CR, LF or NUL (header injection).
        case invalidHeader(name: String, reason: String)
        /// The request is inconsistent, for example a body on a method that must not have one.
        case invalidRequest(String)
        /// The request body could not be encoded. The underlying error comes from the encoder.
        case bodyEncoding(any Error)
        /// The exchange failed before a complete reply arrived: connection refused, DNS, TLS, a
        /// reset or a truncated body. The underlying error comes from the transport.
        case transport(any Error)
        /// The server's reply broke HTTP's rules (conflicting `Content-Length`, too many or too
        /// large header fields, a status outside 100–999). The string says which.
        case invalidResponse(String)
        /// Redirects went on past the ``RedirectPolicy``'s limit.
        case tooManyRedirects(count: Int, lastLocation: String)
        /// No complete reply arrived within the request's timeout or the call's overall deadline.
        case timedOut(after: Duration)
        /// The task that sent the request was cancelled.
        case cancelled
        /// The server answered with a status the endpoint does not accept. The head and the body
        /// (up to the response size limit) are kept, so that nothing the server said is lost.
        case unacceptableStatus(ResponseHead, body: Data)
        /// The body could not be decoded into the endpoint's `Response`. `bodyExcerpt` shows the
        /// start of what the server actually sent.
        case decoding(any Error, bodyExcerpt: String)
        /// The response was larger than the allowed maximum and was abandoned while it was read.
        case responseTooLarge(limit: Int)
        /// The body arrived faster than it was read, and more than `limit` bytes waited in the
        /// transport's spool file on disk: the transfer was stopped rather than fill the disk.
        case spoolLimitExceeded(limit: Int)
        /// A Server-Sent Events stream or a WebSocket connection stopped reconnecting under its
        /// ``SSEReconnection`` or ``WebSocketReconnection`` policy after `reconnections`
        /// reconnections; `why` says which limit ended it and what the last connection did.
        case reconnectionGaveUp(reconnections: Int, why: String)
        /// ``RateLimitMiddleware`` did not send the request: the wait for the host's rate limit
        /// would have passed the call's deadline or the policy's longest wait. `until` is when the
        /// budget returns, when known; `why` names the host and the limit.
        case rateLimited(until: Date?, why: String)
        /// ``Session/download(_:to:resumeAttempts:progress:)`` could not create, write or move
        /// its file at `path`; `reason` says what the file system answered. Nothing is left
        /// behind, and an existing file at the destination is untouched.
        case fileWrite(path: String, reason: String)
        /// The server closed a WebSocket connection with a code other than
        /// ``WebSocketCloseCode/normalClosure``; `reason` is the text of its close frame.
        case webSocketClosed(code: WebSocketCloseCode, reason: String)
        /// A WebSocket keepalive ping went unanswered for `after`: the connection was half-open
        /// and has been closed.
        case pingTimedOut(after: Duration)
        /// A WebSocket message was larger than the endpoint's
        /// ``WebSocketSettings/maximumMessageSize``; the connection was closed with 1009.
        case messageTooLarge(limit: Int)
        /// The session's transport cannot do what the call needs (open a WebSocket connection,
        /// say); the string names one that can.
        case unsupportedTransport(String)
    }

    /// What went wrong.
    public var reason: Reason
    /// The call that failed, or `nil` when the error did not come from sending a request.
    public var request: RequestSummary?
    /// The `Content-Type` of a reply that did not decode, when it is not JSON: named in the
    /// description, since an HTML page where JSON was expected is the usual cause.
    var replyContentType: String?
    /// For a decoding error that says what the endpoint promised (a generated model's), the value
    /// the body held at its path: named in the description (`avatar: null, but …`).
    var sentValue: String?

    /// Makes an error.
    /// - Parameters:
    ///   - reason: what went wrong.
    ///   - request: the call that failed. ``Session`` fills it in when it is `nil`.
    public init(_ reason: Reason, request: RequestSummary? = nil) {
        self.reason = reason
        self.request = request
    }

    /// The Bricks error for any error a transport meets, so that a transport of your own reports
    /// failures as the built-in ones do: a `BricksError` stays as it is, a cancellation becomes
    /// ``Reason/cancelled``, a `URLError` time-out ``Reason/timedOut(after:)``, anything else
    /// ``Reason/transport(_:)``, whose description names the failure in words (connection refused,
    /// host not found, TLS, connection lost).
    /// - Parameter error: what the transport caught.
    public init(mapping error: any Error) {
        switch error {
        case let error as BricksError:
            self = error
        case is CancellationError:
            self.init(.cancelled)
        case let error as URLError where error.code == .cancelled:
            self.init(.cancelled)
        case let error as URLError where error.code == .timedOut:
            self.init(.timedOut(after: .zero))
        default:
            self.init(.transport(error))
        }
    }

    /// The status code, when the server answered with one the endpoint does not accept.
    public var statusCode: Int? { head?.statusCode }

    /// The response head, when the server answered with a status the endpoint does not accept.
    public var head: ResponseHead? {
        if case .unacceptableStatus(let head, _) = reason { return head }
        return nil
    }

    /// The call (method, redacted URL, endpoint), then what went wrong, as one sentence.
    public var description: String {
        var text = sentence
        while let last = text.last, last.isWhitespace || last == "." { text.removeLast() }
        guard let request else { return Self.capitalized(text) + "." }
        return "\(request): \(text)." + (notFoundHint(for: request.url).map { " " + $0 } ?? "")
    }

    /// For a `404` whose path holds an encoded `/` or `?`: the likely cause, a path or a query
    /// written into one path segment (or a query into the path), which the URL shows encoded.
    private func notFoundHint(for url: String) -> String? {
        guard statusCode == 404 else { return nil }
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        if path.range(of: "%3F", options: .caseInsensitive) != nil {
            return "Hint: the path holds an encoded \"?\" (%3F): a query written into `path` or `pathSegments` is "
                + "sent as part of the path; give its items in `queryItems` instead."
        }
        if path.range(of: "%2F", options: .caseInsensitive) != nil {
            return "Hint: the path holds an encoded \"/\" (%2F): each `pathSegments` value is one segment, so a \"/\" "
                + "in it is sent encoded; split the value into segments, or write a fixed path in `path`."
        }
        return nil
    }

    /// What went wrong, without the call: for a log line that names the call already.
    var sentence: String {
        switch reason {
        case .invalidURL(let reason):
            return "the URL is invalid: \(reason)"
        case .invalidHeader(let name, let reason):
            return "the header \"\(name.debugDescription.dropFirst().dropLast())\" is invalid: \(reason)"
        case .invalidRequest(let reason):
            return "the request is invalid: \(reason)"
        case .bodyEncoding(let error):
            return "the request body could not be encoded: \(error)"
        case .transport(let error):
            return TransportFailure.describe(error)
        case .invalidResponse(let reason):
            return "the server's reply is malformed: \(reason)"
        case .tooManyRedirects(let count, let location):
            return "gave up after \(count) redirects; the last one pointed to \(LogRedactor.default.url(URL(string: location)))"
        case .timedOut(let after):
            return after > .zero
                ? "no complete reply arrived within \(Self.format(after)); the request timed out"
                : "the request timed out before a complete reply arrived"
        case .cancelled:
            return "the request was cancelled"
        case .unacceptableStatus(let head, let body):
            let excerpt = Self.excerpt(of: body)
            return "the server answered \(head.status)" + (excerpt.isEmpty ? " with an empty body" : ": \(excerpt)")
        case .decoding(let error as StreamItemError, let excerpt):
            return "\(error). It read: \(excerpt)"
        case .decoding(let error, let excerpt):
            let body = replyContentType.map { "The body, of type \($0), began with" } ?? "The body began with"
            let said = (error as? DecodingError).flatMap { error in sentValue.flatMap { Self.describe(decoding: error, sent: $0) } }
            let what = said ?? Self.describe(decoding: error)
            return "the response could not be decoded: \(what). \(body): \(excerpt)"
        case .responseTooLarge(let limit):
            return "the response was larger than the limit of \(limit) bytes and was abandoned"
        case .spoolLimitExceeded(let limit):
            return "the body arrived faster than it was read and more than \(limit) bytes waited on disk, "
                + "so the transfer was stopped (read faster, or raise URLSessionTransport's maximumSpoolSize)"
        case .reconnectionGaveUp(let reconnections, let why):
            return "gave up on the stream after \(reconnections) reconnection\(reconnections == 1 ? "" : "s"): \(why)"
        case .rateLimited(let until, let why):
            let when = until.map { " (until \(ISO8601DateFormatter().string(from: $0)))" } ?? ""
            return "the request was not sent to stay under the rate limit: \(why)\(when)"
        case .fileWrite(let path, let reason):
            return "the download could not be written to \(path): \(reason)"
        case .webSocketClosed(let code, let reason):
            return "the server closed the WebSocket connection with \(code)"
                + (reason.isEmpty ? " and no reason" : ": \(reason)")
        case .pingTimedOut(let after):
            return "the server did not answer a WebSocket ping within \(Self.format(after)), "
                + "so the connection was taken as lost and closed"
        case .messageTooLarge(let limit):
            return "a WebSocket message was larger than the limit of \(limit) bytes, so the connection was closed "
                + "(raise the endpoint's webSocketSettings.maximumMessageSize if such messages are expected)"
        case .unsupportedTransport(let reason):
            return reason
        }
    }

    /// The longest excerpt of a body that errors quote.
    static let excerptLength = 512

    /// The start of a body as text, for error messages: UTF-8 where it decodes, otherwise a byte count.
    static func excerpt(of data: Data) -> String {
        if data.isEmpty { return "" }
        let head = data.prefix(excerptLength)
        guard let text = String(data: head, encoding: .utf8) ?? String(data: head.dropLast(3), encoding: .utf8)
        else { return "<\(data.count) bytes of binary data>" }
        return data.count > excerptLength ? text + "…" : text
    }

    /// A duration as "1.5 s" or "250 ms".
    static func format(_ duration: Duration) -> String {
        let seconds = duration.seconds
        return seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.3g s", seconds)
    }

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    /// A coding path as `projects[3].created_by`, or "the top level".
    private static func path(_ keys: [any CodingKey]) -> String {
        let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.isEmpty ? "the top level" : String(text.drop { $0 == "." })
    }

    /// A decoding error that says in its own words what the endpoint promised (its underlying
    /// error is the decoder's own), with the value sent: `avatar: null, but the document says …`.
    static func describe(decoding error: DecodingError, sent: String) -> String? {
        switch error {
        case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(sent), but \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): \(sent), but \(context.debugDescription)"
        @unknown default:
            return nil
        }
    }

    /// A `DecodingError` in a few words, with the coding path where it happened.
    static func describe(decoding error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String { Self.path(context.codingPath) }
        switch error {
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context)) (\(context.debugDescription))"
        case .valueNotFound(let type, let context):
            return "expected \(type) at \(path(context)) but found null"
        case .keyNotFound(let key, let context):
            return "the key \"\(key.stringValue)\" is missing at \(path(context))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default:
            return "\(error)"
        }
    }
}

// Shorthands for the throw sites inside Bricks: `throw .invalidURL("…")` reads as before.
extension BricksError {
    static func invalidURL(_ reason: String) -> BricksError { BricksError(.invalidURL(reason)) }
    static func invalidHeader(name: String, reason: String) -> BricksError {
        BricksError(.invalidHeader(name: name, reason: reason))
    }
    static func invalidRequest(_ reason: String) -> BricksError { BricksError(.invalidRequest(reason)) }
    static func bodyEncoding(_ error: any Error) -> BricksError { BricksError(.bodyEncoding(error)) }
    /// A bearer token that is `nil` or empty: the call is refused rather than sent without credentials.
    static var missingBearerToken: BricksError {
        BricksError(.invalidRequest(
            "the bearer token is missing or empty, so the call was not sent (an empty \"Authorization: Bearer \" would be)"))
    }

    /// Whether the error is a cancellation.
    var isCancellation: Bool {
        if case .cancelled = reason { return true }
        return false
    }

    /// Whether `error` means the call was cancelled, in any of the forms it reaches middleware:
    /// `CancellationError`, ``Reason/cancelled``, or a transport's `URLError.cancelled`. The one
    /// answer for every layer that must not retry or store a cancelled call.
    static func isCancellation(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError: true
        case let error as BricksError: error.isCancellation
        case let error as URLError: error.code == .cancelled
        default: false
        }
    }
}
