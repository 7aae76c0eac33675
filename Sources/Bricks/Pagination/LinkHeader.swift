import Foundation

/// The links of an HTTP `Link` header (RFC 8288), such as GitHub's
/// `<https://api.github.com/…&page=2>; rel="next", <…&page=5>; rel="last"`.
///
/// The parser is tolerant: it accepts spaces around `;` and `=`, quoted or bare values, commas and
/// semicolons inside `<…>` and quoted strings, several links in any order, several `Link` headers
/// joined with commas, and RFC 8187 `rel*=UTF-8''…` values; it skips what it cannot read rather
/// than failing.
///
/// ```swift
/// let next = head.headerFields["Link"].flatMap { LinkHeader($0).link(withRelation: "next")?.target }
/// ```
public struct LinkHeader: Sendable, Equatable {
    /// One link: a target and its parameters.
    public struct Link: Sendable, Equatable {
        /// The target as written between `<` and `>`, a URI reference that may be relative to
        /// the URL of the reply that carried it.
        public var target: String
        /// The link's parameters by lowercased name, values unquoted; when a name is repeated the
        /// first occurrence wins, as RFC 8288 asks for `rel`.
        public var parameters: [String: String]

        /// Makes a link.
        public init(target: String, parameters: [String: String] = [:]) {
            self.target = target
            self.parameters = parameters
        }

        /// The relation types of `rel`, lowercased: `rel="next last"` gives `["next", "last"]`.
        public var relations: [String] {
            (parameters["rel"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
        }
    }

    /// The links in the order they appear.
    public let links: [Link]

    /// Parses the value of a `Link` header; an empty or unreadable value gives no links.
    public init(_ value: String) {
        var parser = LinkHeaderParser(value)
        links = parser.parse()
    }

    /// The first link whose `rel` includes `relation` (compared ignoring case), such as `"next"`.
    public func link(withRelation relation: String) -> Link? {
        let relation = relation.lowercased()
        return links.first { $0.relations.contains(relation) }
    }
}

/// Reads a `Link` header value scalar by scalar.
struct LinkHeaderParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ value: String) { scalars = Array(value.unicodeScalars) }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n"
    }

    private mutating func skipSpaces() {
        while let scalar = current, Self.isSpace(scalar) { index += 1 }
    }

    mutating func parse() -> [LinkHeader.Link] {
        var links: [LinkHeader.Link] = []
        while true {
            while let scalar = current, Self.isSpace(scalar) || scalar == "," { index += 1 }
            guard let scalar = current else { return links }
            guard scalar == "<" else {
                skipToNextLink()
                continue
            }
            index += 1
            let start = index
            while let scalar = current, scalar != ">" { index += 1 }
            guard current == ">" else { return links }  // an unterminated target: nothing more to read
            let target = String(String.UnicodeScalarView(scalars[start..<index]))
            index += 1
            links.append(LinkHeader.Link(target: target.trimmingSpaces(), parameters: parseParameters()))
        }
    }

    /// Reads `; name=value` pairs up to the comma that ends the link.
    private mutating func parseParameters() -> [String: String] {
        var parameters: [String: String] = [:]
        while true {
            skipSpaces()
            guard let scalar = current, scalar != "," else { return parameters }
            guard scalar == ";" else {
                skipToNextLink()
                return parameters
            }
            index += 1
            skipSpaces()
            var name = readToken()
            skipSpaces()
            var value = ""
            if current == "=" {
                index += 1
                skipSpaces()
                value = current == "\"" ? readQuoted() : readToken()
            }
            if name.hasSuffix("*") {
                name.removeLast()
                value = Self.decodeExtendedValue(value)
            }
            name = name.lowercased()
            if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
        }
    }

    /// A bare name or value: up to a space, `=`, `;` or `,`.
    private mutating func readToken() -> String {
        let start = index
        while let scalar = current, !Self.isSpace(scalar), scalar != "=", scalar != ";", scalar != "," { index += 1 }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    /// A quoted string from its opening quote, with `\` escapes; tolerates a missing closing quote.
    private mutating func readQuoted() -> String {
        var text = String.UnicodeScalarView()
        index += 1
        while let scalar = current {
            index += 1
            if scalar == "\"" { break }
            if scalar == "\\", let escaped = current {
                index += 1
                text.append(escaped)
            } else {
                text.append(scalar)
            }
        }
        return String(text)
    }

    /// Skips what cannot be read, up to the comma that starts the next link (commas inside `<…>`
    /// and quoted strings do not count).
    private mutating func skipToNextLink() {
        while let scalar = current {
            switch scalar {
            case ",":
                return
            case "\"":
                _ = readQuoted()
            case "<":
                while let inner = current, inner != ">" { index += 1 }
                index += 1
            default:
                index += 1
            }
        }
    }

    /// An RFC 8187 value `charset'language'percent-encoded`, decoded; the text as is when it is
    /// not one.
    static func decodeExtendedValue(_ value: String) -> String {
        let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return value }
        return String(parts[2]).removingPercentEncoding ?? String(parts[2])
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs, CRs and LFs.
    func trimmingSpaces() -> String {
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        var view = Substring(self).unicodeScalars
        while let first = view.first, isSpace(first) { view.removeFirst() }
        while let last = view.last, isSpace(last) { view.removeLast() }
        return String(view)
    }
}
