/// A GitHub user or organization, as other objects embed it.
struct Account: Decodable, Sendable {
    let login: String
    /// `User`, `Organization` or `Bot`.
    let type: String?
}
