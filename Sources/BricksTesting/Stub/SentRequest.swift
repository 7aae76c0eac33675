import Bricks
import Foundation

/// A request as a stub transport received it: its head and its whole body, whatever kind of body
/// it was (bytes, a file, a stream), read as a real transport would send it.
///
/// It reads like a `URLRequest` where tests look (`url`, `httpMethod`, `httpBody`,
/// `value(forHTTPHeaderField:)`), so that assertions stay short:
///
/// ```swift
/// import Testing
///
/// let sent = try #require(await stub.requests(matching: .post, "/uploads").first)
/// #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
/// #expect(sent.httpBody == (try Data(contentsOf: fileURL)))
/// ```
public struct SentRequest: Sendable {
    /// The head: method, URL, header fields.
    public let head: RequestHead
    /// The whole body, or `nil` when the request had none.
    public let httpBody: Data?
    /// The call's context as the transport received it: the endpoint's settings (timeout, cache
    /// policy, secret header names, limits, acceptable statuses), the exchange's deadline and
    /// the values of your own keys.
    public let context: CallContext

    /// Makes a record of a request.
    /// - Parameters:
    ///   - head: the head.
    ///   - httpBody: the whole body, or `nil`.
    ///   - context: the call's context. Default: one with no endpoint (a recording read back).
    public init(head: RequestHead, httpBody: Data?, context: CallContext = CallContext()) {
        self.head = head
        self.httpBody = httpBody
        self.context = context
    }

    /// The URL.
    public var url: URL? { head.url }
    /// The method's name, such as `"GET"`.
    public var httpMethod: String? { head.method.rawValue }
    /// The timeout in seconds: the call's `CallContext.timeoutInterval`.
    public var timeoutInterval: TimeInterval { context.timeoutInterval }
    /// The header fields, repeated names joined with ", ".
    public var allHTTPHeaderFields: [String: String]? {
        var fields: [String: String] = [:]
        for field in head.headerFields {
            let name = fields.keys.first { $0.lowercased() == field.name.lowercased() } ?? field.name
            fields[name] = fields[name].map { $0 + ", " + field.value } ?? field.value
        }
        return fields
    }

    /// The values of the header field `name` (in any case) joined with ", ", or `nil`.
    public func value(forHTTPHeaderField name: String) -> String? {
        head.headerFields.combinedValue(for: name)
    }

    /// The method, as sent.
    var methodName: String { head.method.rawValue }

    /// The path with its query, percent-encoded as sent (`/search?q=a%20b`), without scheme or host.
    var target: String { head.target }

    /// `GET /search?q=a%20b`: how errors and unmatched replies name a request.
    var summary: String { "\(methodName) \(target)" }
}
