import Bricks
import BricksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One recorded exchange of `Fixtures/GitHub/<scenario>.json` (real api.github.com traffic).
struct RecordedExchange: Sendable {
    let method: String
    /// The path with its query, as recorded.
    let path: String
    /// The request body as recorded: JSON text, raw text, or empty.
    let requestBody: Data
    let status: Int
    let headers: [String: String]
    /// The response body: JSON re-serialised, or the raw string for text replies.
    let responseBody: Data

    /// The recorded request body parsed as JSON, or `nil` when it is not JSON.
    var requestJSON: Any? { try? JSONSerialization.jsonObject(with: requestBody, options: [.fragmentsAllowed]) }
}

enum GitHubFixture {
    /// The exchanges of one scenario, in order, e.g. `load("labels")`.
    static func load(_ scenario: String) throws -> [RecordedExchange] {
        guard let url = Bundle.module.url(forResource: scenario, withExtension: "json", subdirectory: "Fixtures/GitHub")
        else { throw FixtureError.missing(scenario) }
        let raw = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let list = raw as? [[String: Any]] else { throw FixtureError.malformed(scenario) }
        return try list.map { entry in
            RecordedExchange(
                method: (entry["method"] as? String ?? "get").uppercased(),
                path: entry["path"] as? String ?? "/",
                requestBody: try data(of: entry["body"]),
                status: entry["status"] as? Int ?? 200,
                headers: (entry["headers"] as? [String: Any] ?? [:]).compactMapValues { "\($0)" },
                responseBody: try data(of: entry["response"]))
        }
    }

    private static func data(of value: Any?) throws -> Data {
        switch value {
        case nil, is NSNull: Data()
        case let string as String: Data(string.utf8)
        case let value?: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
        }
    }

    enum FixtureError: Error { case missing(String), malformed(String) }
}
