/// A label of a repository.
struct Label: Decodable, Sendable {
    let name: String
    /// Six hex digits, without `#`.
    let color: String
    let description: String?
}
