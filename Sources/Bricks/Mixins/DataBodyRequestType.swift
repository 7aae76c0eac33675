import Foundation

/// A body mixin: the endpoint's `body` bytes are sent as they are.
///
/// `Content-Type` is `application/octet-stream` unless the endpoint gives its own ``contentType``.
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
    /// The body's `Content-Type`, sent unless ``RequestType/headerFields`` names one. Default:
    /// `application/octet-stream`.
    var contentType: String? { get }
}

extension DataBodyRequestType {
    /// `application/octet-stream`: bytes of no particular type.
    public var contentType: String? { "application/octet-stream" }
    /// ``body`` as it is, typed with ``contentType``.
    public func makeRequestBody() throws -> RequestBody? { RequestBody(body, contentType: contentType) }
}
