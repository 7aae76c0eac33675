/// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`'s conversion, word for word: words split
/// where a lower-case letter meets an upper-case one and before the last capital of a run of
/// capitals followed by a lower-case letter, joined with `_`, lower-cased; leading and trailing
/// `_` kept. Capitals are Unicode categories Lu and Lt, lower-case letters Ll.
enum JSONBodySnakeCase {
    /// `key` in snake case (`myURLProperty` → `my_url_property`).
    static func converting(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        // Most keys are ASCII with no capital: the conversion leaves them as they are.
        if key.utf8.allSatisfy({ $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) {
            return key
        }
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchRange = key.index(after: wordStart)..<key.endIndex
        while let upper = firstIndex(in: key, searchRange, where: isUpperCase) {
            words.append(wordStart..<upper)
            searchRange = upper..<searchRange.upperBound
            guard let lower = firstIndex(in: key, searchRange, where: isLowerCase) else {
                wordStart = searchRange.lowerBound
                break
            }
            if lower == key.index(after: upper) {
                wordStart = upper
            } else {
                let beforeLower = key.index(before: lower)
                words.append(upper..<beforeLower)
                wordStart = beforeLower
            }
            searchRange = key.unicodeScalars.index(after: lower)..<searchRange.upperBound
        }
        words.append(wordStart..<searchRange.upperBound)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    /// The index of the first scalar in `range` of `key` that `matches`.
    private static func firstIndex(
        in key: String, _ range: Range<String.Index>, where matches: (Unicode.Scalar) -> Bool
    ) -> String.Index? {
        let scalars = key.unicodeScalars[range]
        return scalars.indices.first { matches(scalars[$0]) }
    }

    private static func isUpperCase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: true
        default: false
        }
    }

    private static func isLowerCase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
