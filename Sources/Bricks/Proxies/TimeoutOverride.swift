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
    /// The timeout in seconds, fractions honoured: the call's ``CallContext/timeoutInterval``. A
    /// value that is not a positive number fails the call with
    /// ``BricksError/Reason/invalidRequest(_:)`` before anything is sent.
    public let timeoutInterval: TimeInterval

    /// Wraps `base`, giving it a timeout of `timeoutInterval` seconds.
    public init(base: Base, timeoutInterval: TimeInterval) {
        self.base = base
        self.timeoutInterval = timeoutInterval
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
