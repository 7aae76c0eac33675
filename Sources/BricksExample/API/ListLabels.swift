import Bricks

/// `GET /repos/{owner}/{repo}/labels`: a repository's labels, paged by GitHub's `Link` header.
struct ListLabels: GitHubRequest, GETRequestType, LinkHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [Label]
    let owner: String
    let repo: String
    var pageLink: String?
    var pathSegments: [String] { ["repos", owner, repo, "labels"] }
}
