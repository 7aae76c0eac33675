import BenchmarkHarness
import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One way of fetching and decoding `GET /json` (httpbin's slideshow, served by the loopback
/// nginx): a contender of the round-trip benchmarks.
///
/// Another executable can add its own (for example Bricks on another transport) to
/// ``RoundTripBenchmarks/cases(_:clients:rows:)``.
public struct LoopbackClient: Sendable {
    /// The name the report uses.
    public let name: String
    /// A short machine-readable name, for the names of report rows.
    public let key: String
    /// Fetches and decodes `GET /json` once.
    public let fetch: @Sendable () async throws -> Slideshow

    /// Makes a client from its fetch function.
    public init(name: String, key: String, fetch: @escaping @Sendable () async throws -> Slideshow) {
        self.name = name
        self.key = key
        self.fetch = fetch
    }

    /// The name of the raw `URLSession` floor.
    public static let rawURLSessionName = "URLSession + JSONDecoder"
    /// The name of Bricks on `URLSessionTransport`.
    public static let bricksOnURLSessionName = "Bricks (URLSessionTransport)"

    /// The floor: `URLSession.data(for:)`, a status check and a reused `JSONDecoder`, on an
    /// `.ephemeral` session (the configuration `URLSessionTransport` uses by default).
    public static func rawURLSession(base: URL) -> LoopbackClient {
        let session = URLSession(configuration: .ephemeral)
        let decoder = JSONDecoder()
        let url = base.appendingPathComponent("json")
        return LoopbackClient(name: rawURLSessionName, key: "raw") {
            let (data, response) = try await session.data(for: URLRequest(url: url))
            guard let status = (response as? HTTPURLResponse)?.statusCode, (200..<300).contains(status) else {
                throw BenchmarkError("GET /json did not answer 2xx: \(response)")
            }
            return try decoder.decode(Slideshow.self, from: data)
        }
    }

    /// Bricks: a `Session` on `transport` sending a brick endpoint.
    public static func bricks(name: String, key: String, transport: any HTTPTransport, base: URL) -> LoopbackClient {
        let session = Session(transport: transport)
        let endpoint = GetSlideshow(baseURL: base)
        return LoopbackClient(name: name, key: key) { try await session.send(endpoint) }
    }

    /// Bricks on a `URLSessionTransport` with the same `.ephemeral` configuration as the floor.
    public static func bricksOnURLSession(base: URL) -> LoopbackClient {
        bricks(
            name: bricksOnURLSessionName, key: "bricks", transport: URLSessionTransport(configuration: .ephemeral),
            base: base)
    }

    /// Diagnostic: `Session` on a transport that is bare `URLSession.data(for:)`, to isolate what
    /// `Session` adds.
    static func sessionOnBareURLSession(base: URL) -> LoopbackClient {
        bricks(name: "Session on bare data(for:)", key: "bare", transport: DiagnosticTransports.Bare(), base: base)
    }

    /// `GET /json` as a brick endpoint.
    struct GetSlideshow: RequestContextType, GETRequestType, JSONResponseType {
        typealias Response = Slideshow
        let baseURL: URL
        var path: String { "/json" }
    }

    /// A contender doing its requests one after the other.
    func sequential() -> Contender {
        Contender(name) { count in
            for _ in 0..<count { blackHole(try await fetch()) }
        }
    }

    /// A contender spreading its requests over `tasks` concurrent tasks.
    func concurrent(tasks: Int) -> Contender {
        Contender(name) { count in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for task in 0..<min(tasks, count) {
                    let share = count / tasks + (task < count % tasks ? 1 : 0)
                    group.addTask {
                        for _ in 0..<share { blackHole(try await fetch()) }
                    }
                }
                try await group.waitForAll()
            }
        }
    }
}
