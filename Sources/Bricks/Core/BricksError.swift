import Foundation

/// Every way a request sent through Bricks can fail, apart from an API's own typed errors.
///
/// Each case says which phase failed (building the request, talking to the server, or
/// understanding the reply) and keeps what a person needs to act on it. `description` reads as
/// a sentence.
public enum BricksError: Error, Sendable, CustomStringConvertible {
    /// The URL could not be built: a `baseURL` without scheme or host, user info in the URL, or a
    /// path that does not form a valid URL. The string says which.
    case invalidURL(String)
    /// A header name is not an HTTP token, or a value contains CR, LF or NUL (header injection).
    case invalidHeader(name: String, reason: String)
    /// The request is inconsistent, for example a body on a method that must not have one.
    case invalidRequest(String)
    /// The request body could not be encoded. The underlying error comes from the encoder.
    case bodyEncoding(any Error)
    /// The transport failed before a complete reply arrived (connection refused, DNS, TLS, …).
    case transport(any Error)
    /// No reply arrived within the request's timeout (or the session's overall deadline).
    case timedOut
    /// The task that sent the request was cancelled.
    case cancelled
    /// The server answered with a status the endpoint does not accept. The headers and the body
    /// (up to the response size limit) are kept so that nothing the server said is lost.
    case unacceptableStatus(code: Int, headers: [String: String], body: Data)
    /// The body could not be decoded into the endpoint's `Response`. `bodyExcerpt` shows the start
    /// of what the server actually sent.
    case decoding(any Error, bodyExcerpt: String)
    /// The reply was larger than the allowed maximum and was abandoned while it was read.
    case responseTooLarge(limit: Int)

    /// A sentence that says what went wrong and where to look.
    public var description: String {
        switch self {
        case .invalidURL(let reason):
            return "Invalid URL: \(reason)."
        case .invalidHeader(let name, let reason):
            return "Invalid header \"\(name.debugDescription.dropFirst().dropLast())\": \(reason)."
        case .invalidRequest(let reason):
            return "Invalid request: \(reason)."
        case .bodyEncoding(let error):
            return "The request body could not be encoded: \(error)."
        case .transport(let error):
            return "The request failed in transport: \(Self.describe(error))."
        case .timedOut:
            return "The request timed out before the server replied."
        case .cancelled:
            return "The request was cancelled."
        case .unacceptableStatus(let code, _, let body):
            let excerpt = Self.excerpt(of: body)
            return "The server answered with unacceptable status \(code)"
                + (excerpt.isEmpty ? " and an empty body." : ": \(excerpt)")
        case .decoding(let error, let excerpt):
            return "The response could not be decoded: \(error). The body began with: \(excerpt)"
        case .responseTooLarge(let limit):
            return "The response was larger than the limit of \(limit) bytes and was abandoned."
        }
    }

    /// The status code, when the error is an unacceptable status.
    public var statusCode: Int? {
        if case .unacceptableStatus(let code, _, _) = self { return code }
        return nil
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

    private static func describe(_ error: any Error) -> String {
        if let urlError = error as? URLError {
            return "\(urlError.localizedDescription) (URLError \(urlError.code.rawValue))"
        }
        return "\(error)"
    }
}

extension BricksError {
    /// Maps any error raised while sending to a `BricksError`, keeping those that already are one.
    ///
    /// Errors a middleware throws on purpose (for example an API's typed error) are not passed
    /// through here; only transport-level errors are.
    static func fromTransport(_ error: any Error) -> BricksError {
        switch error {
        case let error as BricksError:
            return error
        case is CancellationError:
            return .cancelled
        case let error as URLError where error.code == .cancelled:
            return .cancelled
        case let error as URLError where error.code == .timedOut:
            return .timedOut
        default:
            return .transport(error)
        }
    }
}
