import BenchmarkHarness
import BricksAsyncHTTPClient
import BricksBenchmarks
import Foundation

/// What bricks-bench-ahc does: parse the command line, run the round trips (or one side of one,
/// for a profiler), report, and shut the AsyncHTTPClient clients down whatever happens.
enum Command {
    static let environment = ProcessInfo.processInfo.environment

    /// Runs the command and returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        do {
            switch arguments.first {
            case FileTransferBenchmarks.runArgument:
                return FileTransferBenchmarks.run(transportName: "AsyncHTTPClientTransport", transportKey: "ahc") ? 0 : 1
            case FileTransferBenchmarks.probeArgument:
                let transport = AsyncHTTPClientTransport()
                do {
                    try await FileTransferBenchmarks.probe(
                        arguments.dropFirst().first ?? "", transport: transport, transportName: "AsyncHTTPClientTransport")
                } catch {
                    try? await transport.shutdown()
                    throw error
                }
                try await transport.shutdown()
                return 0
            default: break
            }
            let options = try Options(arguments)
            guard
                let base = (environment["BRICKS_BENCH_SERVER_URL"] ?? environment["BRICKS_HTTPBIN_URL"])
                    .flatMap(URL.init(string:))
            else {
                throw BenchmarkError(
                    "BRICKS_BENCH_SERVER_URL is not set: run `bash Benchmarks/run.sh --ahc`, which starts a local nginx")
            }
            if let probe = options.probe {
                try await Self.probe(probe, base: base)
                return 0
            }
            var settings = options.quick ? BenchmarkSettings.quick : BenchmarkSettings.standard
            settings.server = base
            settings.roundTripDiagnostics = false
            let ahc = AsyncHTTPClientContenders(base: base, concurrency: settings.concurrency)
            do {
                try await run(options, settings: settings, ahc: ahc)
            } catch {
                try? await ahc.shutdown()
                throw error
            }
            try await ahc.shutdown()
            return 0
        } catch {
            FileHandle.standardError.write(Data("bricks-bench-ahc: \(error)\n".utf8))
            return 1
        }
    }

    /// The streaming memory scenarios on `AsyncHTTPClientTransport`.
    static let streamingScenarios = StreamingMemoryBenchmarks.scenarios(
        transportKey: "ahc", routes: [.session, .transport])

    /// In a child process: one streaming memory scenario on an `AsyncHTTPClientTransport` of its own.
    private static func probe(_ name: String, base: URL) async throws {
        guard let (_, route) = streamingScenarios.first(where: { $0.0 == name }) else {
            throw BenchmarkError("unknown memory scenario \(name); known: \(streamingScenarios.map(\.0))")
        }
        let transport = AsyncHTTPClientTransport()
        do {
            try await StreamingMemoryBenchmarks.probe(
                name: name, route: route, transport: transport, transportName: "AsyncHTTPClientTransport", base: base)
        } catch {
            try? await transport.shutdown()
            throw error
        }
        try await transport.shutdown()
    }

    private static func run(_ options: Options, settings: BenchmarkSettings, ahc: AsyncHTTPClientContenders) async throws {
        let clock = ContinuousClock()
        let base = settings.server ?? URL(fileURLWithPath: "/")
        let cases = AsyncHTTPClientRoundTrips.cases(settings, ahc: ahc, base: base)
        if let profile = options.profile {
            guard let found = cases.first(where: { $0.name == profile.name }) else {
                throw BenchmarkError("no case \(profile.name); there are \(cases.map(\.name).joined(separator: ", "))")
            }
            try await found.profile(profile.contender, iterations: profile.count)
            return
        }

        let started = Date()
        let startInstant = clock.now
        let loadAtStart = MachineInfo.loadAverage() ?? "unknown"
        var streaming: [StreamingReading] = []
        if options.streaming {
            FileHandle.standardError.write(Data("==> memory.stream (AsyncHTTPClientTransport)\n".utf8))
            streaming = StreamingMemoryBenchmarks.run(
                streamingScenarios, transportName: "AsyncHTTPClientTransport", probeArgument: MemoryBenchmarks.probeArgument)
        }
        var comparisons: [Comparison] = []
        for benchmark in cases {
            FileHandle.standardError.write(Data("==> \(benchmark.name)\n".utf8))
            comparisons += try await benchmark.run()
        }

        var summary = settings.summary
        summary["mode"] = options.quick ? "quick" : "standard"
        summary["asyncHTTPClientConfiguration"] =
            "AsyncHTTPClientTransport.defaultConfiguration, concurrentHTTP1ConnectionsPerHostSoftLimit "
            + "\(AsyncHTTPClientContenders.configuration(concurrency: settings.concurrency).connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit), "
            + "one HTTPClient per AsyncHTTPClient contender on HTTPClient.defaultEventLoopGroup"
        let report = Report(
            date: started, swiftVersion: environment["BRICKS_BENCH_SWIFT_VERSION"] ?? "unknown",
            commit: environment["BRICKS_BENCH_COMMIT"] ?? "unknown", machine: .current(),
            loadAverage: [loadAtStart, MachineInfo.loadAverage() ?? "unknown"],
            durationSeconds: (clock.now - startInstant).microseconds / 1e6, settings: summary,
            comparisons: comparisons, memory: [], streaming: streaming)
        let clients = cases.first?.contenders.map(\.name) ?? []
        let markdown =
            AsyncHTTPClientSummary.markdown(comparisons, clients: clients, concurrency: settings.concurrency)
            + "\n\n" + report.markdown
        print(markdown)
        if let output = options.output { try report.write(to: output) }
        if let file = options.markdown { try Data((markdown + "\n").utf8).write(to: file, options: .atomic) }
        if !report.allTargetsMet { print("\nSome targets were missed (❌ above).") }
    }
}
