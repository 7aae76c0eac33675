import Bricks

/// `GET /repos/{owner}/{repo}`: one repository.
struct GetRepository: GitHubRequest, GETRequestType, JSONResponseType {
    typealias Response = Repository
    let owner: String
    let name: String
    var pathSegments: [String] { ["repos", owner, name] }
}
