/// A method mixin: the endpoint is sent with `GET`.
public protocol GETRequestType: RequestType {}

extension GETRequestType {
    /// `GET`.
    public var method: HTTPMethod { .get }
}
