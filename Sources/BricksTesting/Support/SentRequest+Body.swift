import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension SentRequest {
    /// The body decoded from JSON, to assert on what a test sent.
    ///
    /// ```swift
    /// import Testing
    ///
    /// let sent = try #require(await stub.requests(matching: .post, "/repos/*/*/issues").first)
    /// #expect(try sent.decodedBody(as: NewIssue.self).title == "Crash on launch")
    /// ```
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - decoder: the decoder. Default: a `JSONDecoder` with its default options.
    /// - Throws: ``BricksTestingError/missingBody(request:)`` when the request has no body, or the
    ///   decoder's `DecodingError`.
    public func decodedBody<Value: Decodable>(
        as type: Value.Type = Value.self, decoder: JSONDecoder = JSONDecoder()
    ) throws -> Value {
        try decoder.decode(type, from: requiredBody())
    }

    /// The body parsed as JSON (`[String: Any]`, `[Any]` or a scalar), for assertions on a few
    /// fields without declaring a type.
    ///
    /// ```swift
    /// let fields = try #require(try sent.jsonBody() as? [String: Any])
    /// #expect(fields["title"] as? String == "Crash on launch")
    /// ```
    /// - Throws: ``BricksTestingError/missingBody(request:)`` when the request has no body, or the
    ///   error of `JSONSerialization` when it is not JSON.
    public func jsonBody() throws -> Any {
        try JSONSerialization.jsonObject(with: requiredBody(), options: [.fragmentsAllowed])
    }

    private func requiredBody() throws -> Data {
        guard let body = httpBody, !body.isEmpty else { throw BricksTestingError.missingBody(request: summary) }
        return body
    }
}
