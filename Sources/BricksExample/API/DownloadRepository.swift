import Bricks

/// `GET /repos/{owner}/{repo}` as raw bytes, for `--download`: the same call as ``GetRepository``,
/// written to a file by `Session.download(_:to:progress:)` instead of decoded.
struct DownloadRepository: GitHubRequest, GETRequestType, DataResponseType {
    let owner: String
    let name: String
    var pathSegments: [String] { ["repos", owner, name] }
}
