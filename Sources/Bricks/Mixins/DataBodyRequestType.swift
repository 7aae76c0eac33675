import Foundation

/// A body mixin: the endpoint's `body` bytes are sent as they are.
///
/// `Content-Type` is `application/octet-stream` unless the endpoint gives its own ``RequestType/contentType``.
///
/// ```swift
/// struct RenderMarkdown: GitHubRequest, POSTRequestType, DataBodyRequestType, StringResponseType {
///     let text: String
///     var path: String { "/markdown/raw" }
///     var body: Data { Data(text.utf8) }
///     var contentType: String? { "text/plain; charset=utf-8" }
/// }
/// ```
public protocol DataBodyRequestType: RequestType {
    /// The bytes to send.
    var body: Data { get }
}

extension DataBodyRequestType {
    /// `application/octet-stream`: bytes of no particular type.
    public var contentType: String? { "application/octet-stream" }
    /// ``body`` as it is.
    public func httpBody() throws -> Data? { body }
}
