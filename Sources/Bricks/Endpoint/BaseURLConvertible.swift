import Foundation

/// A base URL as an endpoint states it: its text (`"https://api.github.com"`), or a `URL`.
///
/// Bricks reads it each time it builds a request and checks it then: anything but an absolute
/// `http` or `https` URL with a host — no scheme, `host:port`, spaces, nothing at all — fails that
/// call with a ``BricksError/Reason/invalidURL(_:)`` that quotes the value and says what to write.
/// Stating it as text needs no `URL(string:)!`, so a typo is an error to read, never a crash:
///
/// ```swift
/// nonisolated protocol GitHubRequest: BaseURLRequestType {}
/// extension GitHubRequest {
///     var baseURL: String { "https://api.github.com" }
/// }
/// ```
///
/// `String` and `URL` are the two kinds; code that states `var baseURL: URL` keeps working.
public protocol BaseURLConvertible: Sendable {
    /// The base URL's text, as Bricks parses it.
    var baseURLString: String { get }
}

extension String: BaseURLConvertible {
    /// The string itself.
    public var baseURLString: String { self }
}

extension URL: BaseURLConvertible {
    /// The URL's `absoluteString`.
    public var baseURLString: String { absoluteString }
}
