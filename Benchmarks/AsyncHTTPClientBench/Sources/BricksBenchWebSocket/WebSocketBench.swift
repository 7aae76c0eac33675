import BenchmarkHarness
import Bricks
import BricksAsyncHTTPClient
import Foundation

enum WebSocketBench {
    static let throughputTarget = 0.9
    static let cpuTarget = 1.15
    static let memoryTargetMiB = 64.0

    static func run(_ arguments: [String]) async -> Int32 {
        do {
            switch arguments.first {
            case "serve":
                try EchoServer.serve()
            case MemoryProbe.argument:
                guard arguments.count == 3, let port = Int(arguments[2]) else { throw BenchError("usage: probe-memory bricks|raw PORT") }
                try await MemoryProbe.probe(client: arguments[1], port: port)
                return 0
            default:
                try await compare(arguments)
                return 0
            }
        } catch {
            FileHandle.standardError.write(Data("bricks-bench-websocket: \(error)\n".utf8))
            return 1
        }
    }

    private static func compare(_ arguments: [String]) async throws {
        var quick = false
        var rounds = 5
        var markdownFile: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--rounds": rounds = try rest.popFirst().flatMap(Int.init) ?? { throw BenchError("--rounds needs a number") }()
            case "--markdown": markdownFile = rest.popFirst()
            default: throw BenchError("unknown argument \(argument)")
            }
        }
        if quick { rounds = min(rounds, 1) }

        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        server.arguments = ["serve"]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer { server.terminate() }
        guard let line = String(data: output.fileHandleForReading.availableData, encoding: .utf8),
            let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchError("the echo server did not print its port") }

        let started = Date()
        let loadAtStart = MachineInfo.loadAverage() ?? "unknown"
        let transport = AsyncHTTPClientTransport()
        let base = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
        let bricks = BricksContender(session: Session(transport: transport), base: base)
        let raw = RawNIOContender(port: port)
        var results: [WorkloadResult] = []
        do {
            for workload in Workload.all(quick: quick) {
                FileHandle.standardError.write(Data("==> \(workload.name) (\(workload.count) messages × \(rounds) rounds)\n".utf8))
                var result = WorkloadResult(workload: workload)
                result.loadBefore = MachineInfo.loadAverage() ?? "unknown"
                // A warm-up of each, untimed.
                _ = try await Workload(name: "", kind: workload.kind, oneWay: workload.oneWay, count: max(workload.count / 10, 1)).run(bricks)
                _ = try await Workload(name: "", kind: workload.kind, oneWay: workload.oneWay, count: max(workload.count / 10, 1)).run(raw)
                for round in 0..<rounds {
                    if round % 2 == 0 {
                        result.bricks.append(try await workload.run(bricks))
                        result.raw.append(try await workload.run(raw))
                    } else {
                        result.raw.append(try await workload.run(raw))
                        result.bricks.append(try await workload.run(bricks))
                    }
                }
                result.loadAfter = MachineInfo.loadAverage() ?? "unknown"
                results.append(result)
            }
        } catch {
            try? await transport.shutdown()
            throw error
        }
        try await transport.shutdown()

        FileHandle.standardError.write(Data("==> 1 GiB one-way stream read slowly (a child process per client)\n".utf8))
        let memoryLoad = MachineInfo.loadAverage() ?? "unknown"
        let bricksMemory = try MemoryProbe.measure(client: "bricks", port: port)
        let rawMemory = try MemoryProbe.measure(client: "raw", port: port)

        let markdown = report(
            results, rounds: rounds, quick: quick, started: started, loadAtStart: loadAtStart,
            memory: (bricksMemory, rawMemory, memoryLoad))
        print(markdown)
        if let markdownFile { try Data((markdown + "\n").utf8).write(to: URL(fileURLWithPath: markdownFile), options: .atomic) }
    }

    private static func report(
        _ results: [WorkloadResult], rounds: Int, quick: Bool, started: Date, loadAtStart: String,
        memory: (
            bricks: (peakMiB: Double, baselineMiB: Double, seconds: Double),
            raw: (peakMiB: Double, baselineMiB: Double, seconds: Double), load: String
        )
    ) -> String {
        let environment = ProcessInfo.processInfo.environment
        let machine = MachineInfo.current()
        #if DEBUG
        let build = "DEBUG build (not for the record)"
        #else
        let build = "release build"
        #endif
        func f(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        func spread(_ values: [Double]) -> String {
            "\(f(median(values), 3)) (\(f(values.min() ?? .nan, 2))–\(f(values.max() ?? .nan, 2)))"
        }
        var lines = [
            "# WebSocket benchmark: a Bricks endpoint on AsyncHTTPClientTransport vs raw SwiftNIO",
            "",
            "Run of \(ISO8601DateFormatter().string(from: started)) — Bricks \(environment["BRICKS_BENCH_COMMIT"] ?? "unknown"), "
                + "\(environment["BRICKS_BENCH_SWIFT_VERSION"] ?? "Swift unknown"), \(build)\(quick ? ", QUICK run (not for the record)" : ""). "
                + "\(machine.cpuModel), \(machine.logicalCores) logical cores, shared with other engineers' builds: "
                + "load average (1, 5, 15 min) \(loadAtStart) at the start.",
            "",
            "Server: SwiftNIO `NIOWebSocket` echo/stream server in a process of its own on 127.0.0.1 (one event loop), so the CPU "
                + "time below is the client's alone (getrusage of the client process over the timed loop). Raw client: SwiftNIO's "
                + "`NIOTypedWebSocketClientUpgrader` + `NIOAsyncChannel<WebSocketFrame, WebSocketFrame>`, the same JSON coding, "
                + "payloads kept as `ByteBuffer`, on the same event loops. Bricks: `session.connect(to:)` with typed endpoints "
                + "(`Tick` as JSON text, `Data` as binary), default `WebSocketSettings`. Each workload: one untimed warm-up of "
                + "each, then \(rounds) rounds, each running both clients in alternating order; ratios are per round, "
                + "reported as median (min–max). Handshakes are not timed.",
            "",
            "| workload | messages | Bricks msg/s | raw msg/s | msg/s ratio (≥ \(f(throughputTarget, 2))×) | Bricks CPU µs/msg | raw CPU µs/msg | CPU ratio (≤ \(f(cpuTarget, 2))×) | load before → after |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for result in results {
            let throughput = median(result.throughputRatios)
            let cpu = median(result.cpuRatios)
            lines.append(
                "| \(result.workload.name) | \(result.workload.count) "
                    + "| \(f(median(result.bricks.map(\.messagesPerSecond)), 0)) | \(f(median(result.raw.map(\.messagesPerSecond)), 0)) "
                    + "| \(spread(result.throughputRatios))× \(throughput >= throughputTarget ? "✅" : "❌") "
                    + "| \(f(median(result.bricks.map(\.cpuMicrosecondsPerMessage)), 2)) | \(f(median(result.raw.map(\.cpuMicrosecondsPerMessage)), 2)) "
                    + "| \(spread(result.cpuRatios))× \(cpu <= cpuTarget ? "✅" : "❌") "
                    + "| \(result.loadBefore) → \(result.loadAfter) |")
        }
        lines += [
            "",
            "## Peak memory of a 1 GiB one-way stream read slowly",
            "",
            "16,384 binary messages of 64 KiB; the reader sleeps 1 ms after every 4th message. Each client in a child process "
                + "of its own; peak = the process's `VmHWM` (reset just before connecting), the whole process's resident memory, "
                + "runtime included. Load average \(memory.load) before.",
            "",
            "| client | peak resident MiB (≤ \(f(memoryTargetMiB, 0)) MiB) | resident before connecting, MiB | seconds |",
            "|---|---|---|---|",
            "| Bricks (AsyncHTTPClientTransport) | \(f(memory.bricks.peakMiB, 1)) \(memory.bricks.peakMiB <= memoryTargetMiB ? "✅" : "❌") "
                + "| \(f(memory.bricks.baselineMiB, 1)) | \(f(memory.bricks.seconds, 1)) |",
            "| raw SwiftNIO | \(f(memory.raw.peakMiB, 1)) | \(f(memory.raw.baselineMiB, 1)) | \(f(memory.raw.seconds, 1)) |",
            "",
            "Per round (msg/s, CPU µs/msg; Bricks / raw):",
            "",
        ]
        for result in results {
            let rows = zip(result.bricks, result.raw).map {
                "\(f($0.messagesPerSecond, 0))/\(f($1.messagesPerSecond, 0)), \(f($0.cpuMicrosecondsPerMessage, 1))/\(f($1.cpuMicrosecondsPerMessage, 1))"
            }
            lines.append("- \(result.workload.name): " + rows.joined(separator: "; "))
        }
        return lines.joined(separator: "\n")
    }
}
