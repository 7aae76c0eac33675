import Bricks
import Foundation

/// One request and its reply, as ``RecordingTransport`` saves it and ``ReplayTransport`` serves it.
///
/// A fixture file is a JSON list of exchanges, in the shape of the octokit/fixtures recordings:
///
/// ```json
/// [
///   {
///     "body": { "title": "Found a bug" },
///     "headers": { "content-type": "application/json; charset=utf-8" },
///     "method": "POST",
///     "path": "/repos/octocat/hello/issues?draft=1",
///     "reqheaders": { "authorization": "REDACTED" },
///     "response": { "number": 1347, "title": "Found a bug" },
///     "responseIsBinary": false,
///     "scope": "https://api.github.com:443",
///     "status": 201
///   }
/// ]
/// ```
///
/// `body` (request) and `response` are written as JSON when they hold a JSON object or array, as a
/// string when they are other UTF-8 text, and as lowercase hex when they are binary, with
/// `responseIsBinary` (or `bodyIsBinary`) set to `true`. When reading, `method` may be in any case,
/// `scope`, `reqheaders` and the flags may be missing, and header values may be numbers.
public struct RecordedExchange: Sendable, Equatable, Codable {
    /// The origin the request went to, such as `https://api.github.com:443`. Replay ignores it.
    public var scope: String?
    /// The request's method.
    public var method: HTTPMethod
    /// The request's path with its query, percent-encoded as sent, such as `/search?q=a%20b`.
    public var path: String
    /// The request's headers, redacted.
    public var requestHeaders: [String: String]
    /// The request's body; empty when it had none.
    public var requestBody: Data
    /// The reply's status code.
    public var status: Int
    /// The reply's headers, redacted.
    public var headers: [String: String]
    /// The reply's body.
    public var responseBody: Data

    /// Makes an exchange, for building fixtures in code.
    /// - Parameters:
    ///   - scope: the origin, such as `https://api.example.com:443`. Default: none.
    ///   - method: the request's method.
    ///   - path: the path with its query, such as `/users?page=2`.
    ///   - requestHeaders: the request's headers. Default: none.
    ///   - requestBody: the request's body. Default: empty.
    ///   - status: the reply's status. Default: 200.
    ///   - headers: the reply's headers. Default: none.
    ///   - responseBody: the reply's body. Default: empty.
    public init(
        scope: String? = nil, method: HTTPMethod, path: String, requestHeaders: [String: String] = [:],
        requestBody: Data = Data(), status: Int = 200, headers: [String: String] = [:], responseBody: Data = Data()
    ) {
        self.scope = scope
        self.method = method
        self.path = path
        self.requestHeaders = requestHeaders
        self.requestBody = requestBody
        self.status = status
        self.headers = headers
        self.responseBody = responseBody
    }

    /// `scheme://host:port`, with the scheme's default port filled in.
    private static func origin(of head: RequestHead) -> String {
        let hasPort = head.authority.split(separator: "]").last?.contains(":") ?? false
        return "\(head.scheme)://\(head.authority)" + (hasPort ? "" : head.scheme == "https" ? ":443" : ":80")
    }

    /// The exchange of `request` answered by `response` with `data`, unredacted.
    init(request: SentRequest, data: Data, head: ResponseHead) {
        // Repeated fields are joined with ", " under their first spelling: the fixture format
        // holds one value per name.
        var headers: [String: String] = [:]
        var spellings: [String: String] = [:]
        for field in head.headerFields {
            let name = spellings[field.name.lowercased(), default: field.name]
            spellings[field.name.lowercased()] = name
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        self.init(
            scope: Self.origin(of: request.head), method: request.head.method,
            path: request.target, requestHeaders: request.allHTTPHeaderFields ?? [:],
            requestBody: request.httpBody ?? Data(), status: head.statusCode, headers: headers,
            responseBody: data)
    }



    private enum CodingKeys: String, CodingKey {
        case scope, method, path, body, bodyIsBinary, reqheaders, status, headers, response, responseIsBinary
    }

    /// Reads an exchange in the fixture format described above.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let methodName = try container.decode(String.self, forKey: .method)
        guard let method = HTTPMethod(rawValue: methodName.uppercased()) else {
            throw DecodingError.dataCorruptedError(
                forKey: .method, in: container, debugDescription: "\"\(methodName)\" is not an HTTP method")
        }
        self.method = method
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
        path = try container.decode(String.self, forKey: .path)
        status = try container.decodeIfPresent(Int.self, forKey: .status) ?? 200
        requestHeaders = try Self.decodeHeaders(container, .reqheaders)
        headers = try Self.decodeHeaders(container, .headers)
        requestBody = try Self.decodeBody(container, .body, binaryFlag: .bodyIsBinary)
        responseBody = try Self.decodeBody(container, .response, binaryFlag: .responseIsBinary)
    }

    /// Writes the exchange in the fixture format described above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(scope, forKey: .scope)
        try container.encode(method.rawValue, forKey: .method)
        try container.encode(path, forKey: .path)
        try container.encode(requestHeaders, forKey: .reqheaders)
        try container.encode(status, forKey: .status)
        try container.encode(headers, forKey: .headers)
        let request = FixtureBody(requestBody)
        try container.encode(request.value, forKey: .body)
        if request.isBinary { try container.encode(true, forKey: .bodyIsBinary) }
        let response = FixtureBody(responseBody)
        try container.encode(response.value, forKey: .response)
        try container.encode(response.isBinary, forKey: .responseIsBinary)
    }

    private static func decodeHeaders(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws
        -> [String: String]
    {
        let values = try container.decodeIfPresent([String: JSONValue].self, forKey: key) ?? [:]
        return values.compactMapValues(\.headerText)
    }

    private static func decodeBody(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, binaryFlag: CodingKeys
    ) throws -> Data {
        let value = try container.decodeIfPresent(JSONValue.self, forKey: key) ?? .null
        let isBinary = try container.decodeIfPresent(Bool.self, forKey: binaryFlag) ?? false
        guard let data = try FixtureBody.data(of: value, isBinary: isBinary) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "a binary body must be a string of hex digits")
        }
        return data
    }
}
