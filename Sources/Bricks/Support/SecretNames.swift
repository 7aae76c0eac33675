/// The names whose values are secrets: never logged, never written into a recording, and (for
/// header fields) never sent to another origin on a redirect. The one list of them in Bricks;
/// an API adds its own with ``RequestType/secretHeaderNames``.
public enum SecretNames {
    /// Header fields that carry credentials.
    public static let headerFields: Set<String> = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"]

    /// Query items (and form fields) whose values are secrets by their usual names.
    public static let queryItems: Set<String> = [
        "token", "access_token", "refresh_token", "id_token", "api_key", "apikey", "key", "password",
        "secret", "client_secret", "signature", "sig",
    ]

    /// ``headerFields``, lowercased, as they are compared.
    static let lowercasedHeaderFields = lowercased(headerFields)

    /// Bricks' secret header names with an API's own, lowercased.
    static func lowercasedHeaderFields(adding more: some Sequence<String>) -> Set<String> {
        lowercasedHeaderFields.union(lowercased(more))
    }

    /// Header names as every set of secret names keeps them: lowercased once, where the set is
    /// made, so that one rule compares them (with ``isSecret(headerNamed:in:)``).
    package static func lowercased(_ names: some Sequence<String>) -> Set<String> {
        Set(names.lazy.map { $0.lowercased() })
    }

    /// Whether the header field `name`, written in any case, is one of `lowercasedNames`.
    package static func isSecret(headerNamed name: String, in lowercasedNames: Set<String>) -> Bool {
        lowercasedNames.contains(name.lowercased())
    }
}
