import Foundation

/// What a request says before its body: the method, the URL as its parts and the header fields.
/// Bricks' own value, as ``ResponseHead`` is for the response: endpoints build it,
/// middleware and proxies edit it, transports send it.
///
/// The URL is kept as its parts (scheme, authority, percent-encoded path, query items); a Foundation
/// `URL` is made from them only when asked for (``url``: the URLSession bridge, a log line), so
/// that building a request and editing one part (a page's query, a next link, another base URL)
/// never parses a URL string, and a transport that sends parts (AsyncHTTPClient) needs none.
///
/// ```swift
/// var head = try RequestHead(method: .get, url: URL(string: "https://api.example.com/items")!)
/// head.headerFields["Accept"] = "application/json"
/// try head.setQueryItems([URLQueryItem(name: "page", value: "2")])
/// head.url   // Optional(https://api.example.com/items?page=2)
/// ```
public struct RequestHead: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The header fields, in order, repeated names kept.
    public var headerFields: HeaderFields
    /// Where the request goes: the URL's parts, in one immutable object, so that handing a head
    /// down the stack copies three values, not ten.
    private var location: Location

    /// A head for `url`.
    /// - Parameters:
    ///   - method: the method. Default: `GET`.
    ///   - url: an absolute `http` or `https` URL with a host and no user info; its fragment is
    ///     dropped (it is never sent).
    ///   - headerFields: the header fields. Default: none.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` for any other URL.
    public init(method: HTTPMethod = .get, url: URL, headerFields: HeaderFields = [:]) throws(BricksError) {
        let parts = try URLParts(url.absoluteString, what: "the URL")
        self.init(method: method, parts: parts, headerFields: headerFields)
    }

    /// A head from parts already checked and encoded.
    /// - Parameters:
    ///   - basePath: the part of the path that came from the endpoint's base URL, when known.
    ///   - baseQueryCount: how many of the first query pairs came from the base URL.
    init(
        method: HTTPMethod, parts: URLParts, headerFields: HeaderFields, basePath: String? = nil,
        baseQueryCount: Int = 0
    ) {
        self.method = method
        self.headerFields = headerFields
        location = Location(parts, basePath: basePath, baseQueryCount: baseQueryCount)
    }

    /// `http` or `https`, lowercased.
    public var scheme: String { location.parts.scheme }
    /// The host, with the port when the URL names one (`localhost:8080`); never user info.
    public var authority: String { location.parts.authority }
    /// The path, percent-encoded as it is sent (`/repos/apple/swift`); empty for a URL without one.
    public var path: String { location.parts.path }
    /// The URL of the parts above, made by Foundation each time it is read: on the request path
    /// only where a client needs one (the URLSession bridge, AsyncHTTPClient's whole-body path),
    /// and by middleware that report it (metrics, the cache's key); logs and errors use the
    /// parts' text.
    ///
    /// The parts are checked where text enters a head (a base URL, a redirect's or a page link's
    /// target) and encoded where values do, so Foundation takes them; `nil` only were it ever to
    /// refuse them (no URL is made up in its place), and then transports refuse to send the head.
    public var url: URL? { try? location.parts.url() }

    /// The URL of the parts, for a transport or a response head: never a URL made up in its place.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when Foundation does not take the parts.
    public func makeURL() throws(BricksError) -> URL { try location.parts.url() }

    /// The URL's text: the parts joined, without a round trip through Foundation.
    public var urlString: String { location.parts.string }

    /// The request target as an HTTP/1.1 request line carries it: the path (`/` when empty) and
    /// the query, percent-encoded, such as `/search?q=a%20b`. What HTTP/2's `:path` holds.
    public var target: String {
        var target = path.isEmpty ? "/" : path
        location.parts.appendQuery(to: &target)
        return target
    }

    /// The query items in order, decoded. Set with ``setQueryItems(_:)``, which percent-encodes
    /// each name and value so that `&`, `=`, `+`, `#` and spaces arrive as written.
    public var queryItems: [URLQueryItem] { location.parts.query.map(URLParts.decode) }

    /// Replaces the query items.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` if the URL cannot be built (it always can
    ///   from encoded items; the error is for completeness).
    public mutating func setQueryItems(_ items: [URLQueryItem]) throws(BricksError) {
        var parts = location.parts
        parts.query = items.map(URLParts.encode)
        location = location.replacing(parts, baseQueryCount: 0)
    }

    /// Puts `items` in the query in place of any items of the same names (a page number, a
    /// cursor), after the others.
    /// - Throws: as ``setQueryItems(_:)``.
    public mutating func replaceQueryItems(with items: [URLQueryItem]) throws(BricksError) {
        let names = Set(items.map(\.name))
        let isKept = { (pair: Substring) in !names.contains(URLParts.decode(pair).name) }
        var parts = location.parts
        let keptFromBase = parts.query.prefix(location.baseQueryCount).filter(isKept).count
        parts.query = parts.query.filter(isKept) + items.map(URLParts.encode)
        location = location.replacing(parts, baseQueryCount: keptFromBase)
    }

    /// Points the request at `url` (a redirect's target, say): every part of the URL is replaced.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` unless `url` is an absolute `http` or
    ///   `https` URL with a host and no user info.
    public mutating func setURL(_ url: URL) throws(BricksError) {
        setLocation(try URLParts(url.absoluteString, what: "the URL"))
    }

    /// Sends the request to `parts`, a URL already taken apart (and so checked) by ``URLParts``.
    mutating func setLocation(_ parts: URLParts) {
        location = Location(parts)
    }

    /// Replaces the path and query with `pathAndQuery` (`/items?page=2`, percent-encoded, as a
    /// `Link` header gives it), on the same scheme and authority.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when it is not a path starting with `/`.
    mutating func setPathAndQuery(_ pathAndQuery: String) throws(BricksError) {
        guard pathAndQuery.hasPrefix("/"), !pathAndQuery.contains("#") else {
            throw .invalidURL("pageLink must be a path and query such as \"/items?page=2\", not \"\(pathAndQuery)\"")
        }
        let parts = try URLParts(scheme + "://" + authority + pathAndQuery, what: "pageLink \"\(pathAndQuery)\"")
        try Self.checkParsable(parts)
        location = Location(parts, followsPageLink: true)
    }

    /// Sends the request to `base`, the parts of the URL `newBase` (its path's trailing slashes
    /// taken off), instead of `oldBase`, the base URL it was built on: the scheme and authority
    /// are replaced, and the start of the path and query that came from `oldBase` by `base`'s. A
    /// head that follows a page link (which already names the full path on the server that sent
    /// it) keeps its path and query.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when a head built by hand does not start
    ///   with `oldBase`.
    mutating func rebase(from oldBase: String, to base: URLParts) throws(BricksError) {
        var parts = location.parts
        parts.scheme = base.scheme
        parts.authority = base.authority
        guard !location.followsPageLink else {
            location = Location(parts, followsPageLink: true)
            return
        }
        var (oldPath, oldQueryCount) = (location.basePath ?? "", location.baseQueryCount)
        if location.basePath == nil { (oldPath, oldQueryCount) = try startOf(oldBase) }
        parts.path = base.path + path.dropFirst(oldPath.count)
        parts.query = base.query + parts.query.dropFirst(oldQueryCount)
        location = Location(parts, basePath: base.path, baseQueryCount: base.query.count)
    }

    /// How much of a head built by hand came from `base`: its path, and its query pairs.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when the head does not start with `base`.
    private func startOf(_ base: String) throws(BricksError) -> (path: String, queryCount: Int) {
        let old = try URLParts(base, what: "baseURL", trimmingPath: true)
        let rest = path.dropFirst(old.path.count)
        guard old.origin == origin, path.hasPrefix(old.path),
            rest.isEmpty || rest.hasPrefix("/")
        else {
            throw .invalidURL(
                "with(baseURL:) cannot re-point \"\(urlString)\": it does not start with the base's baseURL \"\(base)\"")
        }
        let queryCount = location.parts.query.starts(with: old.query) ? old.query.count : 0
        return (old.path, queryCount)
    }

    /// Whether the request may be repeated or merged safely: its method is idempotent, or it
    /// carries an `Idempotency-Key` header. Where ``CallContext/isIdempotent`` starts.
    var isIdempotent: Bool { method.isIdempotent || headerFields.contains("Idempotency-Key") }

    /// The origin (scheme, host, port) the request goes to.
    var origin: Origin { location.parts.origin }

    /// Whether two heads send the same method, URL and header fields.
    public static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
        lhs.method == rhs.method && lhs.location.parts == rhs.location.parts && lhs.headerFields == rhs.headerFields
    }

    /// Hashes the method, URL and header fields.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(location.parts)
        hasher.combine(headerFields)
    }

    /// Checks that Foundation takes the text of `parts` as a URL: for text that entered from
    /// outside (a page link), once, where it enters.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when it does not.
    static func checkParsable(_ parts: URLParts) throws(BricksError) {
        _ = try parts.url()
    }

    /// The URL's parts, never changed once made: an edit makes a new one.
    private final class Location: Sendable {
        let parts: URLParts
        /// The part of the path that came from the endpoint's base URL, when the builder knows
        /// it: how a base-URL override swaps the server without re-parsing the URL.
        let basePath: String?
        /// How many of the first query pairs came from the base URL's own query.
        let baseQueryCount: Int
        /// Whether the path and query were replaced whole by a page link.
        let followsPageLink: Bool

        init(
            _ parts: URLParts, basePath: String? = nil, baseQueryCount: Int = 0,
            followsPageLink: Bool = false
        ) {
            self.parts = parts
            self.basePath = basePath
            self.baseQueryCount = baseQueryCount
            self.followsPageLink = followsPageLink
        }

        /// The same location with other parts (a new query).
        func replacing(_ parts: URLParts, baseQueryCount: Int) -> Location {
            Location(
                parts, basePath: basePath, baseQueryCount: baseQueryCount,
                followsPageLink: followsPageLink)
        }
    }
}
