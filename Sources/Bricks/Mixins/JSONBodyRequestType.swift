import Foundation

/// A body mixin: the endpoint's typed `body` is sent as JSON with `Content-Type: application/json`.
///
/// ```swift
/// struct CreateIssue: GitHubRequest, POSTRequestType, JSONBodyRequestType, JSONResponseType {
///     typealias Response = Issue
///     let body: NewIssue
///     var path: String { "/repos/apple/swift/issues" }
/// }
/// ```
public protocol JSONBodyRequestType: RequestType {
    /// The type of the value sent as the body: any `Encodable`. The constraint is stated where the
    /// encoding is written, so that a main-actor-isolated model of an app target can be one; a
    /// `Body` that is not `Encodable` fails to compile ("JSONBodyRequestType sends an Encodable
    /// body").
    associatedtype Body
    /// The value sent as the body.
    var body: Body { get }
    /// The encoder for ``body``. Default: a `JSONEncoder` with its default options, which keep
    /// every value: numbers with the digits that read back bit for bit, a `Date` as its own
    /// seconds since 2001-01-01. Bricks writes the body with its own encoder configured from this
    /// one (its output formatting, strategies and `userInfo`): the bytes `JSONEncoder` writes,
    /// except that a `Double` or `Float` always carries a point or an exponent (`2.0`, not `2`;
    /// `-0.0`, not `-0`), so a reader that types numbers by their text gets a floating-point
    /// number back, and object members keep the order they were encoded in. A subclass of
    /// `JSONEncoder` is used as it is. The `.iso8601` date strategy drops fractions of a second;
    /// "Mixins" in the docs shows one that keeps them.
    var encoder: JSONEncoder { get }
    /// The body's `Content-Type`, sent unless ``RequestType/headerFields`` names one. Default:
    /// `application/json`; give your own for a JSON-based type (`application/merge-patch+json`).
    var contentType: String? { get }
}

extension JSONBodyRequestType {
    /// A shared `JSONEncoder` with default options; return your own to change them.
    public var encoder: JSONEncoder { DefaultCoders.jsonEncoder }
    /// `application/json`.
    public var contentType: String? { "application/json" }
    /// Not available: a `Body` that is not `Encodable` cannot be sent as JSON.
    @available(*, unavailable, message: "JSONBodyRequestType sends an Encodable body")
    public func makeRequestBody() throws -> RequestBody? { nil }
}

extension JSONBodyRequestType where Body: Encodable {
    /// ``body`` encoded by ``encoder``, typed with ``contentType``.
    /// - Throws: ``BricksError/Reason/bodyEncoding(_:)`` when the value cannot be encoded (for example a
    ///   `Double.nan`).
    public func makeRequestBody() throws -> RequestBody? {
        do {
            return RequestBody(try JSONBodyEncoder.encode(body, configuredBy: encoder), contentType: contentType)
        } catch {
            throw BricksError.bodyEncoding(error)
        }
    }
}
