import Foundation

/// Turns `Link` targets into origin-relative page links, which ``RequestHead/setPathAndQuery(_:)``
/// puts on the request.
///
/// Works on ``URLParts``: an absolute target (`https://…`, `//host/…`) or one from the root
/// (`/items?page=2`, what APIs send) is read as parts and compared with the page's origin, default
/// ports folded; only a target relative to the page's path (`items?page=2`, `?page=2`) or with dot
/// segments is resolved by Foundation, as RFC 3986 merges paths.
enum PageLink {
    /// The path and query of `target` resolved against `page`, after checking it stays on the
    /// origin of `page`.
    static func originForm(of target: String, carriedBy page: URL) throws(BricksError) -> String {
        guard let pageParts = try? URLParts(page.absoluteString, what: "the page's URL"),
            let resolved = resolve(target, against: pageParts, page: page)
        else {
            throw .invalidURL("the rel=\"next\" link <\(target)> is not a valid URL")
        }
        guard let parts = resolved, Origin(scheme: parts.scheme, authority: parts.authority) == pageParts.origin else {
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
        let text: String
        if target.hasPrefix("//") {
            text = pageParts.scheme + ":" + target
        } else if target.hasPrefix("/"), !target.contains("/.") {
            text = pageParts.scheme + "://" + pageParts.authority + target
        } else if let scheme = target.firstIndex(of: ":"), target[..<scheme].allSatisfy(isSchemeCharacter) {
            text = target  // absolute: `https://…`, or another scheme, refused below
        } else {
            guard let url = URL(string: target, relativeTo: page)?.absoluteURL else { return nil }
            text = url.absoluteString
        }
        return .some(try? URLParts(text, what: "the link"))
    }

    /// Whether `character` may stand in a URL scheme (RFC 3986: letters, digits, `+`, `-`, `.`).
    private static func isSchemeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
    }
}
