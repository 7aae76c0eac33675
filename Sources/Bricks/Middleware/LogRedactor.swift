import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Renders requests and replies as text with their secrets replaced by `REDACTED`, for
/// ``LoggingMiddleware``.
struct LogRedactor: Sendable {
    /// What replaces a secret.
    static let placeholder = "REDACTED"

    /// The headers that carry credentials: never logged, recorded or sent across origins on a
    /// redirect. The one list of them in Bricks.
    static let defaultSecretHeaders: Set<String> = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"]

    /// Query items (and form fields) whose values are secrets by their usual names.
    static let defaultSecretQueryItems: Set<String> = [
        "token", "access_token", "refresh_token", "id_token", "api_key", "apikey", "key", "password",
        "secret", "client_secret", "signature", "sig",
    ]

    /// The redaction of errors and of a ``LoggingMiddleware`` with no names of its own.
    static let `default` = LogRedactor(headers: defaultSecretHeaders, queryItems: defaultSecretQueryItems)

    /// ``defaultSecretHeaders``, lowercased, as the redirect rules compare them.
    static let secretHeaders = Set(defaultSecretHeaders.map { $0.lowercased() })

    /// Lowercased header names whose values are hidden.
    let headers: Set<String>
    /// Lowercased query item (and form field) names whose values are hidden.
    let queryItems: Set<String>

    init(headers: Set<String>, queryItems: Set<String>) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.queryItems = Set(queryItems.map { $0.lowercased() })
    }

    /// The URL with secret query values and any password hidden.
    /// These rules with more secret header names.
    func adding(headers more: Set<String>) -> LogRedactor {
        LogRedactor(headers: headers.union(more), queryItems: queryItems)
    }

    func url(_ url: URL?) -> String {
        guard let url else { return "<no URL>" }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "<unreadable URL>"  // never print what we cannot redact
        }
        if components.percentEncodedPassword != nil { components.percentEncodedPassword = Self.placeholder }
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                guard item.value != nil, isSecret(queryItem: item.name) else { return item }
                return URLQueryItem(name: item.name, value: Self.placeholder)
            }
        }
        return components.string ?? "<unreadable URL>"
    }

    /// The value to show for header `name`.
    func header(_ name: String, value: String) -> String {
        headers.contains(name.lowercased()) ? Self.placeholder : value
    }

    /// `Name: value` lines, sorted by name, secrets hidden.
    func headerLines(_ fields: [String: String]) -> [String] {
        headerLines(HeaderFields(fields))
    }

    func headerLines(_ fields: HeaderFields) -> [String] {
        fields.map { "\($0.name): \(header($0.name, value: $0.value))" }
    }

    /// The request as a `curl` command line, secrets hidden. Form bodies have their secret fields
    /// hidden; other bodies are shown as they are when they are text.
    func curl(_ request: URLRequest) -> String {
        var parts = ["curl", "-X", request.httpMethod ?? "GET", Self.quoted(url(request.url))]
        for line in headerLines(request.allHTTPHeaderFields ?? [:]) {
            parts += ["-H", Self.quoted(line)]
        }
        if let body = request.httpBody, !body.isEmpty {
            if let text = String(data: body, encoding: .utf8) {
                let isForm = request.value(forHTTPHeaderField: "Content-Type")?.lowercased()
                    .hasPrefix("application/x-www-form-urlencoded") == true
                parts += ["--data-binary", Self.quoted(isForm ? form(text) : text)]
            } else {
                parts += ["--data-binary", Self.quoted("<\(body.count) bytes of binary data>")]
            }
        }
        return parts.joined(separator: " ")
    }

    private func isSecret(queryItem name: String) -> Bool {
        queryItems.contains((name.removingPercentEncoding ?? name).lowercased())
    }

    /// A form-encoded body with secret fields hidden.
    private func form(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return isSecret(queryItem: name.replacingOccurrences(of: "+", with: " "))
                ? "\(name)=\(Self.placeholder)" : String(pair)
        }.joined(separator: "&")
    }

    /// `text` in single quotes for a POSIX shell.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
