import Foundation

/// A query mixin: the endpoint's typed ``queryParameters`` are encoded into the URL's query by a
/// ``QueryEncoder``, after any ``RequestType/queryItems``.
///
/// The parameters' `CodingKeys` are the query names, so the keys are typed and checked by the
/// compiler; `nil` values are left out, names come out sorted.
///
/// ```swift
/// struct ListIssues: GitHubRequest, GETRequestType, QueryParametersRequestType, JSONResponseType {
///     typealias Response = [Issue]
///     struct Parameters: Encodable {
///         var state: String? = "open"
///         var labels: [String] = []
///         var since: Date?
///         var perPage = 30
///         enum CodingKeys: String, CodingKey { case state, labels, since, perPage = "per_page" }
///     }
///     let owner: String, repo: String
///     var queryParameters = Parameters()
///     var pathSegments: [String] { ["repos", owner, repo, "issues"] }
///     var queryEncoder: QueryEncoder { QueryEncoder(arrayEncoding: .brackets) }
/// }
/// ```
public protocol QueryParametersRequestType: RequestType {
    /// The type of the parameters: an `Encodable` struct or `[String: …]` dictionary (constrained
    /// where the encoding is written, so that an app target's main-actor-isolated type can be one;
    /// parameters that are not `Encodable` fail to compile).
    associatedtype QueryParameters
    /// The parameters sent in the query.
    var queryParameters: QueryParameters { get }
    /// The encoder for ``queryParameters``. Default: `QueryEncoder()`.
    var queryEncoder: QueryEncoder { get }
}

extension QueryParametersRequestType {
    /// `QueryEncoder()` with its default options.
    public var queryEncoder: QueryEncoder { QueryEncoder() }
    /// Not available: parameters that are not `Encodable` cannot be encoded into the query.
    @available(*, unavailable, message: "QueryParametersRequestType encodes Encodable parameters")
    public func encodedQueryItems() throws -> [URLQueryItem] { [] }
}

extension QueryParametersRequestType where QueryParameters: Encodable {
    /// ``queryParameters`` encoded by ``queryEncoder``.
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` when they cannot be encoded.
    public func encodedQueryItems() throws -> [URLQueryItem] {
        do {
            return try queryEncoder.encode(queryParameters)
        } catch {
            throw BricksError.invalidRequest("the query parameters could not be encoded: \(error)")
        }
    }
}
