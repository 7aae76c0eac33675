import Foundation

// Shared by the test targets of both packages (not a product).

/// A small, seeded random number generator (SplitMix64), so that property tests are repeatable:
/// a failure reports its seed, and `BRICKS_PROPERTY_SEED` replays it.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    public init(seed: UInt64) { state = seed }

    /// The seed from `BRICKS_PROPERTY_SEED`, or a fresh one.
    public static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["BRICKS_PROPERTY_SEED"].flatMap { UInt64($0) }
            ?? UInt64.random(in: 1...UInt64.max)
    }

    /// The next number of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Hostile strings for property tests: delimiters, control characters, emoji, combining marks,
/// `%` sequences, lone surrogates (which `String` turns into U+FFFD) and plain text, mixed.
public enum RandomStrings {
    public static let pieces: [String] = [
        "a", "Z", "0", " ", "  ", "\t", "\r", "\n", "\r\n", "\u{0}", "\u{7}", "\u{7F}", "\u{1B}",
        "/", "?", "#", "&", "=", "+", ";", ",", ":", "@", "[", "]", "!", "$", "'", "(", ")", "*",
        "%", "%20", "%2F", "%zz", "%%", "%E2%82", ".", "..", "~", "-", "_", "\\", "\"", "<", ">", "{", "}", "|", "^", "`",
        "ü", "ß", "é", "e\u{301}", "中文", "日本", "한", "עברית", "\u{200F}", "\u{FEFF}", "\u{2028}",
        "😀", "👩‍👩‍👧", "🇨🇭", "𝔘", String(decoding: [0xD800] as [UInt16], as: UTF16.self),
        String(decoding: [0xDFFF, 0x41] as [UInt16], as: UTF16.self), "\u{FFFD}", "\u{10FFFF}",
        "swift", "token", "value",
    ]

    /// A string of up to `maximumPieces` random pieces (possibly empty).
    public static func make(using generator: inout SeededGenerator, maximumPieces: Int = 8) -> String {
        let count = Int.random(in: 0...maximumPieces, using: &generator)
        var string = ""
        for _ in 0..<count { string += pieces.randomElement(using: &generator) ?? "" }
        return string
    }

    /// Whether `string` may stand in a header value: no control character but tab.
    public static func isValidHeaderValue(_ string: String) -> Bool {
        !string.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }
}
