import Foundation

/// Joins a base URL, a path, path segments and query items into one URL, percent-encoding each
/// part for where it stands.
///
/// Builds the string directly rather than through `URLComponents`: it is cheaper, and
/// `URLComponents` leaves `+` unencoded in queries, which servers read as a space.
enum URLBuilder {
    /// Characters left as they are in a `path`: RFC 3986 `pchar` plus `/`.
    static let pathAllowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        set.insert(charactersIn: "!$&'()*+,;=:@/")
        return set
    }()

    /// Characters left as they are in one path segment: `pchar` without `/`.
    static let segmentAllowed: CharacterSet = {
        var set = pathAllowed
        set.remove("/")
        return set
    }()

    /// Characters left as they are in a query name or value: unreserved plus a few safe delimiters.
    /// `&`, `=`, `+`, `;`, `#`, `%` and brackets are encoded.
    static let queryAllowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        set.insert(charactersIn: "!$'()*,:@/?")
        return set
    }()

    static func url(base: URL, path: String, segments: [String], query: [URLQueryItem]) throws(BricksError) -> URL {
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
            string += try encode(path, allowed: pathAllowed, part: "path")
            if !segments.isEmpty, string.hasSuffix("/") { string.removeLast() }
        }
        for segment in segments {
            string += "/"
            switch segment {
            case ".": string += "%2E"
            case "..": string += "%2E%2E"
            default: string += try encode(segment, allowed: segmentAllowed, part: "path segment")
            }
        }
        if baseQuery != nil || !query.isEmpty {
            string += "?"
            if let baseQuery { string += baseQuery }
            var first = baseQuery?.isEmpty ?? true
            for item in query {
                if !first { string += "&" }
                first = false
                string += try encode(item.name, allowed: queryAllowed, part: "query name")
                if let value = item.value {
                    string += "="
                    string += try encode(value, allowed: queryAllowed, part: "query value")
                }
            }
        }
        guard let url = URL(string: string) else {
            throw .invalidURL("\"\(string)\" is not a valid URL")
        }
        return url
    }

    /// Percent-encodes `string`, skipping the work when every character is allowed already.
    static func encode(_ string: String, allowed: CharacterSet, part: String) throws(BricksError) -> String {
        if string.utf8.allSatisfy({ $0 < 0x80 && allowed.contains(Unicode.Scalar($0)) }) { return string }
        guard let encoded = string.addingPercentEncoding(withAllowedCharacters: allowed) else {
            throw .invalidURL("the \(part) \"\(string)\" cannot be percent-encoded")
        }
        return encoded
    }
}
