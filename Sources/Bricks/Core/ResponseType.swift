import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The response half of an endpoint: which statuses it accepts and how its body becomes a value.
///
/// Response mixins (``JSONResponseType``, ``DataResponseType``, ``EmptyResponseType``, …)
/// implement ``decode(_:response:)``, so an endpoint usually only names its `Response`.
public protocol ResponseType {
    /// The value a successful reply decodes to.
    associatedtype Response
    /// Status codes that count as success; any other is an error. Default: `200..<300`.
    var acceptableStatusCodes: Range<Int> { get }
    /// Turns the body of an accepted reply into a ``Response``.
    /// - Parameters:
    ///   - data: the body as received (possibly empty).
    ///   - response: the reply's status and headers.
    /// - Throws: any error; Bricks reports it as ``BricksError/decoding(_:bodyExcerpt:)``.
    func decode(_ data: Data, response: HTTPURLResponse) throws -> Response
    /// Turns the body of a reply whose status is not acceptable into the API's own error, or
    /// returns `nil` to let Bricks report ``BricksError/unacceptableStatus(code:headers:body:)``.
    /// Default: `nil`.
    func apiError(from data: Data, response: HTTPURLResponse) -> (any Error)?
}

extension ResponseType {
    /// `200..<300`: the 2xx success statuses.
    public var acceptableStatusCodes: Range<Int> { 200..<300 }
    /// `nil`: unacceptable replies become ``BricksError/unacceptableStatus(code:headers:body:)``.
    public func apiError(from data: Data, response: HTTPURLResponse) -> (any Error)? { nil }
}
