import Foundation

/// The directives of the `Cache-Control` fields of a request or a response (RFC 9111 §5.2),
/// read once: names are case-insensitive, arguments may be tokens or quoted strings, the first of
/// a repeated directive counts, and a number that does not parse counts as 0 (stale, the safe
/// reading).
struct CacheControl: Sendable, Equatable {
    /// Directive names (lowercased) and their arguments (`nil` when there is none).
    private var directives: [String: String?] = [:]

    /// Reads every `Cache-Control` field of `fields`.
    init(_ fields: HeaderFields) {
        for value in fields.values(for: "Cache-Control") { read(value) }
    }

    /// Reads the directives of one field value.
    init(_ value: String) { read(value) }

    private mutating func read(_ value: String) {
        for part in Self.split(value) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let name: String
            var argument: String?
            if let equals = trimmed.firstIndex(of: "=") {
                name = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                var raw = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
                if raw.count >= 2, raw.hasPrefix("\""), raw.hasSuffix("\"") { raw = String(raw.dropFirst().dropLast()) }
                argument = raw
            } else {
                name = trimmed.lowercased()
            }
            if directives[name] == nil { directives[name] = .some(argument) }
        }
    }

    /// Splits at commas outside quoted strings.
    private static func split(_ value: String) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var quoted = false
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            if character == "\"" { quoted.toggle() }
            if character == ",", !quoted {
                parts.append(value[start..<index])
                start = value.index(after: index)
            }
            index = value.index(after: index)
        }
        parts.append(value[start...])
        return parts
    }

    /// Whether the directive is present, with or without an argument.
    func has(_ name: String) -> Bool { directives[name] != nil }

    /// A directive's number of seconds: `nil` when absent, 0 when its argument is not a
    /// non-negative decimal, saturated at about 68 years (`Int32.max`) when huge.
    func seconds(_ name: String) -> Int64? {
        guard let entry = directives[name] else { return nil }
        return entry.flatMap { DecimalDigits.deltaSeconds($0) } ?? 0
    }

    /// Whether the directive is present with no argument, or with a number. `max-stale` without a
    /// number means "any staleness".
    func hasWithoutArgument(_ name: String) -> Bool {
        guard let entry = directives[name] else { return false }
        return entry == nil
    }

    var noStore: Bool { has("no-store") }
    var noCache: Bool { has("no-cache") }
    var mustRevalidate: Bool { has("must-revalidate") || has("proxy-revalidate") }
    var maxAge: Int64? { seconds("max-age") }
}
