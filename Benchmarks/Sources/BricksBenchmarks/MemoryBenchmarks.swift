import BenchmarkHarness
import Bricks
import Foundation

/// Peak resident memory after many requests, and after twice as many: it must not grow with the
/// count. Each scenario runs in a fresh process (see ``MemoryProbe``), so that no other benchmark
/// has raised the peak before.
public enum MemoryBenchmarks {
    /// The argument that makes the benchmark command run one memory scenario and print its reading.
    public static let probeArgument = "--memory-probe"

    /// The scenarios, by name.
    enum Scenario: String, CaseIterable {
        case stub = "memory.stub"
        case loopbackBricks = "memory.loopback.bricks"
        case loopbackRaw = "memory.loopback.raw"

        var needsServer: Bool { self != .stub }
    }

    /// The streaming scenarios on `URLSessionTransport` (those on AsyncHTTPClient are run by
    /// bricks-bench-ahc).
    static let streamingScenarios = StreamingMemoryBenchmarks.scenarios(transportKey: "urlsession")

    /// Runs the streaming scenarios on `URLSessionTransport`, each in its own child process; none
    /// without a server.
    public static func runStreaming(base: URL?) -> [StreamingReading] {
        guard base != nil else { return [] }
        return StreamingMemoryBenchmarks.run(
            streamingScenarios, transportName: "URLSessionTransport", probeArgument: probeArgument)
    }

    /// Runs every scenario in its own child process and collects the readings; the loopback ones
    /// only when `base` is given.
    public static func run(_ settings: BenchmarkSettings, base: URL?) throws -> [MemoryReading] {
        try Scenario.allCases.filter { base != nil || !$0.needsServer }.map { scenario in
            let count = scenario == .stub ? settings.stubMemoryRequests : settings.loopbackMemoryRequests
            return try MemoryProbe.runInChildProcess(arguments: [probeArgument, scenario.rawValue, "\(count)"])
        }
    }

    /// In the child process: runs the scenario named `name` with `count` requests per half and
    /// prints its reading.
    /// - Throws: ``BenchmarkError`` for an unknown scenario or a missing server.
    public static func probe(_ name: String, count: Int, base: URL?) async throws {
        if let (_, route) = streamingScenarios.first(where: { $0.0 == name }) {
            try await StreamingMemoryBenchmarks.probe(
                name: name, route: route, transport: URLSessionTransport(configuration: .ephemeral),
                transportName: "URLSessionTransport", base: try require(base))
            return
        }
        guard let scenario = Scenario(rawValue: name) else {
            throw BenchmarkError(
                "unknown memory scenario \(name); known: \(Scenario.allCases.map(\.rawValue) + streamingScenarios.map(\.0))")
        }
        let client: LoopbackClient
        switch scenario {
        case .stub:
            let session = MiddlewareBenchmarks.session(depth: 8)
            let endpoint = MiddlewareBenchmarks.GetItem()
            try await MemoryProbe.measure(
                name: name, title: "Session, 8 middleware, prebuilt reply", count: count, warmup: 1_000,
                toleranceKiB: 1024
            ) { requests in
                for _ in 0..<requests { blackHole(try await session.send(endpoint)) }
            }
            return
        case .loopbackBricks:
            client = LoopbackClient.bricksOnURLSession(base: try require(base))
        case .loopbackRaw:
            client = LoopbackClient.rawURLSession(base: try require(base))
        }
        try await MemoryProbe.measure(
            name: name, title: "Loopback GET /json, \(client.name)", count: count, warmup: 200, toleranceKiB: 1024
        ) { requests in
            for _ in 0..<requests { blackHole(try await client.fetch()) }
        }
    }

    private static func require(_ base: URL?) throws -> URL {
        guard let base else { throw BenchmarkError("this memory scenario needs BRICKS_BENCH_SERVER_URL") }
        return base
    }
}
