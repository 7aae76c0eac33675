import Foundation

/// Turns `Link` targets into origin-relative page links, which ``RequestHead/setPathAndQuery(_:)``
/// puts on the request.
enum PageLink {
    /// The path and query of `target` resolved against `page`, after checking it stays on the
    /// origin of `page`.
    static func originForm(of target: String, carriedBy page: URL) throws(BricksError) -> String {
        guard let url = URL(string: target, relativeTo: page)?.absoluteURL else {
            throw .invalidURL("the rel=\"next\" link <\(target)> is not a valid URL")
        }
        guard isWebURL(url), Origin(url) == Origin(page), url.user == nil, url.password == nil else {
            throw .invalidURL(
                "the rel=\"next\" link <\(target)> leaves the origin of the page that carried it "
                    + "(\(page.absoluteString)); Bricks follows page links only within one origin, "
                    + "so that the request's credentials are not sent to another server")
        }
        return originForm(of: url)
    }

    /// The percent-encoded path and query of `url`, as `/path?query`.
    static func originForm(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery
        return (path.isEmpty ? "/" : path) + (query.map { "?" + $0 } ?? "")
    }

    /// Whether `url` is an http(s) URL with a host.
    static func isWebURL(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return (scheme == "http" || scheme == "https") && !(url.host ?? "").isEmpty
    }
}
