import Foundation

/// The response half of an endpoint: which statuses it accepts, how its body becomes a value, and
/// how an error reply becomes the API's own error.
///
/// Response mixins (``JSONResponseType``, ``DataResponseType``, ``EmptyResponseType``, …)
/// implement ``decode(_:response:)``, so an endpoint usually only names its `Response`. An app-wide
/// protocol names the API's typed error once, and may map a few statuses to app errors:
///
/// ```swift
/// struct GitHubError: Error, Decodable, Sendable {
///     let message: String
///     let documentationURL: String?
///     enum CodingKeys: String, CodingKey { case message, documentationURL = "documentation_url" }
/// }
///
/// nonisolated protocol GitHubRequest: BaseURLRequestType where APIError == GitHubError {}
/// extension GitHubRequest {
///     var baseURL: String { "https://api.github.com" }
///     func error(forStatus status: Int, data: Data, response: ResponseHead) -> (any Error)? {
///         status == 401 ? AppError.invalidToken : nil
///     }
/// }
/// ```
///
/// On a status outside ``acceptableStatusCodes`` a ``Session`` throws, in this order: the error
/// from ``error(forStatus:data:response:)``, as it is; else the body decoded by
/// ``decodeAPIError(from:response:)``, wrapped in a ``TypedAPIError`` with the reply's head; else
/// a ``BricksError`` with ``BricksError/Reason/unacceptableStatus(_:body:)``.
///
/// Two hooks, because they answer different questions: ``decodeAPIError(from:response:)`` says
/// how the API writes its errors (a format, declared once per API), ``error(forStatus:data:response:)``
/// which statuses mean something to the app (a mapping, declared where the app needs it).
public protocol ResponseType {
    /// The value a successful reply decodes to.
    associatedtype Response
    /// The API's own error, decoded from the body of an error reply, such as GitHub's
    /// `{"message": …, "documentation_url": …}`. Default: ``NoAPIError``, meaning the API has none.
    associatedtype APIError: Error & Decodable & Sendable = NoAPIError
    /// Status codes that count as success; any other is an error. Default: `200..<300`.
    var acceptableStatusCodes: Range<Int> { get }
    /// The largest body accepted for this endpoint, in bytes, or `nil` for the session's limit
    /// (``ResponseLimits/maximumBodySize``). Default: `nil`.
    var maximumResponseSize: Int? { get }
    /// Turns the body of an accepted reply into a ``Response``.
    /// - Parameters:
    ///   - data: the body as received (possibly empty).
    ///   - response: the reply's head: status, header fields, URL.
    /// - Throws: a `DecodingError`, which Bricks reports as ``BricksError/Reason/decoding(_:bodyExcerpt:)``
    ///   with an excerpt of the body, or any other error, which reaches the caller unchanged (an
    ///   API's own failure found inside a 200 reply, say).
    func decode(_ data: Data, response: ResponseHead) throws -> Response
    /// Decodes the body of an error reply into ``APIError``. Default: JSON with a default
    /// `JSONDecoder`; for ``NoAPIError`` it throws without reading the body.
    /// - Throws: any error when the body is not an ``APIError``; Bricks then reports
    ///   ``BricksError/Reason/unacceptableStatus(_:body:)``.
    func decodeAPIError(from data: Data, response: ResponseHead) throws -> APIError
    /// Maps specific statuses to the app's own errors, before the body is looked at: for example
    /// 401 to "invalid token", 426 to "update required". Return `nil` for every other status.
    /// Default: `nil`.
    /// - Parameters:
    ///   - status: the unacceptable status code.
    ///   - data: the body as received.
    ///   - response: the reply's head.
    func error(forStatus status: Int, data: Data, response: ResponseHead) -> (any Error)?
}

extension ResponseType {
    /// `200..<300`: the 2xx success statuses.
    public var acceptableStatusCodes: Range<Int> { 200..<300 }
    /// `nil`: the session's limit applies.
    public var maximumResponseSize: Int? { nil }

    /// Decodes ``APIError`` from JSON with a default `JSONDecoder`.
    /// - Throws: the decoder's error; for ``NoAPIError`` a `DecodingError` at once, without
    ///   parsing the body.
    public func decodeAPIError(from data: Data, response: ResponseHead) throws -> APIError {
        if APIError.self == NoAPIError.self { throw NoAPIError.notDeclared }
        return try DefaultCoders.jsonDecoder.decode(APIError.self, from: data)
    }

    /// `nil`: no status has an app error of its own.
    public func error(forStatus status: Int, data: Data, response: ResponseHead) -> (any Error)? { nil }
}

// The per-call settings of `ResponseType`, as a proxy reads them: its base's, unless the proxy states
// its own (see the same extension in RequestType.swift).
extension RequestProxy {
    /// The base's acceptable status codes.
    public var acceptableStatusCodes: Range<Int> { base.acceptableStatusCodes }
    /// The base's response size limit.
    public var maximumResponseSize: Int? { base.maximumResponseSize }
}
