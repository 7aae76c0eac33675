import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the local httpbin started by `scripts/test.sh` lives.
///
/// Without `BRICKS_HTTPBIN_URL` the integration suites are skipped with a visible reason, unless
/// `BRICKS_REQUIRE_INTEGRATION=1` asks for them: then they run and fail, so CI cannot skip them.
enum HTTPBin {
    static let environment = ProcessInfo.processInfo.environment
    static let url: URL? = environment["BRICKS_HTTPBIN_URL"].flatMap(URL.init(string:))
    static let secondURL: URL? = environment["BRICKS_HTTPBIN_URL_2"].flatMap(URL.init(string:))
    static let isRequired = environment["BRICKS_REQUIRE_INTEGRATION"] == "1"

    /// Run the suite when a server is given, or when the test command requires it.
    static var shouldRun: Bool { url != nil || isRequired }
    static let skipReason: Comment = "set BRICKS_HTTPBIN_URL (scripts/test.sh starts a local httpbin) to run integration tests"

    /// The server's URL; fails the test when it is missing.
    static func base(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(url, "BRICKS_REQUIRE_INTEGRATION=1 but BRICKS_HTTPBIN_URL is not set", sourceLocation: sourceLocation)
    }

    /// The second server's URL (another origin: same host, other port).
    static func secondBase(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(secondURL, "BRICKS_HTTPBIN_URL_2 is not set", sourceLocation: sourceLocation)
    }
}

/// httpbin's echo of a request (`/get`, `/anything`, `/post`…).
struct Echo: Decodable, Sendable {
    let args: [String: String]
    let headers: [String: String]
    let url: String
    let method: String?
    let data: String?
    let json: JSONValue?
    let form: [String: String]?
}

/// Any JSON value, to compare echoed bodies exactly.
enum JSONValue: Decodable, Equatable, Sendable {
    case string(String), number(Double), bool(Bool), null, array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }
}
