import Bricks
import Foundation

/// `GET /repos/{owner}/{repo}/issues`: a repository's issues, a page at a time; GitHub names the
/// next page in its `Link` header.
struct ListIssues: GitHubRequest, GETRequestType, LinkHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [Issue]
    let owner: String
    let repo: String
    var perPage = 30
    var pageLink: String?
    var pathSegments: [String] { ["repos", owner, repo, "issues"] }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "per_page", value: String(perPage))] }
}
