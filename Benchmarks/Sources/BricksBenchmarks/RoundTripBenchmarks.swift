import BenchmarkHarness
import Foundation

/// Whole round trips on loopback against the local nginx (`GET /json`, httpbin's slideshow body) and
/// decode, one after the other and from many tasks at once, Bricks against raw `URLSession` +
/// `JSONDecoder`.
public enum RoundTripBenchmarks {
    /// Bricks on `URLSessionTransport` may cost at most this many times raw `URLSession`, in time
    /// and in client CPU per request.
    public static let maximumOverhead = 1.05

    /// The report's cases: Bricks on `URLSessionTransport` against raw `URLSession`, and, with
    /// ``BenchmarkSettings/roundTripDiagnostics``, a diagnostic client (`Session` on bare
    /// `data(for:)`) that tells the cost of `Session` apart from that of `URLSessionTransport`.
    public static func cases(_ settings: BenchmarkSettings, base: URL) -> [BenchmarkCase] {
        let bricks = LoopbackClient.bricksOnURLSession(base: base)
        let raw = LoopbackClient.rawURLSession(base: base)
        let diagnostics =
            settings.roundTripDiagnostics
            ? [LoopbackClient.sessionOnBareURLSession(base: base)] : []
        return cases(settings, clients: [bricks, raw] + diagnostics) { measured, name, label in
            rows(
                measured, bricks: bricks.name, floor: raw.name, name: name, label: label, target: maximumOverhead,
                cpuTarget: maximumOverhead)
                + diagnostics.flatMap { client in
                    rows(
                        measured, bricks: client.name, floor: raw.name, name: "\(name).\(client.key)",
                        label: "\(label), diagnostic: \(client.name)", target: nil)
                }
        }
    }

    /// Both round trips (`roundtrip.sequential`, `roundtrip.concurrent`) of `clients`, interleaved
    /// block by block; `rows` makes the report's rows from the measurements, the case's name and a
    /// label such as "sequential".
    ///
    /// Another executable adds contenders here (for example Bricks on another transport) and picks
    /// its own pairs in `rows`.
    public static func cases(
        _ settings: BenchmarkSettings, clients: [LoopbackClient],
        rows: @escaping @Sendable (Measurements, _ name: String, _ label: String) -> [Comparison]
    ) -> [BenchmarkCase] {
        let sequential = MeasurementPlan(
            runs: settings.roundTripRuns, blocksPerRun: max(1, settings.sequentialRequests / settings.sequentialBlock),
            iterations: .fixed(settings.sequentialBlock), warmupIterations: settings.sequentialBlock)
        let concurrent = MeasurementPlan(
            runs: settings.roundTripRuns, blocksPerRun: max(1, settings.concurrentRequests / settings.concurrentBlock),
            iterations: .fixed(settings.concurrentBlock), warmupIterations: settings.concurrentBlock)
        let concurrentLabel = "\(settings.concurrency) concurrent tasks"
        return [
            BenchmarkCase(
                name: "roundtrip.sequential", group: "roundtrip", contenders: clients.map { $0.sequential() },
                plan: sequential
            ) { rows($0, "roundtrip.sequential", "sequential") },
            BenchmarkCase(
                name: "roundtrip.concurrent", group: "roundtrip",
                contenders: clients.map { $0.concurrent(tasks: settings.concurrency) }, plan: concurrent
            ) { rows($0, "roundtrip.concurrent", concurrentLabel) },
        ]
    }

    /// Two rows comparing client `bricks` with client `floor`: wall-clock time per request (with the
    /// throughputs in the note) and client CPU time per request.
    /// - Parameters:
    ///   - target: the limit on the ratio of wall-clock times, if any.
    ///   - cpuTarget: the limit on the ratio of client CPU times, if any.
    public static func rows(
        _ measured: Measurements, bricks: String, floor: String, name: String, label: String, target: Double?,
        cpuTarget: Double? = nil
    ) -> [Comparison] {
        var wall = measured.compare(
            bricks, with: floor, name: name, title: "Round trip GET /json, \(label)",
            target: target.map { .ratio(atMost: $0) })
        wall.note = "\(bricks) \(requestsPerSecond(wall.bricks.median)) req/s, "
            + "\(floor) \(requestsPerSecond(wall.floor.median)) req/s; "
            + "\(measured.iterationsPerRun) requests per run and client"
        // User + system time of the whole client process, URLSession's threads included.
        let cpu = measured.compare(
            bricks, with: floor, name: name + ".cpu", title: "Client CPU per request, \(label)", metric: .cpu,
            target: cpuTarget.map { .ratio(atMost: $0) })
        return [wall, cpu]
    }

    /// Requests per second for a median wall time per request in microseconds, rounded.
    public static func requestsPerSecond(_ microseconds: Double) -> Int {
        microseconds > 0 ? Int((1e6 / microseconds).rounded()) : 0
    }
}
