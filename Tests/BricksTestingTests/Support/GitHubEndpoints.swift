import Bricks
import BricksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Endpoints of the recorded GitHub scenarios. `baseURL` may be changed: replay ignores the host.
protocol GitHubRequest: RequestContextType {
    var baseURL: URL { get }
}

let gitHubBase = URL(string: "https://api.github.com")!

struct Label: Codable, Equatable, Sendable {
    let name: String
    let color: String
}

struct ListLabels: GitHubRequest, GETRequestType, JSONResponseType {
    typealias Response = [Label]
    var baseURL = gitHubBase
    var path: String { "/repos/octokit-fixture-org/labels/labels" }
}

struct CreateLabel: GitHubRequest, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = Label
    var baseURL = gitHubBase
    let body: Label
    var path: String { "/repos/octokit-fixture-org/labels/labels" }
}

struct GetLabel: GitHubRequest, GETRequestType, JSONResponseType {
    typealias Response = Label
    var baseURL = gitHubBase
    let name: String
    var pathSegments: [String] { ["repos", "octokit-fixture-org", "labels", "labels", name] }
}

struct UpdateLabel: GitHubRequest, JSONBodyRequestType, JSONResponseType {
    struct Change: Encodable, Sendable {
        let newName: String
        let color: String
        enum CodingKeys: String, CodingKey {
            case newName = "new_name"
            case color
        }
    }
    typealias Response = Label
    var baseURL = gitHubBase
    let name: String
    let body: Change
    var method: HTTPMethod { .patch }
    var pathSegments: [String] { ["repos", "octokit-fixture-org", "labels", "labels", name] }
}

struct DeleteLabel: GitHubRequest, EmptyResponseType {
    var baseURL = gitHubBase
    let name: String
    var method: HTTPMethod { .delete }
    var pathSegments: [String] { ["repos", "octokit-fixture-org", "labels", "labels", name] }
}

struct GitHubIssue: Decodable, Sendable {
    let number: Int
    let title: String
}

struct SearchIssues: GitHubRequest, GETRequestType, JSONResponseType {
    struct Page: Decodable, Sendable {
        let totalCount: Int
        let items: [GitHubIssue]
        enum CodingKeys: String, CodingKey {
            case totalCount = "total_count"
            case items
        }
    }
    typealias Response = Page
    var baseURL = gitHubBase
    let query: String
    var path: String { "/search/issues" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: query)] }
}

struct RenderMarkdown: GitHubRequest, POSTRequestType, DataBodyRequestType, DataResponseType {
    var baseURL = gitHubBase
    let text: String
    var path: String { "/markdown/raw" }
    var body: Data { Data(text.utf8) }
    var contentType: String? { "text/plain; charset=utf-8" }
}
