import Foundation

/// A body mixin: the endpoint's ``parts`` are sent as `multipart/form-data` (RFC 7578), the way
/// browsers upload files.
///
/// Bricks picks a random boundary that occurs in none of the parts, frames every part with CRLF
/// as the RFC requires, builds the body in one pass, and sets
/// `Content-Type: multipart/form-data; boundary=…`.
///
/// ```swift
/// struct UploadAvatar: ProfileRequest, POSTRequestType, MultipartFormBodyRequestType, EmptyResponseType {
///     let image: Data
///     var path: String { "/me/avatar" }
///     var parts: [MultipartFormPart] {
///         [.text(name: "caption", value: "Me, in 2024"),
///          .file(name: "avatar", filename: "me.png", contentType: "image/png", data: image)]
///     }
/// }
/// ```
public protocol MultipartFormBodyRequestType: RequestType {
    /// The fields and files, in the order they are sent.
    var parts: [MultipartFormPart] { get }
    /// The body's `Content-Type`, sent unless ``RequestType/headerFields`` names one; the boundary
    /// is added to it when it names none. Default: `multipart/form-data`.
    var contentType: String? { get }
}

extension MultipartFormBodyRequestType {
    /// `multipart/form-data`; the boundary is added when the body is built.
    public var contentType: String? { MultipartBodyBuilder.contentType }
    /// ``parts`` framed with a fresh boundary, typed `multipart/form-data` with the boundary they
    /// were framed with (added to ``contentType`` when that names none).
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` for a part with an empty name or a content type
    ///   that contains a line break.
    public func makeRequestBody() throws -> RequestBody? {
        try MultipartBodyBuilder.requestBody(for: parts, contentType: contentType)
    }
}
