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
        guard let scheme = base.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidURL("baseURL \"\(base.absoluteString)\" must start with http:// or https://")
        }
        guard let host = base.host, !host.isEmpty else {
            throw .invalidURL("baseURL \"\(base.absoluteString)\" has no host")
        }
        if base.user != nil || base.password != nil {
            throw .invalidURL("baseURL must not contain user info (user:password@); send credentials in a header")
        }

        var string = base.absoluteString
        var baseQuery: Substring?
        if let hash = string.firstIndex(of: "#") { string = String(string[..<hash]) }
        if let mark = string.firstIndex(of: "?") {
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
