/// A method mixin: the endpoint is sent with `POST`.
public protocol POSTRequestType: RequestType {}

extension POSTRequestType {
    /// `POST`.
    public var method: HTTPMethod { .post }
}
