import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One call of a ``WebAPI``, declared as a value with its response type fixed: what
/// `api.get("users", login)` returns.
///
/// ```swift
/// extension GitHub {
///     static func issues(_ owner: String, _ repo: String) -> Endpoint<[Issue]> {
///         api.get("repos", owner, repo, "issues", query: ["per_page": "100"])
///     }
/// }
/// for try await page in session.pages(of: GitHub.issues("apple", "swift")) { show(page) }
/// ```
///
/// It is a brick like any struct endpoint: ``Session/send(_:)`` sends it, proxies wrap it
/// (`.with(timeout:)`, `.authorized(with:)`), and ``Session/pages(of:)`` follows its `Link`
/// header. A ``BricksError``, a ``TypedAPIError`` and the logs name it by its type, such as
/// `Endpoint<User>`, beside its method and URL.
public struct Endpoint<Response>: RequestContextType, LinkHeaderPaginatedRequestType {

    /// The API it belongs to.
    public let api: WebAPI
    /// The method.
    public let method: HTTPMethod
    /// The path segments after the base URL, each percent-encoded when sent.
    public let pathSegments: [String]
    private let query: [String: String?]
    private let body: Result<Data, any Error>?
    /// The link to the page to fetch, once paging has begun.
    public var pageLink: String?

    init(
        api: WebAPI, method: HTTPMethod, segments: [String], query: [String: String?],
        body: Result<Data, any Error>?
    ) {
        self.api = api
        self.method = method
        self.pathSegments = segments
        self.query = query
        self.body = body
    }

    /// The API's base URL, as given: an invalid one fails the call when it is built, with
    /// ``BricksError/Reason/invalidURL(_:)``.
    public var baseURL: String { api.baseURL }

    /// The query items, sorted by name, without those whose value is `nil`.
    public var queryItems: [URLQueryItem] {
        query.sorted { $0.key < $1.key }.compactMap { item in item.value.map { URLQueryItem(name: item.key, value: $0) } }
    }

    /// The API's header fields.
    public var headerFields: [String: String] { api.headerFields }

    /// The JSON body, typed `application/json`, when there is one.
    /// - Throws: ``BricksError/Reason/bodyEncoding(_:)``.
    public func makeRequestBody() throws -> RequestBody? {
        guard let body else { return nil }
        do {
            return RequestBody(try body.get(), contentType: "application/json")
        } catch {
            throw BricksError(.bodyEncoding(error))
        }
    }

    /// Builds the request, with the API's bearer token and the page link when paging.
    /// - Throws: ``BricksError`` for an invalid base URL or a missing bearer token.
    public func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        var head = try RequestBuilder.makeHead(for: self, body: body)
        if let pageLink { try head.setPathAndQuery(pageLink) }
        if let authorization = try api.authorization() {
            head.headerFields["Authorization"] = authorization
        }
        return head
    }

    /// Decodes the body: JSON into a `Decodable` response; nothing for `Void`.
    /// - Throws: the `JSONDecoder`'s error.
    public func decode(_ data: Data, response: ResponseHead) throws -> Response {
        if let none = () as? Response { return none }
        guard let type = Response.self as? any Decodable.Type,
            let value = try DefaultCoders.jsonDecoder.decode(type, from: data) as? Response
        else {
            throw BricksError(.invalidRequest("Endpoint<\(Response.self)> can decode only Decodable responses or Void"))
        }
        return value
    }

    /// The API's typed error, decoded from the body.
    public func error(forStatus status: Int, data: Data, response: ResponseHead) -> (any Error)? {
        api.decodeError(data, response)
    }
}

/// `Sendable` when its `Response` decodes anywhere: a `Decodable` whose conformance is not
/// isolated to an actor. ``Session/send(_:)`` then decodes it away from the caller's
/// actor. A model of an app target (main-actor-isolated by default) makes an endpoint that is sent
/// and decoded on the main actor, where its conformance may be used; so does `Void`.
extension Endpoint: Sendable where Response: Decodable & SendableMetatype {}
