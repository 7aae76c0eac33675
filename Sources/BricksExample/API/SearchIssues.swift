import Bricks
import Foundation

/// `GET /search/issues?q=…`: issues matching a query, in GitHub's search envelope, paged by its
/// `Link` header.
struct SearchIssues: GitHubRequest, GETRequestType, LinkHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = SearchResults<Issue>
    let query: String
    var pageLink: String?
    var path: String { "/search/issues" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: query)] }
}
