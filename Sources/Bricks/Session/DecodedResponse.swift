/// A decoded response together with the head it came with.
public struct DecodedResponse<Value> {
    /// The decoded response.
    public var value: Value
    /// The response's status, header fields and URL.
    public var head: ResponseHead
}

extension DecodedResponse: Sendable where Value: Sendable {}
