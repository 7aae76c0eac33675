import Bricks
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Where the local Server-Sent Events server (scripts/sse-server.py, started by `sse_start` in
/// scripts/sse.sh) lives.
///
/// Like ``HTTPBin``: without `BRICKS_SSE_URL` the suites that need it are skipped with a visible
/// reason, unless `BRICKS_REQUIRE_INTEGRATION=1` asks for them: then they run and fail.
enum SSEServer {
    static let url: URL? = ProcessInfo.processInfo.environment["BRICKS_SSE_URL"].flatMap(URL.init(string:))

    /// Run the suite when a server is given, or when the test command requires it.
    static var shouldRun: Bool { url != nil || HTTPBin.isRequired }
    static let skipReason: Comment =
        "set BRICKS_SSE_URL (source scripts/sse.sh; sse_start) to run the streaming integration tests"

    /// The server's URL; fails the test when it is missing.
    static func base(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(url, "BRICKS_REQUIRE_INTEGRATION=1 but BRICKS_SSE_URL is not set", sourceLocation: sourceLocation)
    }

    /// What the server saw (`GET /stats`), read with a plain request outside Bricks. Tests compare
    /// before and after rather than `POST /reset`, so that they do not disturb one another.
    struct Stats: Decodable, Sendable {
        /// One stream request and how it ended ("completed", "dropped", "client disconnected",
        /// "no content", "streaming"…).
        struct Request: Decodable, Sendable {
            let path: String
            let lastEventId: String?
            let eventsSent: Int
            let outcome: String
        }
        let connections: [String: Int]
        let disconnects: Int
        let disconnectsByPath: [String: Int]
        let drops: Int
        let completed: [String: Int]
        let requests: [Request]
    }

    /// The server's statistics now.
    static func stats() async throws -> Stats {
        let (data, _) = try await plainRequest("GET", "/stats")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Stats.self, from: data)
    }

    /// A request through a URLSession of its own (not the transport under test), with a short timeout.
    static func plainRequest(_ method: String, _ path: String) async throws -> (Data, Int) {
        var request = URLRequest(url: try base().appendingPathComponent(path), timeoutInterval: 5)
        request.httpMethod = method
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}
