import BenchmarkHarness
import Foundation

/// Whole round trips on loopback against the local httpbin: `GET /json` and decode, one after the
/// other and from many tasks at once, Bricks against raw `URLSession` + `JSONDecoder`.
public enum RoundTripBenchmarks {
    /// The measurements of both round trips, every client interleaved with the others.
    public struct Measured: Sendable {
        /// Requests one after the other.
        public let sequential: Measurements
        /// Requests from ``BenchmarkSettings/concurrency`` tasks at once.
        public let concurrent: Measurements
    }

    /// The report's rows: Bricks on `URLSessionTransport` against raw `URLSession`.
    public static func run(_ settings: BenchmarkSettings, base: URL) async throws -> [Comparison] {
        let bricks = LoopbackClient.bricksOnURLSession(base: base)
        let raw = LoopbackClient.rawURLSession(base: base)
        let measured = try await measure([bricks, raw], settings: settings)
        return rows(measured, bricks: bricks.name, floor: raw.name, settings: settings, target: 1.03)
    }

    /// Measures `clients` on both round trips, interleaved block by block.
    public static func measure(_ clients: [LoopbackClient], settings: BenchmarkSettings) async throws -> Measured {
        for client in clients {
            _ = try await client.fetch()  // fails early, with the client's own error, when the server is not there
        }
        let sequentialPlan = MeasurementPlan(
            runs: settings.roundTripRuns,
            blocksPerRun: max(1, settings.sequentialRequests / settings.sequentialBlock),
            iterations: .fixed(settings.sequentialBlock), warmupIterations: settings.sequentialBlock)
        let sequential = try await Interleaved.measure(clients.map { $0.sequential() }, plan: sequentialPlan)
        let concurrentPlan = MeasurementPlan(
            runs: settings.roundTripRuns,
            blocksPerRun: max(1, settings.concurrentRequests / settings.concurrentBlock),
            iterations: .fixed(settings.concurrentBlock), warmupIterations: settings.concurrentBlock)
        let concurrent = try await Interleaved.measure(
            clients.map { $0.concurrent(tasks: settings.concurrency) }, plan: concurrentPlan)
        return Measured(sequential: sequential, concurrent: concurrent)
    }

    /// Rows comparing client `bricks` with client `floor`: wall-clock time per request (with the
    /// throughput in the note) and client CPU time per request, for both round trips.
    public static func rows(
        _ measured: Measured, bricks: String, floor: String, settings: BenchmarkSettings, target: Double?,
        namePrefix: String = "roundtrip"
    ) -> [Comparison] {
        let cases = [
            ("sequential", "sequential", measured.sequential),
            ("concurrent", "\(settings.concurrency) concurrent tasks", measured.concurrent),
        ]
        var rows: [Comparison] = []
        for (key, label, measurements) in cases {
            var wall = measurements.compare(
                bricks, with: floor, name: "\(namePrefix).\(key)", title: "Round trip GET /json, \(label)",
                target: target.map { .ratio(atMost: $0) })
            wall.note = "\(bricks) \(requestsPerSecond(wall.bricks.median)) req/s, "
                + "\(floor) \(requestsPerSecond(wall.floor.median)) req/s; "
                + "\(measurements.iterationsPerRun) requests per run and client"
            rows.append(wall)
            rows.append(
                measurements.compare(
                    bricks, with: floor, name: "\(namePrefix).\(key).cpu",
                    title: "Client CPU per request, \(label)", metric: .cpu,
                    note: "user + system time of the whole client process (URLSession's threads included)"))
        }
        return rows
    }

    /// Requests per second for a median wall time per request in microseconds, rounded.
    static func requestsPerSecond(_ microseconds: Double) -> Int {
        microseconds > 0 ? Int((1e6 / microseconds).rounded()) : 0
    }
}
