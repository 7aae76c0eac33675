import Foundation

/// One part of a `multipart/form-data` body: a text field or a file.
///
/// ```swift
/// var parts: [MultipartFormPart] {
///     [.text(name: "title", value: "Holiday"),
///      .file(name: "photo", filename: "beach.jpg", contentType: "image/jpeg", data: jpeg)]
/// }
/// ```
public struct MultipartFormPart: Sendable, Equatable {
    /// The form field name the server reads the part by. Must not be empty.
    public var name: String
    /// The file name, for file parts; `nil` for a text field.
    public var filename: String?
    /// The part's `Content-Type`; `nil` sends none, which means `text/plain`.
    public var contentType: String?
    /// The content, sent as it is.
    public var data: Data

    /// Makes a part from all its pieces.
    public init(name: String, filename: String? = nil, contentType: String? = nil, data: Data) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }

    /// A text field, sent as UTF-8.
    public static func text(name: String, value: String) -> MultipartFormPart {
        MultipartFormPart(name: name, data: Data(value.utf8))
    }

    /// A file.
    /// - Parameters:
    ///   - name: the form field name.
    ///   - filename: the file's name as the server should see it (any Unicode).
    ///   - contentType: its media type. Default: `application/octet-stream`.
    ///   - data: its bytes.
    public static func file(
        name: String, filename: String, contentType: String = "application/octet-stream", data: Data
    ) -> MultipartFormPart {
        MultipartFormPart(name: name, filename: filename, contentType: contentType, data: data)
    }
}
