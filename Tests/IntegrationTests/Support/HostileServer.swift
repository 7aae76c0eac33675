import Bricks
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(BricksAsyncHTTPClient)
import BricksAsyncHTTPClient
#endif

/// Where the deliberately misbehaving server (scripts/hostile-server.py, started by
/// `hostile_start` in scripts/hostile.sh) lives: its plain and TLS ports, its private CA and the
/// SPKI pin of its certificate, read from the JSON file named by `BRICKS_HOSTILE_PORTS`.
///
/// Like ``HTTPBin``: without it the suite is skipped with a visible reason, unless
/// `BRICKS_REQUIRE_INTEGRATION=1` asks for it: then it runs and fails.
enum HostileServer {
    struct Ports: Decodable, Sendable {
        let http: Int
        let https: Int
        let ca: String
        let pin_sha256: String
    }

    static let portFile: String? = ProcessInfo.processInfo.environment["BRICKS_HOSTILE_PORTS"]

    static var shouldRun: Bool { portFile != nil || HTTPBin.isRequired }
    static let skipReason: Comment =
        "set BRICKS_HOSTILE_PORTS (source scripts/hostile.sh; hostile_start) to run the hostile-server tests"

    /// The server's ports and certificates; fails the test when they are missing.
    static func ports(sourceLocation: SourceLocation = #_sourceLocation) throws -> Ports {
        let file = try #require(
            portFile, "BRICKS_REQUIRE_INTEGRATION=1 but BRICKS_HOSTILE_PORTS is not set", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(Ports.self, from: Data(contentsOf: URL(fileURLWithPath: file)))
    }

    /// `http://127.0.0.1:P`.
    static func base() throws -> URL {
        try #require(URL(string: "http://127.0.0.1:\(try ports().http)"))
    }

    /// `https://127.0.0.1:P2` (certificate signed by the server's private CA).
    static func secureBase() throws -> URL {
        try #require(URL(string: "https://127.0.0.1:\(try ports().https)"))
    }

    /// Per-path counters of what reached the server (`GET /stats`), read outside Bricks.
    struct Stats: Decodable, Sendable {
        struct Path: Decodable, Sendable {
            let heads: Int
            let bodies: Int
            /// The bytes of every body received, summed.
            let body_bytes: Int
            let methods: [String: Int]
            /// The last requests of the path, oldest first.
            let requests: [Request]
        }
        /// One request as the server saw it.
        struct Request: Decodable, Sendable {
            /// The method.
            let method: String
            /// The raw query string.
            let query: String
            /// The bytes of the reply (head included) that the server's socket accepted.
            let response_bytes: Int
            /// Whether the server is done with it: the route returned or the client went away.
            let done: Bool
            /// The request's `Range`, `If-Range` and `Last-Event-ID` header fields, if any.
            let range: String?
            let if_range: String?
            let last_event_id: String?
            /// When its head was read, in seconds of the server's monotonic clock.
            let t: Double?
            /// The request's `If-None-Match`, `If-Modified-Since` and `Authorization` fields, if any.
            let if_none_match: String?
            let if_modified_since: String?
            let authorization: String?
        }
        let paths: [String: Path]
        /// What `/ratelimit` did, per key.
        struct RateLimitCounts: Decodable, Sendable {
            /// Requests answered within the budget.
            let served: Int
            /// Requests refused with 429.
            let refused: Int
        }
        let ratelimit: [String: RateLimitCounts]?
    }

    /// The bytes of the reply the server sent to the request of `path` whose query contains
    /// `marker`, once the server is done with it (the client went away or the reply ended).
    /// - Throws: when no such request arrived, or the server is still sending after `timeout`.
    static func responseBytes(
        path: String, marker: String, timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Int {
        let end = ContinuousClock.now + timeout
        while true {
            let request = try await stats().paths[path]?.requests.last { $0.query.contains(marker) }
            if let request, request.done { return request.response_bytes }
            guard ContinuousClock.now < end else {
                let sent = request.map { "\($0.response_bytes) bytes sent so far" } ?? "no such request"
                Issue.record("the server was not done with \(path)?…\(marker)… after \(timeout): \(sent)", sourceLocation: sourceLocation)
                return request?.response_bytes ?? 0
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    static func stats() async throws -> Stats {
        var request = URLRequest(url: try base().appendingPathComponent("stats"), timeoutInterval: 5)
        request.setValue("close", forHTTPHeaderField: "Connection")
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let (data, _) = try await session.data(for: request)
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// Whether to test over plain HTTP only (`[false]`) or over TLS too (`[false, true]`): the
    /// transport under test must trust the server's private CA, which only AsyncHTTPClient can.
    static var schemes: [Bool] {
        #if canImport(BricksAsyncHTTPClient)
        [false, true]
        #else
        [false]
        #endif
    }

    /// The transport under test, trusting `trust`: the suite's ``TestTransport`` kind
    /// (URLSession in the root package, AsyncHTTPClient in the transport package).
    static func transport(trust: TLSTrust) throws -> any HTTPTransport {
        #if canImport(BricksAsyncHTTPClient)
        try AsyncHTTPClientTransport(trust: trust)
        #else
        try URLSessionTransport(trust: trust)
        #endif
    }
}

/// The peak resident memory of this process, from /proc/self/status (Linux).
enum PeakMemory {
    /// Runs `operation` and returns how far the peak RSS rose above the RSS at the start, in MiB
    /// (`nil` where /proc is missing). The peak is reset first (`/proc/self/clear_refs`), so that
    /// an earlier test's peak does not hide this one's.
    static func growth<T>(_ operation: () async throws -> T) async rethrows -> (T, Double?) {
        var reset = false
        if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
            reset = (try? handle.write(contentsOf: Data("5".utf8))) != nil
            try? handle.close()
        }
        let before = value("VmRSS")
        let result = try await operation()
        // Without the reset the old peak counts too: an upper bound on the growth.
        if !reset { print("PeakMemory: /proc/self/clear_refs not writable; the growth is an upper bound") }
        guard let before, let peak = value("VmHWM") else { return (result, nil) }
        return (result, Double(peak - before) / 1024)
    }

    /// A field of /proc/self/status, in KiB.
    static func value(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
}
