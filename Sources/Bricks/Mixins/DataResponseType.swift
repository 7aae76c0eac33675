import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response mixin: the body is returned as raw bytes.
public protocol DataResponseType: ResponseType where Response == Data {}

extension DataResponseType {
    /// The body as received.
    public func decode(_ data: Data, response: ResponseHead) throws -> Data { data }
}
