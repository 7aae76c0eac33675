import Bricks
import BricksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GitHub's error body: `{"message": …, "errors": […], "documentation_url": …}`.
struct GitHubError: Error, Decodable, Equatable, Sendable {
    struct FieldError: Decodable, Equatable, Sendable {
        let resource: String
        let code: String
        let field: String
    }
    let message: String
    let errors: [FieldError]?
    let documentationURL: String?

    enum CodingKeys: String, CodingKey {
        case message, errors
        case documentationURL = "documentation_url"
    }
}

/// The app-wide brick of the replay tests: GitHub's base URL and typed error.
protocol GitHubAPI: BaseURLRequestType where APIError == GitHubError {}
extension GitHubAPI {
    var baseURL: URL { URL(string: "https://api.github.com")! }
    var headerFields: [String: String] { ["Accept": "application/vnd.github.v3+json"] }
}

struct GitHubIssue: Decodable, Equatable, Sendable {
    let number: Int
    let title: String
}

/// `GET /repos/{owner}/{repo}/issues`, paged by GitHub's `Link` header.
struct ListRepoIssues: GitHubAPI, LinkHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [GitHubIssue]
    var owner = "octokit-fixture-org"
    var repo = "paginate-issues"
    var perPage = 3
    var pageLink: String?
    var pathSegments: [String] { ["repos", owner, repo, "issues"] }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "per_page", value: String(perPage))] }
}

struct NewLabel: Encodable, Sendable {
    let name: String
    let color: String
}

struct Label: Decodable, Sendable {
    let name: String
}

/// `POST /repos/{owner}/{repo}/labels`.
struct CreateLabel: GitHubAPI, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = Label
    var owner = "octokit-fixture-org"
    var repo = "errors"
    let body: NewLabel
    var pathSegments: [String] { ["repos", owner, repo, "labels"] }
}
