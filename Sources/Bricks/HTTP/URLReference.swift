import Foundation

/// Resolves a URL reference — a redirect's `Location`, a `Link` target, a `Content-Location` —
/// against the URL of the reply that carried it: the one rule, for redirects, page links and the
/// cache alike.
///
/// An absolute reference (`https://…`), a network-path one (`//host/…`) and one from the root
/// (`/items?page=2`, what servers send) are joined from the base's parts; only a reference
/// relative to the base's path (`items?page=2`, `?page=2`) or holding dot segments is resolved by
/// Foundation, as RFC 3986 merges paths.
enum URLReference {
    /// The absolute URL text `reference` names, seen from `base` (whose parts are `baseParts`), or
    /// `nil` when it is not a URL at all. Another scheme is returned as it is, for the caller to
    /// refuse.
    static func resolve(_ reference: String, against baseParts: URLParts, base: URL) -> String? {
        if reference.hasPrefix("//") { return baseParts.scheme + ":" + reference }
        if reference.hasPrefix("/"), !reference.contains("/.") {
            return baseParts.scheme + "://" + baseParts.authority + reference
        }
        if let colon = reference.firstIndex(of: ":"), reference[..<colon].allSatisfy(isSchemeCharacter) {
            return reference
        }
        return URL(string: reference, relativeTo: base)?.absoluteURL.absoluteString
    }

    /// The same, for a base known only as a `URL`: `nil` also when the base is not an `http(s)` URL.
    static func resolve(_ reference: String, against base: URL) -> String? {
        guard let parts = try? URLParts(base.absoluteString, what: "the base URL") else { return nil }
        return resolve(reference, against: parts, base: base)
    }

    /// Whether `character` may stand in a URL scheme (RFC 3986: letters, digits, `+`, `-`, `.`).
    private static func isSchemeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
    }
}
