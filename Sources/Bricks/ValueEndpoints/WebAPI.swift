import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An API declared as a value: where it lives, what every call carries, its typed error. It makes
/// ``Endpoint`` values, one line each, for calls that need no struct of their own.
///
/// ```swift
/// enum GitHub {
///     static let api = WebAPI("https://api.github.com", headers: ["Accept": "application/vnd.github+json"],
///                             bearer: { token }, error: GitHubError.self)
///     static func user(_ login: String) -> Endpoint<User> { api.get("users", login) }
///     static func createIssue(_ owner: String, _ repo: String, _ issue: NewIssue) -> Endpoint<Issue> {
///         api.post("repos", owner, repo, "issues", json: issue)
///     }
/// }
/// let user = try await session.send(GitHub.user("octocat"))
/// ```
///
/// Endpoints made here are ordinary bricks: they go through the same ``Session``, middleware and
/// proxies as struct endpoints, page by `Link` header with ``Session/pages(of:)``, and throw the
/// API's error as a ``TypedAPIError``. Declare an endpoint as a struct instead when it needs
/// anything beyond a path, a query and a JSON body (of any `Encodable` type): a form or multipart
/// body, a reply that is not JSON, other pagination, a setting of its own.
public struct WebAPI: Sendable {
    /// The base URL, as given; checked when a request is built.
    public let baseURL: String
    /// Header fields every call carries.
    public let headerFields: [String: String]
    let bearer: (@Sendable () throws -> String?)?
    let decodeError: @Sendable (Data, ResponseHead) -> (any Error)?

    /// Declares an API.
    /// - Parameters:
    ///   - baseURL: where the API lives, such as `"https://api.github.com"` (a path prefix such as
    ///     `/api/v3` is kept). An invalid URL fails each call with ``BricksError/Reason/invalidURL(_:)``.
    ///   - headers: header fields every call carries. Default: none.
    ///   - bearer: the bearer token, read for each call and sent as `Authorization: Bearer …`; a
    ///     `nil` or empty token fails the call with a ``BricksError`` that says so, rather than
    ///     sending `Bearer ` with nothing. Default: no authorization.
    ///   - error: the API's error type, decoded from the JSON body of an error reply and thrown as
    ///     a ``TypedAPIError``. Default: ``NoAPIError``, none.
    public init<Failure: Error & Decodable & Sendable>(
        _ baseURL: String, headers: [String: String] = [:], bearer: (@Sendable () throws -> String?)? = nil,
        error: Failure.Type = NoAPIError.self
    ) {
        self.baseURL = baseURL
        self.headerFields = headers
        self.bearer = bearer
        if Failure.self == NoAPIError.self {
            decodeError = { _, _ in nil }
        } else {
            decodeError = { data, head in
                (try? DefaultCoders.jsonDecoder.decode(Failure.self, from: data)).map { TypedAPIError($0, head: head) }
            }
        }
    }

    /// `GET` the path made of `segments` (each percent-encoded), decoding JSON into `Response`.
    /// - Parameters:
    ///   - segments: the path segments after the base URL.
    ///   - query: query items; `nil` values are left out. Sorted by name.
    public func get<Response: Decodable>(_ segments: String..., query: [String: String?] = [:]) -> Endpoint<Response> {
        Endpoint(api: self, method: .get, segments: segments, query: query, body: nil)
    }

    /// `DELETE` the path made of `segments`, expecting no body back.
    public func delete(_ segments: String..., query: [String: String?] = [:]) -> Endpoint<Void> {
        Endpoint(api: self, method: .delete, segments: segments, query: query, body: nil)
    }

    /// `POST` `json` (encoded with a plain `JSONEncoder`) to the path made of `segments`, decoding
    /// JSON into `Response`.
    public func post<Response: Decodable>(_ segments: String..., json: some Encodable) -> Endpoint<Response> {
        Endpoint(api: self, method: .post, segments: segments, query: [:], body: Self.encode(json))
    }

    /// `PUT` `json` to the path made of `segments`, decoding JSON into `Response`.
    public func put<Response: Decodable>(_ segments: String..., json: some Encodable) -> Endpoint<Response> {
        Endpoint(api: self, method: .put, segments: segments, query: [:], body: Self.encode(json))
    }

    /// `PATCH` `json` to the path made of `segments`, decoding JSON into `Response`.
    public func patch<Response: Decodable>(_ segments: String..., json: some Encodable) -> Endpoint<Response> {
        Endpoint(api: self, method: .patch, segments: segments, query: [:], body: Self.encode(json))
    }

    /// `value` as JSON, encoded now, where the caller made it (in an app target its `Encodable`
    /// conformance may be main-actor-isolated); a failure is thrown when the endpoint is sent.
    private static func encode(_ value: some Encodable) -> Result<Data, any Error> {
        Result { try JSONBodyEncoder.encode(value, configuredBy: DefaultCoders.jsonEncoder) }
    }

    /// The `Authorization` value, or the error that says why there is none.
    func authorization() throws -> String? {
        guard let bearer else { return nil }
        guard let token = try bearer(), !token.isEmpty else {
            throw BricksError.missingBearerToken
        }
        return "Bearer " + token
    }
}
