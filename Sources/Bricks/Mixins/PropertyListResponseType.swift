import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response mixin: the body is a property list (XML or binary) decoded into `Response`, any
/// `Decodable`, as some Apple-platform services and configuration endpoints send.
///
/// ```swift
/// struct GetManifest: AppConfigRequest, GETRequestType, PropertyListResponseType {
///     typealias Response = Manifest
///     var path: String { "/manifest.plist" }
/// }
/// ```
/// `Response` is constrained where the decoding is written rather than on the protocol, so that a
/// model of an app target (main-actor-isolated by default) can be the response of an endpoint
/// there; a `Response` that is not `Decodable` still fails to compile (no `decode` is given).
public protocol PropertyListResponseType: ResponseType {
    /// The decoder for the body. Default: a `PropertyListDecoder`.
    var decoder: PropertyListDecoder { get }
}

extension PropertyListResponseType {
    /// A shared `PropertyListDecoder` with default options; return your own to change them.
    public var decoder: PropertyListDecoder { DefaultCoders.propertyListDecoder }
}

extension PropertyListResponseType where Response: Decodable {
    /// Decodes the body with ``decoder``.
    public func decode(_ data: Data, response: ResponseHead) throws -> Response {
        try decoder.decode(Response.self, from: data)
    }
}
