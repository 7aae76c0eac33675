/// A coding key ``JSONBodyEncoder`` makes itself: an array index, a dictionary's string key, or
/// `super`. The index's text is made only when asked for.
enum JSONBodyCodingKey: CodingKey {
    case string(String)
    case index(Int)

    init(stringValue: String) { self = .string(stringValue) }
    init(intValue: Int) { self = .index(intValue) }

    var stringValue: String {
        switch self {
        case .string(let text): text
        case .index(let index): "Index \(index)"
        }
    }

    var intValue: Int? {
        if case .index(let index) = self { return index }
        return nil
    }

    /// The key `superEncoder()` encodes under, as in `JSONEncoder`.
    static let `super` = JSONBodyCodingKey.string("super")
}
