import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A request with its own timeout, for one call that needs longer (an upload) or must fail fast (a
/// health check), without a new endpoint type.
///
/// ```swift
/// let status = try await session.send(GetStatus().with(timeout: 2.5))
/// ```
public struct TimeoutOverride<Base: RequestContextType>: RequestProxy {
    /// The wrapped request.
    public var base: Base
    /// The timeout in seconds, fractions honoured.
    public let timeoutInterval: TimeInterval

    /// Wraps `base`, giving it a timeout of `timeoutInterval` seconds.
    public init(base: Base, timeoutInterval: TimeInterval) {
        self.base = base
        self.timeoutInterval = timeoutInterval
    }

    /// The base's head with this timeout.
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` when the timeout is not a positive number of
    ///   seconds; otherwise what the base throws.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        try RequestHead.checkTimeout(timeoutInterval)
        var head = try base.makeRequestHead(body: body)
        try head.setTimeout(timeoutInterval)
        return head
    }
}

extension TimeoutOverride: PaginatedRequestType where Base: PaginatedRequestType {}

extension RequestContextType {
    /// This request with a timeout of `seconds` (fractions honoured).
    public func with(timeout seconds: TimeInterval) -> TimeoutOverride<Self> {
        TimeoutOverride(base: self, timeoutInterval: seconds)
    }
}

/// Sendable when the wrapped request is, so that the proxy of a `Sendable` endpoint is decoded
/// away from the caller's actor as the endpoint itself would be.
extension TimeoutOverride: Sendable where Base: Sendable {}
