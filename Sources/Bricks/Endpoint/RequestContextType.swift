/// An endpoint: a request Bricks can build together with the response it decodes.
/// ``Session/send(_:)`` sends any `RequestContextType`.
public protocol RequestContextType: RequestType, ResponseType {}
