import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response mixin: the body is JSON decoded into `Response`, any `Decodable` (an object, an
/// array or a top-level scalar).
/// `Response` is constrained where the decoding is written rather than on the protocol, so that a
/// model of an app target (main-actor-isolated by default) can be the response of an endpoint
/// there; a `Response` that is not `Decodable` still fails to compile (no `decode` is given).
public protocol JSONResponseType: ResponseType {
    /// The decoder for the body. Default: a `JSONDecoder` with its default options.
    var decoder: JSONDecoder { get }
}

extension JSONResponseType {
    /// A shared `JSONDecoder` with default options; return your own to change them.
    public var decoder: JSONDecoder { DefaultCoders.jsonDecoder }
    /// Not available: a `Response` that is not `Decodable` cannot be read from JSON.
    @available(*, unavailable, message: "JSONResponseType decodes a Decodable Response")
    public func decode(_ data: Data, response: ResponseHead) throws -> Response {
        throw BricksError.invalidRequest("\(Response.self) is not Decodable")
    }
}

extension JSONResponseType where Response: Decodable {
    /// Decodes the body with ``decoder``.
    public func decode(_ data: Data, response: ResponseHead) throws -> Response {
        try decoder.decode(Response.self, from: data)
    }
}
