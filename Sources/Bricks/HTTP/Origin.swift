import Foundation

/// Scheme, host and port of a URL, with default ports filled in: what "same origin" compares.
struct Origin: Hashable, Sendable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int

    init(_ url: URL) {
        if let parts = try? URLParts(url.absoluteString, what: "the URL") {
            self.init(scheme: parts.scheme, authority: parts.authority)
        } else {
            self.init(scheme: url.scheme ?? "", authority: url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? "")
        }
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
