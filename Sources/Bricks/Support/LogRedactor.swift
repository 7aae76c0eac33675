import Foundation

/// Renders requests and replies as text with their secrets replaced by `REDACTED`, for
/// ``LoggingMiddleware``.
struct LogRedactor: Sendable {
    /// What replaces a secret.
    static let placeholder = SecretRedaction.placeholder

    /// The redaction of errors and of a ``LoggingMiddleware`` with no names of its own.
    static let `default` = LogRedactor(headers: SecretNames.headerFields, queryItems: SecretNames.queryItems)

    /// Lowercased header names whose values are hidden.
    let headers: Set<String>
    /// The secret query item (and form field) names, and how their values are hidden.
    let queryItems: SecretRedaction

    init(headers: Set<String>, queryItems: Set<String>) {
        self.headers = SecretNames.lowercased(headers)
        self.queryItems = SecretRedaction(parameterNames: queryItems)
    }

    private init(headers: Set<String>, queryItems: SecretRedaction) {
        self.headers = headers
        self.queryItems = queryItems
    }

    /// These rules with more secret header names (lowercased).
    func adding(headers more: Set<String>) -> LogRedactor {
        if more.isSubset(of: headers) { return self }
        return LogRedactor(headers: headers.union(more), queryItems: queryItems)
    }

    /// The URL with secret query values and any password hidden.
    func url(_ url: URL?) -> String {
        guard let url else { return "<no URL>" }
        return self.url(url.absoluteString)
    }

    /// The URL's text with secret query values and any password hidden.
    func url(_ text: String) -> String {
        queryItems.redacting(text, in: .query)
    }

    /// The value to show for header `name`.
    func header(_ name: String, value: String) -> String {
        SecretNames.isSecret(headerNamed: name, in: headers) ? Self.placeholder : value
    }

    func headerLines(_ fields: HeaderFields) -> [String] {
        fields.map { "\($0.name): \(header($0.name, value: $0.value))" }
    }

    /// The request as a `curl` command line, secrets hidden. Form bodies have their secret fields
    /// hidden; other bodies are shown as they are when they are text.
    func curl(_ head: RequestHead, body: RequestBody?) -> String {
        var parts = ["curl", "-X", head.method.rawValue, Self.quoted(url(head.urlString))]
        for line in headerLines(head.headerFields) {
            parts += ["-H", Self.quoted(line)]
        }
        if let fileURL = body?.fileURL {
            parts += ["--data-binary", Self.quoted("@" + fileURL.path)]
        } else if let body, body.data == nil {
            parts += ["--data-binary", Self.quoted("<a stream of \(body.length.map { "\($0) bytes" } ?? "unknown length")>")]
        } else if let data = body?.data, !data.isEmpty {
            if let text = String(data: data, encoding: .utf8) {
                let isForm = head.headerFields["Content-Type"]?.lowercased()
                    .hasPrefix("application/x-www-form-urlencoded") == true
                parts += ["--data-binary", Self.quoted(isForm ? form(text) : text)]
            } else {
                parts += ["--data-binary", Self.quoted("<\(data.count) bytes of binary data>")]
            }
        }
        return parts.joined(separator: " ")
    }

    /// A form-encoded body with secret fields hidden.
    private func form(_ text: String) -> String {
        queryItems.redacting(text, in: .form)
    }

    /// `text` in single quotes for a POSIX shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
