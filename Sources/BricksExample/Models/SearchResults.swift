/// GitHub's search envelope: one page of matches and how many there are in all.
struct SearchResults<Item: Decodable & Sendable>: Decodable, Sendable {
    let totalCount: Int
    /// Whether the search timed out before finding every match.
    let incompleteResults: Bool
    let items: [Item]
}
