import Foundation

/// Joins an endpoint's base URL, path, path segments and query items into the parts of its
/// ``RequestHead``, percent-encoding each part for where it stands.
enum URLBuilder {
    /// The URL of an endpoint, as parts.
    struct Built {
        /// The URL's parts.
        var parts: URLParts
        /// The path that came from the base URL (trailing slashes taken off).
        var basePath: String
        /// How many query pairs came from the base URL.
        var baseQueryCount: Int
    }

    /// - Parameters:
    ///   - query: the request's `queryItems`.
    ///   - parameters: items encoded from its typed query parameters, appended after `query`.
    ///   - webSocket: whether the request is a WebSocket handshake, whose base URL may be `ws(s)`.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` for a base URL that is not `http(s)` (or
    ///   `ws(s)` for a handshake) with a host and no user info.
    static func build(
        base: String, path: String, segments: [String], query: [URLQueryItem], parameters: [URLQueryItem] = [],
        webSocket: Bool = false
    ) throws(BricksError) -> Built {
        var parts = try URLParts(base, what: "baseURL", webSocket: webSocket)
        var basePath = parts.path
        // Byte tests: `String.hasSuffix`/`hasPrefix` compare Characters, many times the cost.
        while basePath.utf8.last == slash { basePath.removeLast() }
        if !path.isEmpty || !segments.isEmpty { parts.path = basePath }
        if !path.isEmpty {
            if path.utf8.first != slash { parts.path += "/" }
            PercentEncoding.path.append(path, to: &parts.path)
            if !segments.isEmpty, parts.path.utf8.last == slash { parts.path.removeLast() }
        }
        for segment in segments {
            parts.path += "/"
            switch segment {
            case ".": parts.path += "%2E"
            case "..": parts.path += "%2E%2E"
            default: PercentEncoding.segment.append(segment, to: &parts.path)
            }
        }
        let baseQueryCount = parts.query.count
        if !query.isEmpty || !parameters.isEmpty {
            parts.query.reserveCapacity(baseQueryCount + query.count + parameters.count)
            for item in query { parts.query.append(URLParts.encode(item)) }
            for item in parameters { parts.query.append(URLParts.encode(item)) }
        }
        return Built(parts: parts, basePath: basePath, baseQueryCount: baseQueryCount)
    }

    private static let slash = UInt8(ascii: "/")
}
