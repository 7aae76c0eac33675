import Foundation

/// A path with wildcards, as `StubTransport` routes take them: `/repos/*/*/issues`, `/files/*.json`,
/// `/api/**`.
///
/// - Segments are compared after percent-decoding both sides, so `/users/octo cat` matches
///   `/users/octo%20cat`, and an encoded slash (`a%2Fb`, in the pattern or the request) stays
///   inside one segment.
/// - `*` matches any run of characters within one segment (possibly none).
/// - A segment that is exactly `**` matches any number of segments, none included.
/// - Empty segments are ignored: a trailing slash makes no difference.
struct PathPattern: Sendable, CustomStringConvertible {
    private enum Segment: Sendable {
        case literal(String)
        /// The text between the `*`s of a segment, e.g. `["", ".json"]` for `*.json`.
        case glob([Substring])
        case anyDepth
    }

    let description: String
    private let segments: [Segment]

    init(_ pattern: String) {
        description = pattern
        segments = pattern.split(separator: "/").map { segment in
            if segment == "**" { return .anyDepth }
            if segment.contains("*") { return .glob(segment.split(separator: "*", omittingEmptySubsequences: false)) }
            return .literal(segment.removingPercentEncoding ?? String(segment))
        }
    }

    /// Whether the path of `url` matches.
    func matches(_ url: URL?) -> Bool {
        matches(Self.segments(of: url)[...], segments[...])
    }

    /// The percent-decoded, non-empty segments of a URL's path.
    static func segments(of url: URL?) -> [String] {
        guard let url else { return [] }
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
    }

    private func matches(_ path: ArraySlice<String>, _ pattern: ArraySlice<Segment>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        switch first {
        case .anyDepth:
            let rest = pattern.dropFirst()
            return path.indices.contains { matches(path[$0...], rest) } || matches([], rest)
        case .literal(let text):
            return path.first == text && matches(path.dropFirst(), pattern.dropFirst())
        case .glob(let parts):
            guard let segment = path.first, Self.glob(parts, matches: segment[...]) else { return false }
            return matches(path.dropFirst(), pattern.dropFirst())
        }
    }

    /// Whether `text` is `parts` joined by runs of any characters.
    private static func glob(_ parts: [Substring], matches text: Substring) -> Bool {
        guard let head = parts.first, let tail = parts.last, parts.count > 1,
            text.hasPrefix(head), text.dropFirst(head.count).hasSuffix(tail)
        else { return false }
        var rest = text.dropFirst(head.count).dropLast(tail.count)
        for middle in parts.dropFirst().dropLast() {
            guard let range = rest.range(of: middle) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
