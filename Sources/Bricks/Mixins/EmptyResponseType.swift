import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response mixin for replies that carry nothing to decode, such as `204 No Content`:
/// `Response` is `Void`, and any body is ignored.
public protocol EmptyResponseType: ResponseType where Response == Void {}

extension EmptyResponseType {
    /// Ignores the body.
    public func decode(_ data: Data, response: ResponseHead) throws {}
}
