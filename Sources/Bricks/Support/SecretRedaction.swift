import Foundation

/// The one algorithm that hides secrets in text, for logs, error messages and recordings alike:
/// the value of each `name=value` pair whose name is secret, and the password of a URL.
///
/// Works on the text's bytes: no `URLComponents`, no regular expression. Names compare after
/// percent-decoding (and `+` as a space, as forms write it), without regard to case.
package struct SecretRedaction: Sendable {
    /// What replaces a secret.
    package static let placeholder = "REDACTED"

    /// Where a `name=value` pair may stand, and so where its value ends.
    package enum Context: Sendable {
        /// A URL: pairs start the text or follow `?` or `&`; a value runs to the next `&` or to
        /// the `#` of the fragment.
        case query
        /// A form body: pairs start the text or follow `&`; a value runs to the next `&`, whatever
        /// it holds.
        case form
        /// Free text that may hold URLs (a `Link` header, a JSON string): pairs also start after
        /// `#` (a fragment's `#access_token=…`) and `;`, and a value also ends at white space,
        /// `>`, `;` or `"` (not at `,`, which a query value may hold).
        case text
    }

    /// The lowercased names whose values are hidden.
    package let parameterNames: Set<String>

    /// Hides the values of `parameterNames` (in any case).
    package init(parameterNames: some Sequence<String>) {
        self.parameterNames = Set(parameterNames.lazy.map { $0.lowercased() })
    }

    /// `text` with the value of every secret pair, and the password of every URL, replaced by
    /// ``placeholder``.
    ///
    /// Both are found in the text as given, and what either hides is hidden: a password may hold
    /// what reads as a pair (`user:p;token=x@host`), and a pair's value what reads as a password.
    package func redacting(_ text: String, in context: Context) -> String {
        guard !parameterNames.isEmpty else { return Self.redactingPasswords(in: text) }
        let bytes = Array(text.utf8)
        return Self.replacing(Self.passwordSpans(in: text) + secretValueSpans(in: bytes, context: context), in: bytes, text)
    }

    /// Whether `name` (as written: percent-encoded, `+` for spaces) is a secret's.
    package func isSecret(_ name: some StringProtocol) -> Bool {
        let spaced =
            name.utf8.contains(UInt8(ascii: "+")) ? String(name).replacingOccurrences(of: "+", with: " ") : String(name)
        return parameterNames.contains((spaced.removingPercentEncoding ?? spaced).lowercased())
    }

    /// The byte ranges of the values of the secret pairs in `bytes`.
    private func secretValueSpans(in bytes: [UInt8], context: Context) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var index = 0
        var atPairStart = true
        while index < bytes.count {
            let byte = bytes[index]
            guard atPairStart, let equals = nameEnd(bytes, from: index, context: context) else {
                atPairStart = Self.startsPair(after: byte, context: context)
                index += 1
                continue
            }
            // A name, then `=`: a secret's value runs to its end; any other is read on, so that a
            // pair inside it (`?next=/a?token=…`) is found as a pattern would find it.
            let name = String(decoding: bytes[index..<equals], as: UTF8.self)
            index = equals + 1
            atPairStart = false
            guard isSecret(name) else { continue }
            let start = index
            while index < bytes.count, !Self.endsValue(bytes[index], context: context) { index += 1 }
            spans.append(start..<index)
        }
        return spans
    }

    /// `bytes` (the UTF-8 of `text`) with each run of overlapping or touching `spans` replaced by
    /// one ``placeholder``.
    private static func replacing(_ spans: [Range<Int>], in bytes: [UInt8], _ text: String) -> String {
        guard !spans.isEmpty else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        var current: Range<Int>?
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let open = current, span.lowerBound <= open.upperBound {
                current = open.lowerBound..<max(open.upperBound, span.upperBound)
                continue
            }
            if let open = current {
                result += bytes[copied..<open.lowerBound]
                result += placeholder.utf8
                copied = open.upperBound
            }
            current = span
        }
        if let open = current {
            result += bytes[copied..<open.lowerBound]
            result += placeholder.utf8
            copied = open.upperBound
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The index of the `=` that ends a pair's name starting at `start`, or `nil` when no name
    /// stands there.
    private func nameEnd(_ bytes: [UInt8], from start: Int, context: Context) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "=") { return index > start ? index : nil }
            if Self.endsValue(byte, context: context) || Self.startsPair(after: byte, context: context) { return nil }
            index += 1
        }
        return nil
    }

    /// Whether a pair may start after `byte` in `context`.
    private static func startsPair(after byte: UInt8, context: Context) -> Bool {
        switch byte {
        case UInt8(ascii: "&"): return true
        case UInt8(ascii: "?"): return context != .form
        case UInt8(ascii: "#"), UInt8(ascii: ";"): return context == .text
        default: return false
        }
    }

    /// Whether `byte` ends a value in `context`.
    private static func endsValue(_ byte: UInt8, context: Context) -> Bool {
        switch byte {
        case UInt8(ascii: "&"): return true
        case UInt8(ascii: "#"): return context != .form
        // Not `,`: a query value may hold one unencoded (Bricks' own encoder leaves it), so a
        // secret's value runs on past it.
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ">"),
            UInt8(ascii: ";"), UInt8(ascii: "\""):
            return context == .text
        default: return false
        }
    }

    /// `text` with the password of every `scheme://user:password@` replaced.
    package static func redactingPasswords(in text: String) -> String {
        replacing(passwordSpans(in: text), in: Array(text.utf8), text)
    }

    /// The byte ranges of the passwords of every `scheme://user:password@` in `text`.
    private static func passwordSpans(in text: String) -> [Range<Int>] {
        guard text.contains("://"), text.contains("@") else { return [] }
        var spans: [Range<Int>] = []
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            rest = rest[separator.upperBound...]
            // The authority's user info: up to its last `@` before any `/` or white space (a
            // password may hold `?` or `#`).
            let authorityEnd = rest.firstIndex { $0 == "/" || $0.isWhitespace } ?? rest.endIndex
            guard let at = rest[..<authorityEnd].lastIndex(of: "@"),
                let colon = rest[..<at].firstIndex(of: ":")
            else { continue }
            let start = text.utf8.distance(from: text.startIndex, to: rest.index(after: colon))
            spans.append(start..<text.utf8.distance(from: text.startIndex, to: at))
            rest = rest[at...]
        }
        return spans
    }
}
