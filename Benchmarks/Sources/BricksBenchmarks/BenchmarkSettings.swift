import BenchmarkHarness
import Foundation

/// How much work each benchmark does; ``standard`` is what `run.sh` uses, ``quick`` a smoke test.
public struct BenchmarkSettings: Sendable {
    /// Runs (samples per contender) of the in-process benchmarks: build, decode, middleware.
    public var microRuns = 11
    /// Blocks per run of the in-process benchmarks; the contenders take turns block by block.
    public var microBlocksPerRun = 20
    /// About how long one block of the slowest contender lasts: short, so that most blocks run
    /// without being pre-empted by another process.
    public var microBlockDuration: Duration = .milliseconds(1)
    /// Runs of the loopback round trips.
    public var roundTripRuns = 7
    /// Requests per run and contender, one after the other.
    public var sequentialRequests = 2_000
    /// Requests per block in the sequential round trip; the contenders alternate block by block.
    public var sequentialBlock = 100
    /// Requests per run and contender, spread over ``concurrency`` tasks.
    public var concurrentRequests = 2_000
    /// Requests per block in the concurrent round trip.
    public var concurrentBlock = 500
    /// Tasks sending at the same time in the concurrent round trip.
    public var concurrency = 64
    /// Whether the round trips also measure the diagnostic client (`Session` on a bare
    /// `URLSession.data(for:)`).
    public var roundTripDiagnostics = true
    /// Requests of each half of the memory benchmark over the stub transport.
    public var stubMemoryRequests = 10_000
    /// Requests of each half of the memory benchmarks on loopback.
    public var loopbackMemoryRequests = 2_000
    /// The loopback server of the round-trip and memory benchmarks (`run.sh` starts nginx serving
    /// `/json` and `/large.bin`, see Benchmarks/Server/nginx.sh); they are skipped without one.
    public var server: URL?

    /// The full run of `run.sh`.
    public static var standard: BenchmarkSettings { BenchmarkSettings() }

    /// A run of a few seconds that exercises every benchmark, for checking that they work.
    public static var quick: BenchmarkSettings {
        var settings = BenchmarkSettings()
        settings.microRuns = 3
        settings.microBlocksPerRun = 5
        settings.roundTripRuns = 2
        settings.sequentialRequests = 200
        settings.sequentialBlock = 50
        settings.concurrentRequests = 256
        settings.concurrentBlock = 128
        settings.stubMemoryRequests = 1_000
        settings.loopbackMemoryRequests = 200
        return settings
    }

    /// The settings as text, for the report.
    public var summary: [String: String] {
        [
            "microRuns": "\(microRuns)", "microBlocksPerRun": "\(microBlocksPerRun)",
            "microBlockDuration": "\(microBlockDuration)", "roundTripRuns": "\(roundTripRuns)",
            "sequentialRequests": "\(sequentialRequests)", "sequentialBlock": "\(sequentialBlock)",
            "concurrentRequests": "\(concurrentRequests)", "concurrentBlock": "\(concurrentBlock)",
            "concurrency": "\(concurrency)", "stubMemoryRequests": "\(stubMemoryRequests)",
            "loopbackMemoryRequests": "\(loopbackMemoryRequests)", "roundTripDiagnostics": "\(roundTripDiagnostics)",
        ]
    }

    /// The plan of the in-process benchmarks.
    var microPlan: MeasurementPlan {
        MeasurementPlan(runs: microRuns, blocksPerRun: microBlocksPerRun, iterations: .calibrated(microBlockDuration))
    }
}
