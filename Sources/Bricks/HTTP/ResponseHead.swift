import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The head of an HTTP response: status, header fields in order (repeated names kept), URL and
/// HTTP version. Every layer of Bricks uses it: transports return it, middleware and
/// ``ResponseType/decode(_:response:)`` read it, errors keep it.
///
/// It offers the members people use on `HTTPURLResponse` under the same names, so that ported
/// code reads the same, and ``httpURLResponse`` for code that needs the Foundation type.
///
/// ```swift
/// func decode(_ data: Data, response: ResponseHead) throws -> [Issue] {
///     let total = response.value(forHTTPHeaderField: "X-Total-Count")
///     let cookies = response.headerFields.values(for: "Set-Cookie")   // each line on its own
///     print(total ?? "unknown", cookies.count)
///     return try JSONDecoder().decode([Issue].self, from: data)
/// }
/// ```
public struct ResponseHead: Sendable, Hashable {
    /// The status code, such as `200` or `404`.
    public var statusCode: Int
    /// The header fields in the order they arrived, repeated names kept.
    public var headerFields: HeaderFields
    /// The URL that answered (after any redirects).
    public var url: URL
    /// The protocol version, such as `"HTTP/1.1"`.
    public var httpVersion: String
    /// Where the reply came from: ``ResponseSource/network`` unless ``HTTPCacheMiddleware`` served
    /// it from its store.
    public var source: ResponseSource = .network

    /// Makes a head.
    /// - Parameters:
    ///   - statusCode: the status code.
    ///   - headerFields: the header fields, in order. Default: none.
    ///   - url: the URL that answered.
    ///   - httpVersion: the protocol version. Default: `"HTTP/1.1"`.
    public init(statusCode: Int, headerFields: HeaderFields = [:], url: URL, httpVersion: String = "HTTP/1.1") {
        self.statusCode = statusCode
        self.headerFields = headerFields
        self.url = url
        self.httpVersion = httpVersion
    }

    /// The values of the header `field` (in any case) joined with ", ", as `HTTPURLResponse`
    /// reports them, or `nil`. Use `headerFields.values(for:)` for each value on its own.
    public func value(forHTTPHeaderField field: String) -> String? {
        headerFields.combinedValue(for: field)
    }

    /// The media type of `Content-Type` without parameters, lowercased, such as
    /// `"application/json"`; `nil` when there is none.
    public var mimeType: String? {
        guard let type = headerFields["Content-Type"] else { return nil }
        let mime = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) }
        return mime.flatMap { $0.isEmpty ? nil : $0.lowercased() }
    }

    /// The `charset` parameter of `Content-Type`, lowercased and unquoted, such as `"utf-8"`;
    /// `nil` when there is none.
    public var textEncodingName: String? {
        headerFields["Content-Type"].flatMap(Charset.name(inContentType:))?.lowercased()
    }

    /// The body's length from `Content-Length`, or `-1` when it is absent or not a number (only
    /// ASCII digits count: `+5` and `-5` are not lengths), as `URLResponse` reports it. When the
    /// transport decompressed the body, this is the length that travelled, not the length read.
    public var expectedContentLength: Int64 {
        guard let value = headerFields["Content-Length"] else { return -1 }
        if let length = DecimalDigits.value(value) { return length }  // the usual case
        // Padding, or equal repeated values joined by a transport ("5, 5").
        return value.split(separator: ",").first.flatMap { DecimalDigits.value($0.trimmingCharacters(in: .whitespaces)) } ?? -1
    }

    /// The length of the body a transport hands out, when the head says: ``expectedContentLength``,
    /// unless the body was decompressed on the way (`Content-Encoding`), which changes its length.
    /// The one rule, for downloads and their resumptions.
    var deliveredBodyLength: Int64? {
        guard headerFields["Content-Encoding"] == nil, expectedContentLength >= 0 else { return nil }
        return expectedContentLength
    }

    /// The status with its reason phrase, such as `"404 Not Found"`.
    public var status: String {
        let phrase = Self.reasonPhrase(for: statusCode)
        return phrase.isEmpty ? "\(statusCode)" : "\(statusCode) \(phrase)"
    }

    /// The same head as a Foundation `HTTPURLResponse`, repeated fields joined with ", "; `nil`
    /// only for a status Foundation refuses.
    public var httpURLResponse: HTTPURLResponse? {
        var fields: [String: String] = [:]
        for field in headerFields {
            if let spelling = fields.keys.first(where: { HeaderFields.equalIgnoringCase($0, field.name) }) {
                fields[spelling, default: ""] += ", " + field.value
            } else {
                fields[field.name] = field.value
            }
        }
        return HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: fields)
    }

    /// The head of a Foundation `HTTPURLResponse`. Foundation keeps the fields in a dictionary,
    /// repeated ones joined with ", ", before Bricks sees them: the fields come sorted by name, and
    /// `Set-Cookie` is split again where each part is a `name=value` cookie.
    ///
    /// `nil` when the response names no URL (Foundation's own replies always do; one decoded or
    /// built some other way may not): a head always says which URL answered, and Bricks makes
    /// none up. The transports report such a reply as a bad server response.
    /// - Parameter response: the Foundation response.
    public init?(_ response: HTTPURLResponse) {
        guard let url = response.url else { return nil }
        // `allHeaderFields` is `[AnyHashable: Any]`: each key is unwrapped from its `AnyHashable`
        // (`base`), which costs less than casting the `AnyHashable` itself.
        let all = response.allHeaderFields
        var pairs: [HeaderField] = []
        pairs.reserveCapacity(all.count)
        for (key, value) in all {
            guard let name = key.base as? String, let value = value as? String else { continue }
            pairs.append(HeaderField(name: name, value: value))
        }
        pairs.sort { $0.name < $1.name }
        for index in pairs.indices.reversed() where HeaderFields.equalIgnoringCase(pairs[index].name, "Set-Cookie") {
            let joined = pairs[index]
            pairs.replaceSubrange(
                index...index, with: Self.splitCookies(joined.value).map { HeaderField(name: joined.name, value: $0) })
        }
        self.init(statusCode: response.statusCode, headerFields: HeaderFields(pairs), url: url)
    }

    /// Splits `Set-Cookie` values joined with "," at the commas followed by `name=`, so that the
    /// comma inside an `Expires` date stays.
    static func splitCookies(_ joined: String) -> [String] {
        var cookies: [String] = []
        var current = Substring()
        var rest = joined[...]
        while let comma = rest.firstIndex(of: ",") {
            let after = rest[rest.index(after: comma)...]
            let next = after.drop { $0 == " " || $0 == "\t" }
            let name = next.prefix { $0 != "=" && $0 != ";" && $0 != "," }
            let startsCookie = !name.isEmpty && next.dropFirst(name.count).first == "="
                && HeaderValidation.isToken(String(name))
            if startsCookie {
                cookies.append(String(current + rest[..<comma]))
                current = Substring()
                rest = next
            } else {
                current += rest[...comma]
                rest = after
            }
        }
        cookies.append(String(current + rest))
        return cookies.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The reason phrase of a status (RFC 9110 and common extensions), or "" for an unknown one.
    static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 407: "Proxy Authentication Required"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 417: "Expectation Failed"
        case 418: "I'm a teapot"
        case 421: "Misdirected Request"
        case 422: "Unprocessable Content"
        case 423: "Locked"
        case 424: "Failed Dependency"
        case 425: "Too Early"
        case 426: "Upgrade Required"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 451: "Unavailable For Legal Reasons"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: ""
        }
    }
}
