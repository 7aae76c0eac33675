import Foundation

/// Scheme, host and port of a URL, with default ports filled in: what "same origin" compares.
struct Origin: Hashable, Sendable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int

    /// The origin of an `http(s)` URL, read as parts as every origin is; `nil` for any other URL
    /// (it has no origin Bricks compares).
    init?(_ url: URL) {
        guard let parts = try? URLParts(url.absoluteString, what: "the URL") else { return nil }
        self = parts.origin
    }

    /// The origin of a scheme and an authority (`host` or `host:port`, IPv6 hosts in brackets).
    init(scheme: String, authority: String) {
        self.scheme = scheme.lowercased()
        var host = Substring(authority)
        var port: Int?
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") {
            port = Int(host[host.index(after: colon)...])
            host = host[..<colon]
        }
        self.host = host.lowercased()
        self.port = port ?? (self.scheme == "https" ? 443 : 80)
    }

    /// `scheme://host:port`, the port made explicit.
    var description: String { "\(scheme)://\(host):\(port)" }
}
