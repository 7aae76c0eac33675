import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response mixin: the body is JSON decoded into `Response`, any `Decodable` (an object, an
/// array or a top-level scalar).
public protocol JSONResponseType: ResponseType where Response: Decodable {
    /// The decoder for the body. Default: a `JSONDecoder` with its default options.
    var decoder: JSONDecoder { get }
}

extension JSONResponseType {
    /// A shared `JSONDecoder` with default options; return your own to change them.
    public var decoder: JSONDecoder { DefaultCoders.jsonDecoder }
    /// Decodes the body with ``decoder``.
    public func decode(_ data: Data, response: ResponseHead) throws -> Response {
        try decoder.decode(Response.self, from: data)
    }
}
