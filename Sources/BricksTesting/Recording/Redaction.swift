import Bricks
import Foundation

/// Which secrets ``RecordingTransport`` replaces with `REDACTED` before it writes a fixture.
///
/// By default: the names logs hide too (`SecretNames` in Bricks): the `Authorization`,
/// `Proxy-Authorization`, `Cookie` and `Set-Cookie` headers, and the parameters named like
/// tokens, keys, passwords and signatures (`access_token`, `api_key`, `client_secret`, `key`,
/// `sig`…). A call through a
/// ``/Bricks/Session`` also redacts the headers its endpoint declares in
/// `RequestType.secretHeaderNames`, without their being named here. Add the other names your API
/// uses:
///
/// ```swift
/// let redaction = Redaction(headers: ["X-Api-Key"], parameters: ["signature"])
/// ```
///
/// A redacted header keeps its name and loses its value, in requests and replies. A redacted
/// parameter loses its value wherever it appears as `name=value`: in the recorded path's query, in
/// URLs inside header values (`Location`, `Link`), and in form-encoded request bodies.
///
/// JSON bodies, of requests and replies, at any depth: an object member named like a redacted
/// header or parameter loses its value (so an echoed `"Authorization": "Bearer …"` is written as
/// `"REDACTED"`), and in every string a redacted parameter's `name=value` and the password of a
/// URL (`https://user:password@host`) are replaced. Names compare without regard to case. Not
/// redacted: secrets in bodies that are neither JSON nor form-encoded (text, XML, binary), and
/// values under names Bricks does not know are secret — add those names.
///
/// Replay treats a recorded query value of `REDACTED` as matching any value, so a fixture recorded
/// with a real key still answers requests that carry a different one.
public struct Redaction: Sendable {
    /// What a redacted value is replaced with.
    public static let replacement = "REDACTED"
    /// The headers redacted by default.
    public static let defaultHeaderNames: Set<String> = SecretNames.headerFields
    /// The parameters redacted by default: those logs hide.
    public static let defaultParameterNames: Set<String> = SecretNames.queryItems

    /// The header names whose values are redacted.
    public var headerNames: Set<String>
    /// The query parameter, form field and JSON member names whose values are redacted.
    public var parameterNames: Set<String>

    /// Redacts the default names and these.
    /// - Parameters:
    ///   - headers: more header names to redact. Default: none.
    ///   - parameters: more parameter names to redact. Default: none.
    public init(headers: Set<String> = [], parameters: Set<String> = []) {
        headerNames = Self.defaultHeaderNames.union(headers)
        parameterNames = Self.defaultParameterNames.union(parameters)
    }

    /// `exchange` with every secret named here, and the headers `extraHeaders` names, replaced.
    func redact(_ exchange: RecordedExchange, alsoHeaders extraHeaders: Set<String> = []) -> RecordedExchange {
        let headers = Set(headerNames.union(extraHeaders).map { $0.lowercased() })
        let parameters = Set(parameterNames.map { $0.lowercased() })
        let pattern = Self.parameterPattern(parameters)
        var result = exchange
        result.path = Self.redactParameters(in: exchange.path, pattern)
        result.requestHeaders = Self.redact(exchange.requestHeaders, headers, pattern)
        result.headers = Self.redact(exchange.headers, headers, pattern)
        let contentType = exchange.requestHeaders.first { $0.key.lowercased() == "content-type" }?.value ?? ""
        result.requestBody = Self.redactBody(
            exchange.requestBody, parameters, pattern, isForm: contentType.contains("x-www-form-urlencoded"))
        // A JSON body may echo headers (httpbin's `/headers`) or carry URLs with credentials: members
        // named like a secret header or parameter are replaced, and every string has its secret
        // parameters and URL passwords redacted.
        result.requestBody = Self.redactBody(
            result.requestBody, parameters.union(headers), pattern, isForm: false)
        result.responseBody = Self.redactBody(exchange.responseBody, parameters.union(headers), pattern, isForm: false)
        return result
    }

    private static func redact(_ headers: [String: String], _ names: Set<String>, _ pattern: NSRegularExpression?)
        -> [String: String]
    {
        var result: [String: String] = [:]
        for (name, value) in headers {
            result[name] = names.contains(name.lowercased()) ? replacement : redactParameters(in: value, pattern)
        }
        return result
    }

    private static func redactBody(
        _ body: Data, _ names: Set<String>, _ pattern: NSRegularExpression?, isForm: Bool
    ) -> Data {
        if isForm, let text = String(data: body, encoding: .utf8) {
            return Data(redactParameters(in: text, pattern).utf8)
        }
        guard !names.isEmpty, let json = JSONValue.container(in: body),
            let redacted = try? json.replacingMembers(
                named: names, with: replacement, strings: { redactPassword(in: redactParameters(in: $0, pattern)) }
            ).encoded()
        else { return body }
        return redacted
    }

    /// Matches `name=value` at the start of the text or after `?` or `&`, for any of `names`;
    /// the value runs to the next `&`, `#`, `>`, `;`, `"`, `,` or white space.
    /// `scheme://user:password@host` with the password replaced.
    private static func redactPassword(in text: String) -> String {
        guard text.contains("@"), text.contains("://"), let passwordPattern else { return text }
        return passwordPattern.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1\(replacement)@")
    }

    private static let passwordPattern = try? NSRegularExpression(
        pattern: "([a-zA-Z][a-zA-Z0-9+.-]*://[^/:@\\s]*:)[^@/\\s]*@")

    private static func parameterPattern(_ names: Set<String>) -> NSRegularExpression? {
        guard !names.isEmpty else { return nil }
        let alternatives = names.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        return try? NSRegularExpression(
            pattern: "((?:^|[?&])(?:\(alternatives))=)[^&#>;\",\\s]*", options: [.caseInsensitive])
    }

    private static func redactParameters(in text: String, _ pattern: NSRegularExpression?) -> String {
        guard let pattern else { return text }
        return pattern.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1\(replacement)")
    }
}
