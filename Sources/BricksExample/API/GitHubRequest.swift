import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The app-wide brick of the example: where GitHub's REST API lives, what every call carries, how
/// replies decode and which typed error an error reply is. Every endpoint adopts it.
nonisolated protocol GitHubRequest: BaseURLRequestType where APIError == GitHubError {}

extension GitHubRequest {
    /// GitHub's API; `--base-url` re-points every call with `with(baseURL:)`.
    var baseURL: String { GitHub.apiURL }

    /// The media type and API version GitHub documents, and a `User-Agent`, which GitHub requires.
    var headerFields: [String: String] {
        [
            "Accept": "application/vnd.github+json",
            "X-GitHub-Api-Version": "2022-11-28",
            "User-Agent": "bricks-example",
        ]
    }

    /// GitHub's error body, decoded like its other replies (snake_case keys). The Session hands
    /// it over in a `TypedAPIError`, with the status and head it came with.
    func decodeAPIError(from data: Data, response: ResponseHead) throws -> GitHubError {
        try GitHub.decoder().decode(GitHubError.self, from: data)
    }
}

extension GitHubRequest where Self: JSONResponseType {
    /// GitHub's JSON: `snake_case` keys and ISO 8601 dates.
    var decoder: JSONDecoder { GitHub.decoder() }
}

/// Facts about GitHub's REST API shared by the endpoints.
enum GitHub {
    /// The API's base URL.
    static let apiURL = "https://api.github.com"

    /// A decoder for GitHub's JSON: `snake_case` keys become `camelCase` properties, and dates are
    /// ISO 8601.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
