/// A method mixin: the endpoint is sent with `PATCH`, which changes part of a resource and is not idempotent.
public protocol PATCHRequestType: RequestType {}

extension PATCHRequestType {
    /// `PATCH`.
    public var method: HTTPMethod { .patch }
}
