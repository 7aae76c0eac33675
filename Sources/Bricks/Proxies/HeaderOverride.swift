import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request with one header set (or removed) on top of its base's, for a per-call header such as
/// a trace ID or an `If-None-Match`, without a new endpoint type.
///
/// ```swift
/// let request = GetUser(login: "octocat").with(header: "If-None-Match", value: etag)
/// ```
///
/// The header replaces any of the base's with the same name in any letter case, including the
/// body's `Content-Type`.
public struct HeaderOverride<Base: RequestContextType>: RequestProxy {
    /// The wrapped request.
    public var base: Base
    /// The header's name, such as `"X-Request-ID"`.
    public let name: String
    /// The header's value, or `nil` to remove the header.
    public let value: String?

    /// Wraps `base`, setting header `name` to `value` (or removing it when `value` is `nil`).
    public init(base: Base, name: String, value: String?) {
        self.base = base
        self.name = name
        self.value = value
    }

    /// The base's head with this header set or removed.
    /// - Throws: ``BricksError/Reason/invalidHeader(name:reason:)`` for a name that is not a token or a
    ///   value with CR, LF or NUL; otherwise what the base throws.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        var head = try base.makeRequestHead(body: body)
        try head.headerFields.setChecked(name, to: value)
        return head
    }
}

extension HeaderOverride: PaginatedRequestType where Base: PaginatedRequestType {}

extension RequestContextType {
    /// This request with header `name` set to `value` (or removed when `value` is `nil`).
    /// - Parameters:
    ///   - name: the header's name.
    ///   - value: the header's value, or `nil` to remove it.
    public func with(header name: String, value: String?) -> HeaderOverride<Self> {
        HeaderOverride(base: self, name: name, value: value)
    }
}

/// Sendable when the wrapped request is, so that the proxy of a `Sendable` endpoint is decoded
/// away from the caller's actor as the endpoint itself would be.
extension HeaderOverride: Sendable where Base: Sendable {}
