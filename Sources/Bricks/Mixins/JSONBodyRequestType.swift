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
    /// The type of the value sent as the body: any `Encodable` (constrained where the encoding is
    /// written, so that an app target's main-actor-isolated model can be one; one that is not
    /// `Encodable` has no ``encoder`` and fails to compile).
    associatedtype Body
    /// The value sent as the body.
    var body: Body { get }
    /// The encoder for ``body``. Default: a `JSONEncoder` with its default options.
    var encoder: JSONEncoder { get }
}

extension JSONBodyRequestType where Body: Encodable {
    /// A shared `JSONEncoder` with default options; return your own to change them.
    public var encoder: JSONEncoder { DefaultCoders.jsonEncoder }
    /// `application/json`.
    public var contentType: String? { "application/json" }
    /// ``body`` encoded by ``encoder``.
    /// - Throws: ``BricksError/Reason/bodyEncoding(_:)`` when the value cannot be encoded (for example a
    ///   `Double.nan`).
    public func httpBody() throws -> Data? {
        do {
            return try encoder.encode(body)
        } catch {
            throw BricksError.bodyEncoding(error)
        }
    }
}
