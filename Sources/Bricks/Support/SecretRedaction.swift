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
    package func redacting(_ text: String, in context: Context) -> String {
        // Passwords first: a password may hold what reads as a pair (`user:p;token=x@host`), whose
        // value would otherwise run on over the `@` that shows where the password ends.
        let text = Self.redactingPasswords(in: text)
        return parameterNames.isEmpty ? text : redactingPairs(in: text, context: context)
    }

    /// Whether `name` (as written: percent-encoded, `+` for spaces) is a secret's.
    package func isSecret(_ name: some StringProtocol) -> Bool {
        let spaced =
            name.utf8.contains(UInt8(ascii: "+")) ? String(name).replacingOccurrences(of: "+", with: " ") : String(name)
        return parameterNames.contains((spaced.removingPercentEncoding ?? spaced).lowercased())
    }

    private func redactingPairs(in text: String, context: Context) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        var atPairStart = true
        while index < bytes.count {
            let byte = bytes[index]
            guard atPairStart, let equals = nameEnd(bytes, from: index, context: context) else {
                result.append(byte)
                atPairStart = Self.startsPair(after: byte, context: context)
                index += 1
                continue
            }
            // A name, then `=`: a secret's value is replaced up to its end; any other is read on,
            // so that a pair inside it (`?next=/a?token=…`) is found as a pattern would find it.
            let name = String(decoding: bytes[index..<equals], as: UTF8.self)
            result.append(contentsOf: bytes[index...equals])
            index = equals + 1
            atPairStart = false
            guard isSecret(name) else { continue }
            result.append(contentsOf: Self.placeholder.utf8)
            while index < bytes.count, !Self.endsValue(bytes[index], context: context) { index += 1 }
        }
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
        guard text.contains("://"), text.contains("@") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            // The authority's user info: up to its last `@` before any `/` or white space (a
            // password may hold `?` or `#`).
            let authorityEnd = rest.firstIndex { $0 == "/" || $0.isWhitespace } ?? rest.endIndex
            guard let at = rest[..<authorityEnd].lastIndex(of: "@"),
                let colon = rest[..<at].firstIndex(of: ":")
            else { continue }
            result += rest[...colon]
            result += placeholder
            rest = rest[at...]
        }
        return result + rest
    }
}
