import BenchmarkHarness
import Bricks
import BricksBenchmarks
import Foundation

/// What bricks-bench does: parse the command line, run the benchmarks or one probe, report.
enum Command {
    static let environment = ProcessInfo.processInfo.environment
    /// The loopback server (nginx, started by run.sh); BRICKS_HTTPBIN_URL is accepted too.
    static let server = (environment["BRICKS_BENCH_SERVER_URL"] ?? environment["BRICKS_HTTPBIN_URL"])
        .flatMap(URL.init(string:))

    /// Runs the command and returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        do {
            try await runThrowing(arguments)
            return 0
        } catch {
            log("bricks-bench: \(error)")
            return 1
        }
    }

    static func log(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    private static func runThrowing(_ arguments: [String]) async throws {
        switch arguments.first {
        case FileTransferBenchmarks.runArgument:
            guard FileTransferBenchmarks.run(transportName: "URLSessionTransport", transportKey: "urlsession") else {
                throw BenchmarkError("some transfers failed (❌ above)")
            }
            return
        case FileTransferBenchmarks.probeArgument:
            try await FileTransferBenchmarks.probe(
                arguments.dropFirst().first ?? "", transport: URLSessionTransport(), transportName: "URLSessionTransport")
            return
        default: break
        }
        let clock = ContinuousClock()
        let options = try Options(arguments, probeArgument: MemoryBenchmarks.probeArgument)
        if let probe = options.probe {
            try await MemoryBenchmarks.probe(probe.scenario, count: probe.count, base: server)
            return
        }
        var settings = options.quick ? BenchmarkSettings.quick : BenchmarkSettings.standard
        settings.server = server
        settings.roundTripDiagnostics = options.diagnostics
        if let profile = options.profile {
            // Only the profiled case's group is set up, so that the profile shows little else.
            let group = String(profile.name.prefix { $0 != "." })
            let cases = try await BricksSuite.cases(settings, groups: [group])
            guard let found = cases.first(where: { $0.name == profile.name }) else {
                throw BenchmarkError("no case \(profile.name); there are \(cases.map(\.name).joined(separator: ", "))")
            }
            try await found.profile(profile.contender, iterations: profile.count)
            return
        }
        let cases = try await BricksSuite.cases(settings, groups: options.groups)

        let started = Date()
        let startInstant = clock.now
        let loadAtStart = MachineInfo.loadAverage() ?? "unknown"
        var comparisons: [Comparison] = []
        var memory: [MemoryReading] = []
        var streaming: [StreamingReading] = []
        for group in BricksSuite.groups where options.groups.contains(group) {
            let groupStart = clock.now
            log("==> \(group)")
            if group == "memory" {
                memory = try MemoryBenchmarks.run(settings, base: server)
                streaming = MemoryBenchmarks.runStreaming(base: server)
            } else if group == "roundtrip" && server == nil {
                log("    skipped: BRICKS_BENCH_SERVER_URL is not set")
            }
            for benchmark in cases where benchmark.group == group {
                comparisons += try await benchmark.run()
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
            comparisons: comparisons, memory: memory, streaming: streaming)
        print(report.markdown)
        if let output = options.output { try report.write(to: output) }
        if let markdown = options.markdown {
            try Data((report.markdown + "\n").utf8).write(to: markdown, options: .atomic)
        }
        if !report.allTargetsMet { print("\nSome targets were missed (❌ above).") }
    }
}
