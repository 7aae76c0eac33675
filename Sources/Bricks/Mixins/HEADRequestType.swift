/// A method mixin: the endpoint is sent with `HEAD`, which asks for the headers of a `GET` without
/// its body. Pair it with ``EmptyResponseType`` and read the headers from
/// ``Session/response(for:)``.
///
/// `HEAD` (like `GET`) cannot carry a body: building one with a body throws
/// ``BricksError/Reason/invalidRequest(_:)``. Other methods without a mixin, such as `OPTIONS`, are set
/// with `var method: HTTPMethod { .options }`.
public protocol HEADRequestType: RequestType {}

extension HEADRequestType {
    /// `HEAD`.
    public var method: HTTPMethod { .head }
}
