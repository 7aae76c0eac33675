import Foundation

/// A body mixin: the endpoint's `body` is sent as an HTML form,
/// `Content-Type: application/x-www-form-urlencoded`.
///
/// `body` is any `Encodable` (encoded by ``formEncoder``, so names, lists and nesting follow
/// ``QueryEncoder``'s rules) or a `[URLQueryItem]` sent in its own order. Values use the form
/// character set: a space becomes `+`, and `+`, `&` and `=` are percent-encoded, so every value
/// arrives as written.
///
/// ```swift
/// struct Login: AuthRequest, POSTRequestType, FormURLEncodedBodyRequestType, JSONResponseType {
///     typealias Response = Token
///     struct Form: Encodable { let username: String; let password: String; let grantType = "password" }
///     let body: Form
///     var path: String { "/oauth/token" }
/// }
/// ```
public protocol FormURLEncodedBodyRequestType: RequestType {
    /// The type of the form: `Encodable`, or `[URLQueryItem]`.
    associatedtype Body
    /// The form's fields.
    var body: Body { get }
    /// The encoder for an `Encodable` ``body``. Default: `QueryEncoder()`.
    var formEncoder: QueryEncoder { get }
    /// The fields as name/value pairs, in the order they are sent. Provided for an `Encodable`
    /// ``body`` and for `[URLQueryItem]`.
    /// - Throws: ``BricksError/Reason/bodyEncoding(_:)`` when ``body`` cannot be encoded.
    func formItems() throws -> [URLQueryItem]
    /// The body's `Content-Type`, sent unless ``RequestType/headerFields`` names one. Default:
    /// `application/x-www-form-urlencoded`.
    var contentType: String? { get }
}

extension FormURLEncodedBodyRequestType {
    /// `QueryEncoder()` with its default options.
    public var formEncoder: QueryEncoder { QueryEncoder() }
    /// `application/x-www-form-urlencoded`.
    public var contentType: String? { FormURLEncoding.contentType }
    /// ``formItems()`` serialised as `name=value&…`, typed with ``contentType``.
    /// - Throws: ``BricksError/Reason/bodyEncoding(_:)`` when ``body`` cannot be encoded.
    public func makeRequestBody() throws -> RequestBody? {
        RequestBody(FormURLEncoding.body(for: try formItems()), contentType: contentType)
    }
}

extension FormURLEncodedBodyRequestType where Body: Encodable {
    /// ``body`` encoded by ``formEncoder``: names sorted, `nil` values left out.
    /// - Throws: ``BricksError/Reason/bodyEncoding(_:)`` when it cannot be encoded.
    public func formItems() throws -> [URLQueryItem] {
        do {
            return try formEncoder.encode(body)
        } catch {
            throw BricksError.bodyEncoding(error)
        }
    }
}

extension FormURLEncodedBodyRequestType where Body == [URLQueryItem] {
    /// ``body`` as it is.
    public func formItems() throws -> [URLQueryItem] { body }
}
