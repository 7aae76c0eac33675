import Foundation

/// An issue (or a pull request: GitHub lists both as issues).
struct Issue: Decodable, Sendable {
    let number: Int
    let title: String
    let state: String
    let user: Account
    let labels: [Label]
    let comments: Int
    let createdAt: Date
}
