import Foundation

/// A body mixin: the endpoint uploads a file, read chunk by chunk as it is sent, never whole.
///
/// `Content-Type` is `application/octet-stream` unless the endpoint gives its own
/// ``contentType``. A file can be sent again, so redirects that keep the body (307,
/// 308) and retries work as with a body in memory.
///
/// ```swift
/// struct UploadAsset: APIRequest, POSTRequestType, FileBodyRequestType, JSONResponseType {
///     typealias Response = Asset
///     let fileURL: URL
///     var path: String { "/assets" }
/// }
/// let asset = try await session.send(UploadAsset(fileURL: movie)) { progress in
///     print(progress.fractionCompleted ?? 0)
/// }
/// ```
public protocol FileBodyRequestType: RequestType {
    /// The file to send.
    var fileURL: URL { get }
    /// The body's `Content-Type`, sent unless ``RequestType/headerFields`` names one. Default:
    /// `application/octet-stream`.
    var contentType: String? { get }
}

extension FileBodyRequestType {
    /// `application/octet-stream`: bytes of no particular type.
    public var contentType: String? { "application/octet-stream" }
    /// The file, streamed, typed with ``contentType``.
    /// - Throws: ``BricksError`` when the file cannot be read.
    public func makeRequestBody() throws -> RequestBody? { try RequestBody(fileAt: fileURL, contentType: contentType) }
}
