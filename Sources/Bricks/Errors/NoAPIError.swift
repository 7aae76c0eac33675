/// The default ``ResponseType/APIError``: the API has no typed error, so an error reply becomes
/// ``BricksError/Reason/unacceptableStatus(_:body:)`` (or the app's status mapping).
///
/// It has no values: decoding one always fails, so it can never be thrown.
public enum NoAPIError: Error, Decodable, Sendable {
    /// Always fails: there is no typed error to decode.
    /// - Throws: `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        throw Self.notDeclared
    }

    /// The error that decoding a `NoAPIError` throws.
    static let notDeclared = DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: [], debugDescription: "the endpoint declares no APIError type"))
}
