import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response mixin for APIs that wrap every payload: the body is JSON decoded into an
/// ``Envelope``, and ``unwrap(_:)`` takes the `Response` out of it, or throws the error the
/// envelope reports.
///
/// ```swift
/// struct SearchPage<Item: Decodable & Sendable>: Decodable, Sendable {
///     let totalCount: Int
///     let items: [Item]
///     enum CodingKeys: String, CodingKey { case totalCount = "total_count", items }
/// }
///
/// struct SearchIssues: GitHubRequest, GETRequestType, EnvelopeResponseType {
///     typealias Response = [Issue]
///     let query: String
///     var path: String { "/search/issues" }
///     var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: query)] }
///     func unwrap(_ envelope: SearchPage<Issue>) throws -> [Issue] { envelope.items }
/// }
/// ```
///
/// For envelopes such as `{"ok": false, "error": "channel_not_found"}`, throw from ``unwrap(_:)``:
/// ``Session/send(_:)`` reports it as ``BricksError/Reason/decoding(_:bodyExcerpt:)`` carrying your error
/// and the start of the body.
public protocol EnvelopeResponseType: ResponseType {
    /// The wrapper the server sends, decoded from JSON: any `Decodable` (constrained where the
    /// decoding is written, so that an app target's main-actor-isolated model can be one).
    associatedtype Envelope
    /// The decoder for the envelope. Default: a `JSONDecoder` with its default options.
    var decoder: JSONDecoder { get }
    /// The `Response` inside `envelope`.
    /// - Throws: the envelope's own error when it reports a failure.
    func unwrap(_ envelope: Envelope) throws -> Response
}

extension EnvelopeResponseType {
    /// A shared `JSONDecoder` with default options; return your own to change them.
    public var decoder: JSONDecoder { DefaultCoders.jsonDecoder }
}

extension EnvelopeResponseType where Envelope: Decodable {
    /// Decodes the ``Envelope`` with ``decoder``, then ``unwrap(_:)``s it.
    public func decode(_ data: Data, response: ResponseHead) throws -> Response {
        try unwrap(decoder.decode(Envelope.self, from: data))
    }
}
