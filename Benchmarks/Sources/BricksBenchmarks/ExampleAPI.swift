import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The imaginary API of the build benchmarks, written as a Bricks user would write it.
protocol ExampleAPIRequest: BaseURLRequestType {}

extension ExampleAPIRequest {
    var baseURL: URL { ExampleAPI.baseURL }
    var headerFields: [String: String] { ExampleAPI.headers }
}

/// What every request of the imaginary API shares; the hand-built floor uses the same values.
enum ExampleAPI {
    static let baseURL = URL(string: "https://api.example.com/v3")!
    static let headers = ["Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"]
    /// The search query: the space needs percent-encoding.
    static let query = "swift concurrency"
}

/// A GET with three query items (one needing percent-encoding) and two headers.
struct SearchRepositories: ExampleAPIRequest, GETRequestType, JSONResponseType {
    typealias Response = Catalogue
    let query: String
    var path: String { "/search/repositories" }
    var queryItems: [URLQueryItem] {
        [URLQueryItem(name: "q", value: query), URLQueryItem(name: "sort", value: "stars"),
         URLQueryItem(name: "per_page", value: "50")]
    }
}

/// The body of ``CreateIssue``.
struct NewIssue: Codable, Sendable, Equatable {
    var title: String
    var body: String
    var labels: [String]
    var assignees: [String]
    var milestone: Int

    static let example = NewIssue(
        title: "Crash when decoding an empty array", body: "Steps to reproduce: send a request whose reply is [].",
        labels: ["bug", "decoding"], assignees: ["octocat"], milestone: 3)
}

/// A POST with a JSON `Encodable` body.
struct CreateIssue: ExampleAPIRequest, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = Catalogue
    let owner: String
    let repository: String
    let body: NewIssue
    var pathSegments: [String] { ["repos", owner, repository, "issues"] }
}
