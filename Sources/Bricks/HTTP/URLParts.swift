import Foundation

/// An `http(s)` URL as the parts a ``RequestHead`` keeps, taken apart from a URL string (a base
/// URL, a redirect's or a `Link` page's target) and put together again.
///
/// Works on the string's bytes rather than through `URLComponents`: it is cheaper, and
/// `URLComponents` leaves `+` unencoded in queries, which servers read as a space.
struct URLParts: Sendable, Hashable {
    /// `http` or `https`, lowercased.
    var scheme: String
    /// Host and port as written, without user info.
    var authority: String
    /// The percent-encoded path.
    var path: String
    /// The query's `name=value` pairs, percent-encoded.
    var query: [Substring]

    init(scheme: String, authority: String, path: String, query: [Substring]) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
    }

    /// The parts of `string`, an absolute URL; its fragment is dropped.
    /// - Parameters:
    ///   - what: what the URL is, for errors (`"baseURL"`).
    ///   - trimmingPath: whether trailing slashes are taken off the path (a base URL's, to which
    ///     paths are appended).
    ///   - webSocket: whether the URL is a WebSocket endpoint's, which may also start with `ws://`
    ///     or `wss://`: kept as `http` and `https`, the handshake's own schemes, which the transport
    ///     connects to as `ws` and `wss`.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` unless `string` is an `http` or `https` URL
    ///   (or `ws`, `wss`) with a host and no user info.
    init(_ string: String, what: String, trimmingPath: Bool = false, webSocket: Bool = false) throws(BricksError) {
        let utf8 = string.utf8
        let schemeLength: Int
        if Self.hasPrefix(utf8, "https://") {
            scheme = "https"
            schemeLength = 8
        } else if Self.hasPrefix(utf8, "http://") {
            scheme = "http"
            schemeLength = 7
        } else if let secure = Self.webSocketScheme(utf8) {
            guard webSocket else {
                let http = (secure ? "https" : "http") + string.dropFirst(secure ? 3 : 2)
                throw .invalidURL(
                    "\(what) \"\(string)\" is a WebSocket URL, for a WebSocketEndpoint; an HTTP endpoint's starts with http:// or https:// (\"\(http)\")")
            }
            scheme = secure ? "https" : "http"
            schemeLength = secure ? 6 : 5
        } else {
            throw .invalidURL("\(what) \"\(string)\" must start with \(webSocket ? "ws://, wss://, " : "")http:// or https://")
        }
        if let bad = utf8.first(where: { !Self.isURLByte($0) }) {
            let character = bad == UInt8(ascii: " ") ? "a space" : bad < 0x80 ? "the character \(Unicode.Scalar(bad).escaped(asASCII: true))" : "a character outside ASCII"
            throw .invalidURL(
                "\(what) \"\(string)\" contains \(character), which a URL cannot hold; percent-encode it (a space is %20)")
        }
        let authorityStart = utf8.index(utf8.startIndex, offsetBy: schemeLength)
        let authorityEnd =
            utf8[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
            ?? utf8.endIndex
        let authority = string[authorityStart..<authorityEnd]
        if authority.utf8.contains(UInt8(ascii: "@")) {
            throw .invalidURL("\(what) must not contain user info (user:password@); send credentials in a header")
        }
        guard let first = authority.utf8.first, first != UInt8(ascii: ":") else {
            throw .invalidURL("\(what) \"\(string)\" has no host")
        }
        self.authority = String(authority)
        var rest = string[authorityEnd...]
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.index(after: mark)...].split(separator: "&")
            rest = rest[..<mark]
        } else {
            query = []
        }
        if trimmingPath {
            while rest.utf8.last == UInt8(ascii: "/") { rest = rest.dropLast() }
        }
        path = String(rest)
    }

    /// `http` or `https` when `string` starts with one of them (in any case), else `nil`: whether
    /// a URL is one an HTTP request may go to at all, before its other parts are checked.
    static func scheme(of string: String) -> String? {
        hasPrefix(string.utf8, "https://") ? "https" : hasPrefix(string.utf8, "http://") ? "http" : nil
    }

    /// Whether `byte` may stand in a URL as written (RFC 3986: letters, digits, the unreserved
    /// `-._~`, the delimiters `:/?#[]@!$&'()*+,;=`, and `%`). A switch, not a set: it runs on every
    /// byte of every base URL a request is built on.
    private static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "&")...UInt8(ascii: ";"),  // & ' ( ) * + , - . / 0-9 : ;
            UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "="),
            UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// The origin (scheme, host, port) of the URL.
    var origin: Origin { Origin(scheme: scheme, authority: authority) }

    /// The URL's text.
    var string: String {
        var string = scheme
        string += "://"
        string += authority
        string += path
        appendQuery(to: &string)
        return string
    }

    /// Appends `?` and the query's pairs joined by `&`, when there are any.
    func appendQuery(to string: inout String) {
        guard let first = query.first else { return }
        string += "?"
        string += first
        for pair in query.dropFirst() {
            string += "&"
            string += pair
        }
    }

    /// The URL.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when Foundation does not take the text as a URL.
    func url() throws(BricksError) -> URL {
        let string = string
        guard let url = URL(string: string) else { throw .invalidURL("\"\(string)\" is not a valid URL") }
        return url
    }

    /// `item` as an encoded `name=value` pair (the name alone when it has no value).
    static func encode(_ item: URLQueryItem) -> Substring {
        var pair = ""
        PercentEncoding.query.append(item.name, to: &pair)
        if let value = item.value {
            pair += "="
            PercentEncoding.query.append(value, to: &pair)
        }
        return Substring(pair)
    }

    /// An encoded pair as a query item, decoded (a pair that is not valid percent-encoding is
    /// kept as written).
    static func decode(_ pair: Substring) -> URLQueryItem {
        guard let equals = pair.firstIndex(of: "=") else { return URLQueryItem(name: decoded(pair), value: nil) }
        return URLQueryItem(name: decoded(pair[..<equals]), value: decoded(pair[pair.index(after: equals)...]))
    }

    private static func decoded(_ text: Substring) -> String {
        String(text).removingPercentEncoding ?? String(text)
    }

    /// Whether `bytes` start with `wss://` (true) or `ws://` (false), ignoring case; nil for neither.
    private static func webSocketScheme(_ bytes: String.UTF8View) -> Bool? {
        hasPrefix(bytes, "wss://") ? true : hasPrefix(bytes, "ws://") ? false : nil
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
}
