import Foundation

/// Joins a base URL, a path, path segments and query items into one URL, percent-encoding each
/// part for where it stands.
///
/// Builds the string directly rather than through `URLComponents`: it is cheaper, and
/// `URLComponents` leaves `+` unencoded in queries, which servers read as a space.
enum URLBuilder {
    /// - Parameters:
    ///   - query: the request's `queryItems`.
    ///   - parameters: items encoded from its typed query parameters, appended after `query`.
    static func url(
        base: URL, path: String, segments: [String], query: [URLQueryItem], parameters: [URLQueryItem] = []
    ) throws(BricksError) -> URL {
        // One pass over the bytes of the base URL instead of several `URL` accessors, each of which
        // parses the URL again on Linux.
        var string = base.absoluteString
        let utf8 = string.utf8
        let schemeLength: Int
        if Self.hasPrefix(utf8, "https://") {
            schemeLength = 8
        } else if Self.hasPrefix(utf8, "http://") {
            schemeLength = 7
        } else {
            throw .invalidURL("baseURL \"\(string)\" must start with http:// or https://")
        }
        let authorityStart = utf8.index(utf8.startIndex, offsetBy: schemeLength)
        let authorityEnd =
            utf8[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? utf8.endIndex
        let authority = utf8[authorityStart..<authorityEnd]
        if authority.contains(UInt8(ascii: "@")) {
            throw .invalidURL("baseURL must not contain user info (user:password@); send credentials in a header")
        }
        guard let first = authority.first, first != UInt8(ascii: ":") else {
            throw .invalidURL("baseURL \"\(string)\" has no host")
        }
        var baseQuery: Substring?
        if let hash = utf8[authorityEnd...].firstIndex(of: UInt8(ascii: "#")) { string = String(string[..<hash]) }
        if let mark = string.utf8[authorityEnd...].firstIndex(of: UInt8(ascii: "?")) {
            baseQuery = string[string.index(after: mark)...]
            string = String(string[..<mark])
        }
        let hasPath = !path.isEmpty || !segments.isEmpty
        if hasPath {
            while string.hasSuffix("/") { string.removeLast() }
        }
        if !path.isEmpty {
            if !path.hasPrefix("/") { string += "/" }
            PercentEncoding.path.append(path, to: &string)
            if !segments.isEmpty, string.hasSuffix("/") { string.removeLast() }
        }
        for segment in segments {
            string += "/"
            switch segment {
            case ".": string += "%2E"
            case "..": string += "%2E%2E"
            default: PercentEncoding.segment.append(segment, to: &string)
            }
        }
        if baseQuery != nil || !query.isEmpty || !parameters.isEmpty {
            string += "?"
            var first = true
            if let baseQuery, !baseQuery.isEmpty {
                string += baseQuery
                first = false
            }
            appendQuery(query, to: &string, first: &first)
            appendQuery(parameters, to: &string, first: &first)
        }
        guard let url = URL(string: string) else {
            throw .invalidURL("\"\(string)\" is not a valid URL")
        }
        return url
    }

    /// Whether `bytes` start with the ASCII `prefix`, ignoring case.
    private static func hasPrefix(_ bytes: String.UTF8View, _ prefix: StaticString) -> Bool {
        guard bytes.count >= prefix.utf8CodeUnitCount else { return false }
        var index = bytes.startIndex
        for offset in 0..<prefix.utf8CodeUnitCount {
            guard ASCIICase.equal(bytes[index], prefix.utf8Start[offset]) else { return false }
            index = bytes.index(after: index)
        }
        return true
    }

    /// Appends `items` as `name=value` pairs joined by `&`; an item without a value is its name alone.
    private static func appendQuery(_ items: [URLQueryItem], to string: inout String, first: inout Bool) {
        for item in items {
            if !first { string += "&" }
            first = false
            PercentEncoding.query.append(item.name, to: &string)
            if let value = item.value {
                string += "="
                PercentEncoding.query.append(value, to: &string)
            }
        }
    }
}
