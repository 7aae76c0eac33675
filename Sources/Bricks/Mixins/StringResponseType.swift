import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response mixin: the body is text, decoded with the `charset` of the reply's `Content-Type`
/// (UTF-8 when it names none), for HTML, XML, CSV and plain-text endpoints.
///
/// A charset Bricks does not know, or bytes that are not valid in the charset, fail with
/// ``BricksError/Reason/decoding(_:bodyExcerpt:)`` saying which; no character is replaced silently.
///
/// ```swift
/// struct RenderMarkdown: GitHubRequest, POSTRequestType, JSONBodyRequestType, StringResponseType {
///     struct Body: Encodable { let text: String; let mode = "gfm" }
///     let body: Body
///     var path: String { "/markdown" }
/// }
/// let html: String = try await session.send(RenderMarkdown(body: .init(text: "# Hi")))
/// ```
public protocol StringResponseType: ResponseType where Response == String {
    /// The encoding used when the `Content-Type` names no charset. Default: UTF-8.
    var defaultEncoding: String.Encoding { get }
}

extension StringResponseType {
    /// UTF-8.
    public var defaultEncoding: String.Encoding { .utf8 }
    /// The body decoded with the reply's charset, or ``defaultEncoding``.
    /// - Throws: a `DecodingError` naming the charset when it is unknown or the bytes are not valid
    ///   in it (which ``Session`` reports as ``BricksError/Reason/decoding(_:bodyExcerpt:)``).
    public func decode(_ data: Data, response: ResponseHead) throws -> String {
        do {
            return try Charset.decode(
                data, contentType: response.value(forHTTPHeaderField: "Content-Type"), fallback: defaultEncoding)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }
}
