/// An endpoint: a request Bricks can build together with the response it decodes.
/// ``Session/send(_:)`` sends any `RequestContextType`.
public protocol RequestContextType: RequestType, ResponseType {
    /// What the endpoint tells the session and its middleware besides its request, read once per
    /// call. Default: made from ``ResponseType/maximumResponseSize``, ``RequestType/httpCachePolicy``
    /// and ``RequestType/secretHeaderNames``. Implement it to give a middleware of your own a
    /// setting for this endpoint (see ``EndpointOptions``); a proxy forwards it whole.
    var options: EndpointOptions { get }
}

extension RequestContextType {
    /// The options this endpoint's requirements state.
    public var options: EndpointOptions { EndpointOptions(of: self) }
}
