import Foundation

/// Turns `Link` targets into origin-relative page links, which ``RequestHead/setPathAndQuery(_:)``
/// puts on the request.
///
/// A target is resolved by ``URLReference``, read as parts and compared with the page's origin,
/// default ports folded.
enum PageLink {
    /// The path and query of `target` resolved against `page`, after checking it stays on the
    /// origin of `page`.
    static func originForm(of target: String, carriedBy page: URL) throws(BricksError) -> String {
        guard let pageParts = try? URLParts(page.absoluteString, what: "the page's URL"),
            let resolved = resolve(target, against: pageParts, page: page)
        else {
            throw .invalidURL("the rel=\"next\" link <\(target)> is not a valid URL")
        }
        guard let parts = resolved, parts.origin == pageParts.origin else {
            throw .invalidURL(
                "the rel=\"next\" link <\(target)> leaves the origin of the page that carried it "
                    + "(\(page.absoluteString)); Bricks follows page links only within one origin, "
                    + "so that the request's credentials are not sent to another server")
        }
        return originForm(of: parts)
    }

    /// The percent-encoded path and query of `page`, as `/path?query`, or `nil` for a URL that is
    /// not an `http(s)` one.
    static func originForm(of page: URL) -> String? {
        (try? URLParts(page.absoluteString, what: "the page's URL")).map(originForm(of:))
    }

    /// `/path?query` of `parts`.
    private static func originForm(of parts: URLParts) -> String {
        var form = parts.path.isEmpty ? "/" : parts.path
        parts.appendQuery(to: &form)
        return form
    }

    /// The parts `target` names, seen from `page`: `nil` when it is not a URL at all, `.some(nil)`
    /// when it is one Bricks never follows (another scheme, user info).
    private static func resolve(_ target: String, against pageParts: URLParts, page: URL) -> URLParts?? {
        guard let text = URLReference.resolve(target, against: pageParts, base: page) else { return nil }
        return .some(try? URLParts(text, what: "the link"))
    }
}
