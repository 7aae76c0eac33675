import Bricks

/// `POST /repos/{owner}/{repo}/labels` with a JSON body: creates a label, or fails with a
/// ``GitHubError`` (`422 Validation Failed` for a colour that is not six hex digits).
struct CreateLabel: GitHubRequest, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = Label
    let owner: String
    let repo: String
    let body: NewLabel
    var pathSegments: [String] { ["repos", owner, repo, "labels"] }
}
