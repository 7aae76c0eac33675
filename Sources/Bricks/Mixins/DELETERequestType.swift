/// A method mixin: the endpoint is sent with `DELETE`, which removes a resource and is idempotent (safe to retry).
public protocol DELETERequestType: RequestType {}

extension DELETERequestType {
    /// `DELETE`.
    public var method: HTTPMethod { .delete }
}
