/// An API's own error, decoded from the body of a reply whose status the endpoint does not
/// accept, kept together with that reply's head and the call it answered.
///
/// A ``Session`` throws it when the endpoint names an ``ResponseType/APIError``:
///
/// ```swift
/// do {
///     try await session.send(CreateLabel(name: "bug"))
/// } catch let error as TypedAPIError<GitHubError> {
///     print(error.statusCode, error.value.message)   // 422, "Validation Failed"
/// }
/// ```
public struct TypedAPIError<Value: Error & Sendable>: Error, Sendable, CustomStringConvertible {
    /// The API's error, as decoded from the body.
    public var value: Value
    /// The head of the reply it came with.
    public var head: ResponseHead
    /// The call it answered, or `nil` when it did not come from a ``Session``.
    public var request: RequestSummary?

    /// Makes one.
    /// - Parameters:
    ///   - value: the decoded error.
    ///   - head: the reply's head.
    ///   - request: the call it answered.
    public init(_ value: Value, head: ResponseHead, request: RequestSummary? = nil) {
        self.value = value
        self.head = head
        self.request = request
    }

    /// The reply's status code.
    public var statusCode: Int { head.statusCode }

    /// The call, the status and the API's error as one sentence.
    public var description: String {
        let answer = "the server answered \(head.status): \(value)"
        return request.map { "\($0): \(answer)." } ?? "The server answered \(head.status): \(value)."
    }
}

/// An error that can say which call it answered, once the ``Session`` knows: a typed API error
/// made where the call is not known (a ``WebAPI``'s error decoding) is thrown naming it.
protocol NamesItsCall: Error {
    /// The same error, naming `call` unless it names one already.
    func naming(_ call: RequestSummary) -> any Error
}

extension TypedAPIError: NamesItsCall {
    func naming(_ call: RequestSummary) -> any Error {
        guard request == nil else { return self }
        var named = self
        named.request = call
        return named
    }
}
