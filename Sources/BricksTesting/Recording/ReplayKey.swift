import Foundation

/// What ``ReplayTransport`` compares between a request and a recording: the method, the path
/// (percent-encoding normalized as RFC 3986 §6.2.2 does) and the query items in any order.
/// Scheme, host and port are not compared.
struct ReplayKey: Sendable {
    struct QueryItem: Equatable, Sendable {
        let name: String
        let value: String?
    }

    let method: String
    let path: String
    let query: [QueryItem]

    /// A key from a method and a target such as `/search?q=swift&page=2`.
    init(method: String, target: String) {
        self.method = method.uppercased()
        let target = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = Self.normalizedPath(parts.first ?? "")
        query = parts.count > 1 ? Self.queryItems(parts[1]) : []
    }

    /// Whether a request with this key is answered by a recording with key `recorded`. A recorded
    /// query value of `REDACTED` matches any value.
    func isAnswered(by recorded: ReplayKey) -> Bool {
        method == recorded.method && path == recorded.path && queryIsAnswered(by: recorded.query)
    }

    private func queryIsAnswered(by recorded: [QueryItem]) -> Bool {
        guard query.count == recorded.count else { return false }
        var unpaired = query
        let (wildcards, exact) = recorded.partitioned { $0.value == Redaction.replacement }
        for item in exact {
            guard let index = unpaired.firstIndex(of: item) else { return false }
            unpaired.remove(at: index)
        }
        for item in wildcards {
            guard let index = unpaired.firstIndex(where: { $0.name == item.name }) else { return false }
            unpaired.remove(at: index)
        }
        return true
    }

    /// The parts in which `recorded` differs: "method", "path", "query".
    func differences(from recorded: ReplayKey) -> [String] {
        var parts: [String] = []
        if method != recorded.method { parts.append("method") }
        if path != recorded.path { parts.append("path") }
        if !queryIsAnswered(by: recorded.query) { parts.append("query") }
        return parts
    }

    /// How close `recorded` is, for naming the nearest recording: more leading path segments in
    /// common first, then as many segments (`/users/2` is nearer `/users/1` than `/users`), then
    /// the same method, then fewer edits between the two targets.
    func closeness(to recorded: ReplayKey) -> (Int, Int, Int, Int) {
        let mine = path.split(separator: "/")
        let theirs = recorded.path.split(separator: "/")
        let common = zip(mine, theirs).prefix { $0 == $1 }.count
        let edits = Self.editDistance(Array(describedTarget.utf8), Array(recorded.describedTarget.utf8))
        return (common, mine.count == theirs.count ? 1 : 0, method == recorded.method ? 1 : 0, -edits)
    }

    private var describedTarget: String {
        query.isEmpty ? path : path + "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
    }

    /// The path with escapes of unreserved characters decoded, other escapes in uppercase, and
    /// characters that a path cannot hold escaped.
    static func normalizedPath(_ path: Substring) -> String {
        let bytes = Array(path.utf8)
        var result = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let escaped = Hex.byte(bytes[index + 1], bytes[index + 2])
            {
                result += isUnreserved(escaped) ? String(UnicodeScalar(escaped)) : Hex.percentEscape(escaped)
                index += 3
            } else {
                let keeps = isUnreserved(byte) || pathSymbols.contains(byte)
                result += keeps ? String(UnicodeScalar(byte)) : Hex.percentEscape(byte)
                index += 1
            }
        }
        return result.isEmpty ? "/" : result
    }

    /// The query's items, names and values percent-decoded (`+` is kept as it is).
    static func queryItems(_ query: Substring) -> [QueryItem] {
        query.split(separator: "&").map { item in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in text.removingPercentEncoding ?? String(text) }
            return QueryItem(name: decode(pair[0]), value: pair.count > 1 ? decode(pair[1]) : nil)
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Sub-delimiters, `:`, `@` and `/`: the characters besides unreserved ones a path holds as they are.
    private static let pathSymbols = Set("!$&'()*+,;=:@/".utf8)

    /// The Levenshtein distance between two byte strings.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension Array {
    /// The elements for which `isFirst` is true, and the others, each in order.
    fileprivate func partitioned(by isFirst: (Element) -> Bool) -> ([Element], [Element]) {
        (filter(isFirst), filter { !isFirst($0) })
    }
}
