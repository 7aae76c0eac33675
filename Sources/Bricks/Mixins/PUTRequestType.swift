/// A method mixin: the endpoint is sent with `PUT`, which replaces a resource and is idempotent (safe to retry).
public protocol PUTRequestType: RequestType {}

extension PUTRequestType {
    /// `PUT`.
    public var method: HTTPMethod { .put }
}
