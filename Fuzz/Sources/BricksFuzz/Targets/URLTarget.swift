import Foundation

/// URL parts and the URL builder: a URL read as parts reads the same when written again; a base
/// URL is accepted only with an `http(s)` scheme, a host and no user info; what the builder
/// encodes (path segments, query items) decodes back to what was given, and never leaves the
/// base's origin.
///
/// Input: a base choice byte, a flag, then NUL-separated texts: a URL, a path, segments and query
/// items (a name and a value each; a value starting with DEL is none).
enum URLTarget {
    static let bases = ["https://api.example.com", "https://api.example.com/v3/", "http://127.0.0.1:8080/a/b?x=1&y=2#f",
                        "https://[::1]/", "https://example.com/%7Euser/"]

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let baseText = bases[input.number(below: bases.count)]
        let trimming = input.flag()
        let url = input.text(until: 0)
        let path = input.text(until: 0)
        let segments = input.text(until: 0).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var query: [(String, String?)] = []
        while !input.isAtEnd, query.count < 8 {
            let name = input.text(until: 0)
            let value = input.text(until: 0)
            query.append((name, value.hasPrefix("\u{7F}") ? nil : value))
        }

        checkParts(url, trimming: trimming)
        checkParts(baseText + url, trimming: trimming)
        _ = Lib.requestURL(url)

        guard let base = URL(string: baseText), let origin = Lib.origin(baseText) else { return require(false, "a fixed base") }
        guard let built = Lib.buildURL(base: base, path: path, segments: segments, query: query) else {
            return require(false, "\(baseText) with \(path.debugDescription), \(segments), \(query) did not build")
        }
        require(Lib.origin(built.string) == origin, "\(built.string) left \(origin)")
        require(Lib.urlParts(built.string, trimmingPath: false) != nil, "the built \(built.string) does not read back")
        require(URL(string: built.string) != nil, "Foundation refuses the built \(built.string)")
        require(built.addedQuery.count == query.count, "\(query.count) items gave \(built.addedQuery)")
        for (pair, item) in zip(built.addedQuery, query) {
            let decoded = Lib.decodeQueryPair(pair)
            require(decoded.name == item.0 && decoded.value == item.1, "\(item) encoded as \(pair) decodes to \(decoded)")
        }
        if !segments.isEmpty, path.isEmpty {
            let written = built.addedPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            require(written.count == segments.count, "\(segments) written as \(built.addedPath)")
            for (encoded, segment) in zip(written, segments) {
                require(String(encoded).removingPercentEncoding == segment, "segment \(segment.debugDescription) written as \(encoded)")
            }
        }
    }

    /// A URL's parts, written again and read again, are the same parts.
    static func checkParts(_ text: String, trimming: Bool) {
        guard let parts = Lib.urlParts(text, trimmingPath: trimming) else {
            let lower = text.lowercased()
            if (lower.hasPrefix("http://") || lower.hasPrefix("https://")) {
                // Bytes, not Characters: `@` and a combining mark after it are one Character.
                let authority = text.utf8.drop { $0 != UInt8(ascii: "/") }.dropFirst(2)
                    .prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
                // RFC 3986's characters: letters, digits, `-._~`, the delimiters and `%`; any other
                // byte (a space, a control, non-ASCII) is refused as the base URL's error says.
                let urlBytes = Set("-._~:/?#[]@!$&'()*+,;=%".utf8)
                let holdsOtherBytes = text.utf8.contains { byte in
                    !(byte < 0x80 && (Character(Unicode.Scalar(byte)).isLetter || Character(Unicode.Scalar(byte)).isNumber))
                        && !urlBytes.contains(byte)
                }
                require(authority.isEmpty || authority.contains(UInt8(ascii: "@")) || authority.first == UInt8(ascii: ":")
                        || holdsOtherBytes,
                        "\(text.debugDescription) was refused")
            }
            return
        }
        require(parts.scheme == "http" || parts.scheme == "https", "scheme \(parts.scheme)")
        require(!parts.authority.isEmpty && !parts.authority.contains("@") && !parts.authority.contains("/"), "authority \(parts.authority)")
        require(!parts.path.contains("?") && !parts.path.contains("#"), "path \(parts.path)")
        guard let again = Lib.urlParts(parts.string, trimmingPath: false) else { return require(false, "\(parts.string) does not read back") }
        require(again.scheme == parts.scheme && again.authority == parts.authority && again.path == parts.path && again.query == parts.query,
                "\(text.debugDescription) → \(parts.string) → \(again)")
    }
}
