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
    public static let replacement = SecretRedaction.placeholder
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

    /// `exchange` with every secret named here, and the headers `extraHeaders` names, replaced:
    /// Bricks' own redaction (`SecretRedaction`), which logs and error messages use too.
    func redact(_ exchange: RecordedExchange, alsoHeaders extraHeaders: Set<String> = []) -> RecordedExchange {
        let headers = SecretNames.lowercased(headerNames.union(extraHeaders))
        let parameters = SecretRedaction(parameterNames: parameterNames)
        var result = exchange
        result.path = parameters.redacting(exchange.path, in: .query)
        result.requestHeaders = Self.redact(exchange.requestHeaders, headers, parameters)
        result.headers = Self.redact(exchange.headers, headers, parameters)
        let contentType = exchange.requestHeaders.first { $0.key.lowercased() == "content-type" }?.value ?? ""
        if contentType.contains("x-www-form-urlencoded"), let text = String(data: exchange.requestBody, encoding: .utf8) {
            result.requestBody = Data(parameters.redacting(text, in: .form).utf8)
        }
        // A JSON body may echo headers (httpbin's `/headers`) or carry URLs with credentials: members
        // named like a secret header or parameter are replaced, and every string has its secret
        // parameters and URL passwords redacted.
        let members = parameters.parameterNames.union(headers)
        result.requestBody = Self.redactJSON(result.requestBody, members: members, parameters)
        result.responseBody = Self.redactJSON(exchange.responseBody, members: members, parameters)
        return result
    }

    private static func redact(_ headers: [String: String], _ names: Set<String>, _ parameters: SecretRedaction)
        -> [String: String]
    {
        var result: [String: String] = [:]
        for (name, value) in headers {
            result[name] = SecretNames.isSecret(headerNamed: name, in: names)
                ? replacement : parameters.redacting(value, in: .text)
        }
        return result
    }

    /// A JSON body with the members `members` names replaced and every string redacted.
    private static func redactJSON(_ body: Data, members: Set<String>, _ parameters: SecretRedaction) -> Data {
        guard !members.isEmpty, let json = JSONValue.container(in: body),
            let redacted = try? json.replacingMembers(
                named: members, with: replacement, strings: { parameters.redacting($0, in: .text) }
            ).encoded()
        else { return body }
        return redacted
    }
}
