import Foundation

/// Which call an error belongs to: the endpoint's own name, the method, and the URL with secrets
/// redacted as logging redacts them. Its description reads `GET https://api.example.com/users/x (GetUser)`.
public struct RequestSummary: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint's own type name, such as `"GetUser"` (never a wrapper's, such as
    /// `TimeoutOverride<GetUser>`).
    public var endpoint: String
    /// The method, such as `"GET"`.
    public var method: String
    /// The URL with secret query items and passwords replaced by `REDACTED`.
    public var url: String

    /// Makes a summary; `url` is redacted here.
    /// - Parameters:
    ///   - endpoint: the endpoint's name.
    ///   - method: the method.
    ///   - url: the URL, redacted before it is stored.
    public init(endpoint: String, method: String, url: URL?) {
        self.endpoint = endpoint
        self.method = method
        self.url = LogRedactor.default.url(url)
    }

    /// A summary of a request as its head holds it: the URL's text is taken from its parts and
    /// redacted, with no `URL` made.
    init(endpoint: String, request: RequestHead) {
        self.endpoint = endpoint
        method = request.method.rawValue
        url = LogRedactor.default.url(request.urlString)
    }

    /// `GET https://api.example.com/users/x (GetUser)`.
    public var description: String { "\(method) \(url) (\(endpoint))" }
}
