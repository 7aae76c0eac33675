import Foundation

/// Turns `Link` targets into origin-relative page links, which ``RequestHead/setPathAndQuery(_:)``
/// puts on the request.
///
/// A target is resolved by ``URLReference``, read as parts and compared with the page's origin,
/// default ports folded.
enum PageLink {
    /// `request` for the page `target` names, kept in its `pageLink`: `nil` when there is no
    /// target, or it is empty or names `page` itself (the last page). `what` names the link in errors.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` as ``originForm(of:carriedBy:what:)``.
    static func request<Request>(
        _ request: Request, _ pageLink: WritableKeyPath<Request, String?>, following target: String?, carriedBy page: URL,
        what: String
    ) throws(BricksError) -> Request? {
        guard let target, !target.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let form = try originForm(of: target, carriedBy: page, what: what)
        if form == originForm(of: page) { return nil }
        var next = request
        next[keyPath: pageLink] = form
        return next
    }

    /// The head of `request`, sent to `pageLink` (a path and query) on the origin of its base URL
    /// when it is set: what every strategy that follows page links sends.
    static func head(for request: some RequestType, body: RequestBody?, pageLink: String?) throws -> RequestHead {
        var head = try RequestBuilder.makeHead(for: request, body: body)
        if let pageLink { try head.setPathAndQuery(pageLink) }
        return head
    }

    /// The path and query of `target` resolved against `page`, after checking it stays on the
    /// origin of `page`.
    static func originForm(of target: String, carriedBy page: URL, what: String = "the rel=\"next\" link") throws(BricksError) -> String {
        guard let pageParts = try? URLParts(page.absoluteString, what: "the page's URL"),
            let resolved = resolve(target, against: pageParts, page: page)
        else {
            throw .invalidURL("\(what) <\(target)> is not a valid URL")
        }
        guard let parts = resolved, parts.origin == pageParts.origin else {
            throw .invalidURL(
                "\(what) <\(target)> leaves the origin of the page that carried it "
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
