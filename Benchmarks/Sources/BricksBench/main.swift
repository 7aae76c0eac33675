import BenchmarkHarness
import BricksBenchmarks
import Foundation

// bricks-bench: runs the benchmarks of Bricks, prints Markdown tables and writes the results as JSON.
// See Options for the command line. The loopback benchmarks need BRICKS_HTTPBIN_URL (run.sh starts a
// local httpbin and sets it); BRICKS_BENCH_SWIFT_VERSION and BRICKS_BENCH_COMMIT, set by run.sh, go
// into the report.

let environment = ProcessInfo.processInfo.environment
let httpbin = environment["BRICKS_HTTPBIN_URL"].flatMap(URL.init(string:))
let clock = ContinuousClock()

func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

do {
    let options = try Options(Array(CommandLine.arguments.dropFirst()), probeArgument: MemoryBenchmarks.probeArgument)
    if let probe = options.probe {
        try await MemoryBenchmarks.probe(probe.scenario, count: probe.count, base: httpbin)
        exit(0)
    }

    var settings = options.quick ? BenchmarkSettings.quick : BenchmarkSettings.standard
    settings.httpbin = httpbin
    let started = Date()
    let startInstant = clock.now
    let loadAtStart = MachineInfo.loadAverage() ?? "unknown"
    var comparisons: [Comparison] = []
    var memory: [MemoryReading] = []

    for group in Options.allGroups where options.groups.contains(group) {
        let groupStart = clock.now
        log("==> \(group)")
        switch group {
        case "memory":
            // First, though it hardly matters: each scenario runs in a fresh child process.
            memory = try MemoryBenchmarks.run(settings, base: httpbin)
        case "build":
            comparisons += try await BuildBenchmarks.run(settings)
        case "decode":
            comparisons += try await DecodeBenchmarks.run(settings)
        case "middleware":
            comparisons += try await MiddlewareBenchmarks.run(settings)
        default:
            guard let httpbin else {
                log("    skipped: BRICKS_HTTPBIN_URL is not set")
                continue
            }
            comparisons += try await RoundTripBenchmarks.run(settings, base: httpbin)
        }
        log("    \(group): \(clock.now - groupStart)")
    }

    var summary = settings.summary
    summary["mode"] = options.quick ? "quick" : "standard"
    summary["groups"] = options.groups.sorted().joined(separator: ",")
    let report = Report(
        date: started, swiftVersion: environment["BRICKS_BENCH_SWIFT_VERSION"] ?? "unknown",
        commit: environment["BRICKS_BENCH_COMMIT"] ?? "unknown", machine: .current(),
        loadAverage: [loadAtStart, MachineInfo.loadAverage() ?? "unknown"],
        durationSeconds: (clock.now - startInstant).microseconds / 1e6, settings: summary,
        comparisons: comparisons, memory: memory)
    print(report.markdown)
    if let output = options.output { try report.write(to: output) }
    if let markdown = options.markdown {
        try Data((report.markdown + "\n").utf8).write(to: markdown, options: .atomic)
    }
    if !report.allTargetsMet { print("\nSome targets were missed (❌ above).") }
} catch {
    log("bricks-bench: \(error)")
    exit(1)
}
