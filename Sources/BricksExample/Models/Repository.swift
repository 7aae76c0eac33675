import Foundation

/// A repository, as far as the example shows it.
struct Repository: Decodable, Sendable {
    let fullName: String
    let description: String?
    let owner: Account
    let visibility: String?
    let defaultBranch: String
    let stargazersCount: Int
    let forksCount: Int
    let openIssuesCount: Int
    let topics: [String]?
    let createdAt: Date
}
