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
        var text = string
        let layout = text.withUTF8 { Layout($0) }  // no copy for a native string: its bytes are contiguous
        switch layout.scheme {
        case .https: scheme = "https"
        case .http: scheme = "http"
        case .webSocket(let secure):
            guard webSocket else {
                let http = (secure ? "https" : "http") + string.dropFirst(secure ? 3 : 2)
                throw .invalidURL(
                    "\(what) \"\(string)\" is a WebSocket URL, for a WebSocketEndpoint; an HTTP endpoint's starts with http:// or https:// (\"\(http)\")")
            }
            scheme = secure ? "https" : "http"
        case nil:
            throw .invalidURL("\(what) \"\(string)\" must start with \(webSocket ? "ws://, wss://, " : "")http:// or https://")
        }
        if let bad = layout.invalidByte {
            let character = bad == UInt8(ascii: " ") ? "a space" : bad < 0x80 ? "the character \(Unicode.Scalar(bad).escaped(asASCII: true))" : "a character outside ASCII"
            throw .invalidURL(
                "\(what) \"\(string)\" contains \(character), which a URL cannot hold; percent-encode it (a space is %20)")
        }
        if layout.hasUserInfo {
            throw .invalidURL("\(what) must not contain user info (user:password@); send credentials in a header")
        }
        guard layout.hasHost else { throw .invalidURL("\(what) \"\(string)\" has no host") }
        // Every byte is ASCII now, so each offset is a character boundary.
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        authority = String(text[index(layout.authority.lowerBound)..<index(layout.authority.upperBound)])
        query = layout.query.map { text[index($0.lowerBound)..<index($0.upperBound)].split(separator: "&") } ?? []
        let pathEnd = trimmingPath ? layout.pathWithoutTrailingSlashes : layout.path.upperBound
        path = String(text[index(layout.path.lowerBound)..<index(pathEnd)])
    }

    /// Where the parts of a URL string lie, as byte offsets, found on its contiguous bytes: a
    /// `String`'s own views cost tens of instructions a byte, and every request's base URL is read.
    private struct Layout {
        enum Scheme { case http, https, webSocket(secure: Bool) }
        var scheme: Scheme?
        /// The first byte that may not stand in a URL as written.
        var invalidByte: UInt8?
        var authority: Range<Int> = 0..<0
        var hasUserInfo = false
        var hasHost = false
        /// The path, up to the query or the fragment.
        var path: Range<Int> = 0..<0
        /// The path without its trailing slashes, as a base URL's is kept: its end.
        var pathWithoutTrailingSlashes = 0
        /// The query, without its `?`, when there is one.
        var query: Range<Int>?

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            let schemeLength: Int
            if URLParts.hasPrefix(bytes, "https://") {
                (scheme, schemeLength) = (.https, 8)
            } else if URLParts.hasPrefix(bytes, "http://") {
                (scheme, schemeLength) = (.http, 7)
            } else if URLParts.hasPrefix(bytes, "wss://") {
                (scheme, schemeLength) = (.webSocket(secure: true), 6)
            } else if URLParts.hasPrefix(bytes, "ws://") {
                (scheme, schemeLength) = (.webSocket(secure: false), 5)
            } else {
                return
            }
            invalidByte = bytes.first { !URLParts.isURLByte($0) }
            guard invalidByte == nil else { return }
            var end = schemeLength
            while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
                bytes[end] != UInt8(ascii: "#")
            {
                if bytes[end] == UInt8(ascii: "@") { hasUserInfo = true }
                end += 1
            }
            authority = schemeLength..<end
            hasHost = end > schemeLength && bytes[schemeLength] != UInt8(ascii: ":")
            let fragment = bytes[end...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            let mark = bytes[end..<fragment].firstIndex(of: UInt8(ascii: "?"))
            path = end..<(mark ?? fragment)
            query = mark.map { ($0 + 1)..<fragment }
            pathWithoutTrailingSlashes = path.upperBound
            while pathWithoutTrailingSlashes > end, bytes[pathWithoutTrailingSlashes - 1] == UInt8(ascii: "/") {
                pathWithoutTrailingSlashes -= 1
            }
        }
    }

    /// `http` or `https` when `string` starts with one of them (in any case), else `nil`: whether
    /// a URL is one an HTTP request may go to at all, before its other parts are checked.
    static func scheme(of string: String) -> String? {
        hasPrefix(string, "https://") ? "https" : hasPrefix(string, "http://") ? "http" : nil
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

    /// Whether `bytes` start with the ASCII `prefix`, ignoring case.
    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        return bytes.count >= count
            && ASCIICase.equal(UnsafeBufferPointer(rebasing: bytes[..<count]), UnsafeBufferPointer(start: prefix.utf8Start, count: count))
    }

    /// Whether `text` starts with the ASCII `prefix`, ignoring case.
    private static func hasPrefix(_ text: String, _ prefix: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { hasPrefix($0, prefix) }
    }
}
