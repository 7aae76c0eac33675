import BenchmarkHarness
import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Files far larger than memory, through `Session` on any transport (issue 13), against the
/// transfer server (`Benchmarks/Server/transfer-server.py`, started by `Benchmarks/transfer.sh`),
/// which serves one file of random bytes (1 GiB by default) and hashes uploads:
///
/// - ``Scenario/download``: `Session.download(_:to:)` of the whole file; the file's SHA-256 must
///   equal the server's;
/// - ``Scenario/cancel``: the same download, its task cancelled once half has arrived: no file,
///   partial or whole, may be left in the destination's folder;
/// - ``Scenario/resume``: the server breaks the connection after half of the body; the download
///   must resume with `Range` and `If-Range` and end with the right bytes;
/// - ``Scenario/slowReader``: `Session.bytes(of:)` of the file read at 20 ms a chunk for at most
///   a minute: memory and the spool file on disk (URLSession) must stay bounded;
/// - ``Scenario/upload``: the downloaded file sent back with `FileBodyRequestType` and
///   `send(_:uploadProgress:)`; the server's SHA-256 of what it received must equal the file's,
///   and progress must be reported at least every MiB, ending at 100 %.
///
/// Each scenario runs in a fresh process (``MemoryProbe``), whose peak resident memory (`VmHWM`,
/// reset just before the transfer) must stay under ``peakLimitMiB``.
public enum FileTransferBenchmarks {
    /// The argument that makes the benchmark command run the transfers of one transport.
    public static let runArgument = "--transfer"
    /// The argument that makes the benchmark command run one scenario (in a child process).
    public static let probeArgument = "--transfer-probe"
    /// The most the process may hold resident at any time during a transfer.
    public static let peakLimitMiB = 64

    /// One transfer.
    public enum Scenario: String, CaseIterable, Sendable {
        case download, cancel, resume, slowReader, upload
    }

    /// How long the slow reader reads before it stops.
    static let slowReaderDuration: Duration = .seconds(60)

    /// What the transfer server said about itself (its port file, passed as BRICKS_TRANSFER_SERVER).
    struct Server: Decodable {
        let port: Int
        let size: Int64
        let sha256: String
        var base: URL? { URL(string: "http://127.0.0.1:\(port)") }
    }

    /// `GET /file`, interrupted after `drop` bytes when set.
    struct GetFile: RequestContextType, GETRequestType, DataResponseType {
        let baseURL: URL
        var drop: Int64?
        var path: String { "/file" }
        var queryItems: [URLQueryItem] { drop.map { [URLQueryItem(name: "drop", value: "\($0)")] } ?? [] }
    }

    /// `PUT /upload` with a file as the body.
    struct PutFile: RequestContextType, PUTRequestType, FileBodyRequestType, JSONResponseType {
        struct Received: Decodable, Sendable {
            let bytes: Int64
            let sha256: String
        }
        typealias Response = Received
        let baseURL: URL
        let fileURL: URL
        var path: String { "/upload" }
        var timeoutInterval: TimeInterval { 600 }
    }

    /// One request the transfer server logged.
    struct LoggedRequest: Decodable, Sendable {
        let method: String
        let path: String
        let range: String?
        let ifRange: String?
    }

    /// `GET /log`: the requests the server saw.
    struct GetLog: RequestContextType, GETRequestType, JSONResponseType {
        typealias Response = [LoggedRequest]
        let baseURL: URL
        var path: String { "/log" }
    }

    /// What one scenario did.
    public struct Reading: Codable, Sendable {
        /// The scenario.
        public var scenario: String
        /// The transport, for people.
        public var transport: String
        /// The bytes transferred (for a cancellation: before it took effect).
        public var bytes: Int64
        /// The transfer's duration in seconds.
        public var seconds: Double
        /// Resident memory just before the transfer, in KiB.
        public var residentAtStartKiB: Int
        /// The peak resident memory of the process during the transfer, in KiB.
        public var peakKiB: Int
        /// What was checked, in words, with the figures.
        public var checks: [String]
        /// Whether every check held and the peak stayed under ``FileTransferBenchmarks/peakLimitMiB``.
        public var passed: Bool
        /// Why the scenario failed, when it failed outright.
        public var failure: String?
    }

    /// Runs every scenario on the transport of the calling command, each in its own process, and
    /// prints a table; returns whether all passed.
    public static func run(transportName: String, transportKey: String) -> Bool {
        var readings: [Reading] = []
        for scenario in Scenario.allCases {
            FileHandle.standardError.write(Data("==> \(transportName): \(scenario.rawValue)\n".utf8))
            do {
                readings.append(try MemoryProbe.runInChildProcess(arguments: [probeArgument, scenario.rawValue], as: Reading.self))
            } catch {
                readings.append(Reading(
                    scenario: scenario.rawValue, transport: transportName, bytes: 0, seconds: 0, residentAtStartKiB: 0,
                    peakKiB: 0, checks: [], passed: false, failure: "\(error)"))
            }
        }
        print(table(readings))
        return readings.allSatisfy(\.passed)
    }

    /// The readings as a Markdown table.
    static func table(_ readings: [Reading]) -> String {
        var lines = [
            "| Transport | Scenario | Bytes | Time | MiB/s | RSS at start | Peak RSS | Checks | |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for reading in readings {
            let mib = Double(reading.bytes) / 1_048_576
            let rate = reading.seconds > 0 ? String(format: "%.0f", mib / reading.seconds) : "—"
            let checks = reading.failure.map { "failed: \($0)" } ?? reading.checks.joined(separator: "; ")
            lines.append(
                "| \(reading.transport) | \(reading.scenario) | \(String(format: "%.1f MiB", mib)) | "
                    + "\(String(format: "%.2f s", reading.seconds)) | \(rate) | "
                    + "\(String(format: "%.1f MiB", Double(reading.residentAtStartKiB) / 1024)) | "
                    + "\(String(format: "%.1f MiB", Double(reading.peakKiB) / 1024)) | \(checks) | \(reading.passed ? "✅" : "❌") |")
        }
        return lines.joined(separator: "\n")
    }

    /// In the child: runs `scenario` on `transport` and prints its reading.
    public static func probe(_ scenarioName: String, transport: any HTTPTransport, transportName: String) async throws {
        guard let scenario = Scenario(rawValue: scenarioName) else {
            throw BenchmarkError("no transfer scenario \(scenarioName); there are \(Scenario.allCases.map(\.rawValue))")
        }
        guard let portFile = ProcessInfo.processInfo.environment["BRICKS_TRANSFER_SERVER"],
            let server = try? JSONDecoder().decode(Server.self, from: Data(contentsOf: URL(fileURLWithPath: portFile))),
            let base = server.base
        else {
            throw BenchmarkError("BRICKS_TRANSFER_SERVER must name the transfer server's port file (run Benchmarks/transfer.sh)")
        }
        let session = Session(transport: transport)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("bricks-transfer-\(transportName)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        // Warm-up: the connection, the transport's threads, the allocator's arenas.
        _ = try await session.send(GetLog(baseURL: base))

        var reading = Reading(
            scenario: scenario.rawValue, transport: transportName, bytes: 0, seconds: 0, residentAtStartKiB: 0, peakKiB: 0,
            checks: [], passed: false)
        let reset = ResourceUsage.resetPeakResident()
        reading.residentAtStartKiB = ResourceUsage.currentResidentKiB() ?? ResourceUsage.peakResidentKiB()
        let clock = ContinuousClock()
        let start = clock.now
        var checks: [(String, Bool)] = []
        switch scenario {
        case .download:
            let destination = work.appendingPathComponent("download.bin")
            let progress = ProgressLog()
            let head = try await session.download(GetFile(baseURL: base), to: destination) { progress.add($0) }
            reading.seconds = (clock.now - start).microseconds / 1e6
            reading.peakKiB = ResourceUsage.peakResidentKiB()
            reading.bytes = fileSize(destination)
            let digest = try sha256(of: destination)
            checks.append(("status \(head.statusCode)", head.statusCode == 200))
            checks.append(("\(reading.bytes) bytes written", reading.bytes == server.size))
            checks.append(("SHA-256 \(digest.prefix(12))… \(digest == server.sha256 ? "=" : "≠") server's", digest == server.sha256))
            checks.append(progress.summary(expected: server.size))
        case .cancel:
            let destination = work.appendingPathComponent("cancelled.bin")
            try? FileManager.default.removeItem(at: destination)
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: work.path))
            let (half, halfReached) = AsyncStream<Int64>.makeStream()
            let task = Task {
                try await session.download(GetFile(baseURL: base), to: destination) { progress in
                    if progress.completedBytes >= server.size / 2 { halfReached.yield(progress.completedBytes) }
                }
            }
            var reached: Int64 = 0
            for await bytes in half {
                reached = bytes
                break
            }
            let peakBeforeCancelKiB = ResourceUsage.peakResidentKiB()
            task.cancel()
            let result = await task.result
            reading.seconds = (clock.now - start).microseconds / 1e6
            reading.peakKiB = ResourceUsage.peakResidentKiB()
            reading.bytes = reached
            let after = Set(try FileManager.default.contentsOfDirectory(atPath: work.path))
            let outcome: String
            switch result {
            case .success: outcome = "the download completed"
            case .failure(let error as BricksError): outcome = "\(error.reason)"
            case .failure(let error): outcome = "\(error)"
            }
            checks.append((
                "cancelled at \(reached * 100 / max(server.size, 1)) % (peak then \(peakBeforeCancelKiB / 1024) MiB): \(outcome)",
                outcome.hasPrefix("cancelled")))
            checks.append(("no file left (\(after.subtracting(before).sorted()))", after == before && !FileManager.default.fileExists(atPath: destination.path)))
        case .resume:
            let destination = work.appendingPathComponent("resumed.bin")
            _ = try await session.send(ResetLog(baseURL: base))
            let head = try await session.download(GetFile(baseURL: base, drop: server.size / 2), to: destination)
            reading.seconds = (clock.now - start).microseconds / 1e6
            reading.peakKiB = ResourceUsage.peakResidentKiB()
            reading.bytes = fileSize(destination)
            let digest = try sha256(of: destination)
            let log = try await session.send(GetLog(baseURL: base)).filter { $0.path == "/file" }
            let ranges = log.map { entry in
                entry.range.map { "Range \($0), If-Range \(entry.ifRange ?? "absent")" } ?? "no Range"
            }
            // The second request asks for the rest of what the first delivered (a transport may
            // lose what it had buffered when the connection broke: AsyncHTTPClient does).
            let resumedAt = log.count == 2 ? log[1].range.flatMap { Int64($0.dropFirst("bytes=".count).dropLast()) } : nil
            checks.append((
                "requests: \(ranges.joined(separator: " then "))",
                log.count == 2 && log[0].range == nil && resumedAt.map { $0 > 0 && $0 <= server.size / 2 } == true
                    && log[1].ifRange != nil))
            checks.append(("final status \(head.statusCode)", head.statusCode == 206))
            checks.append(("SHA-256 \(digest.prefix(12))… \(digest == server.sha256 ? "=" : "≠") server's", digest == server.sha256 && reading.bytes == server.size))
            try? FileManager.default.removeItem(at: destination)
        case .slowReader:
            let watch = SpoolWatch()
            let watching = Task { await watch.run() }
            var received: Int64 = 0
            var chunks = 0
            var outcome = "stopped after \(slowReaderDuration)"
            do {
                var finished = true
                for try await chunk in session.bytes(of: GetFile(baseURL: base)) {
                    received += Int64(chunk.count)
                    chunks += 1
                    try await Task.sleep(for: .milliseconds(20))
                    if clock.now - start > slowReaderDuration {
                        finished = false
                        break
                    }
                }
                if finished { outcome = "the whole body" }
            } catch let error as BricksError {
                outcome = "\(error.reason)"
            }
            watching.cancel()
            reading.seconds = (clock.now - start).microseconds / 1e6
            reading.peakKiB = ResourceUsage.peakResidentKiB()
            reading.bytes = received
            let spoolPeak = watch.peakBytes
            checks.append(("read \(chunks) chunks at 20 ms each: \(outcome)", true))
            checks.append((
                "spool file peak \(String(format: "%.1f", Double(spoolPeak) / 1_048_576)) MiB ≤ 256 MiB",
                spoolPeak <= 256 << 20))
        case .upload:
            let source = work.appendingPathComponent("download.bin")
            guard fileSize(source) == server.size else {
                throw BenchmarkError("run the download scenario first: it leaves the file that is uploaded")
            }
            let progress = ProgressLog()
            let received = try await session.send(PutFile(baseURL: base, fileURL: source)) { progress.add($0) }
            reading.seconds = (clock.now - start).microseconds / 1e6
            reading.peakKiB = ResourceUsage.peakResidentKiB()
            reading.bytes = received.bytes
            checks.append(("server received \(received.bytes) bytes", received.bytes == server.size))
            checks.append(("server's SHA-256 \(received.sha256.prefix(12))… \(received.sha256 == server.sha256 ? "=" : "≠") file's", received.sha256 == server.sha256))
            checks.append(progress.summary(expected: server.size))
            try? FileManager.default.removeItem(at: source)
        }
        if !reset { checks.append(("the peak could not be reset: it includes the warm-up", true)) }
        let peakMiB = Double(reading.peakKiB) / 1024
        checks.append(("peak \(String(format: "%.1f", peakMiB)) MiB < \(peakLimitMiB) MiB", peakMiB < Double(peakLimitMiB)))
        reading.checks = checks.map { $0.1 ? $0.0 : "✗ \($0.0)" }
        reading.passed = checks.allSatisfy(\.1)
        try MemoryProbe.report(reading)
    }

    /// The largest spool file (`bricks-body-*.spool`, unlinked but open) this process held, sampled
    /// every 50 ms through `/proc/self/fd`.
    final class SpoolWatch: @unchecked Sendable {
        private let lock = NSLock()
        private var peak: Int64 = 0

        var peakBytes: Int64 { lock.withLock { peak } }

        func run() async {
            while !Task.isCancelled {
                sample()
                try? await Task.sleep(for: .milliseconds(50))
            }
            sample()
        }

        private func sample() {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            var largest: Int64 = 0
            for descriptor in descriptors {
                let link = "/proc/self/fd/\(descriptor)"
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: link),
                    target.contains("bricks-body-")
                else { continue }
                var info = stat()
                if stat(link, &info) == 0 { largest = max(largest, Int64(info.st_size)) }
            }
            lock.withLock { peak = max(peak, largest) }
        }
    }

    /// `POST /log/reset`.
    struct ResetLog: RequestContextType, POSTRequestType, DataResponseType {
        let baseURL: URL
        var path: String { "/log/reset" }
    }

    /// The progress reports of a transfer: how many, the largest step between two, the last.
    final class ProgressLog: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var last: Int64 = 0
        private var largestStep: Int64 = 0
        private var lastExpected: Int64?

        /// Called from the transfer for each report (`@unchecked Sendable`: the lock guards all).
        func add(_ progress: TransferProgress) {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            largestStep = max(largestStep, progress.completedBytes - last)
            last = progress.completedBytes
            lastExpected = progress.expectedBytes
        }

        /// A check: reported at least every MiB, ending at 100 % of `expected`.
        func summary(expected: Int64) -> (String, Bool) {
            lock.lock()
            defer { lock.unlock() }
            let text = "\(count) progress reports, largest step \(largestStep / 1024) KiB, last \(last * 100 / max(expected, 1)) % of \(lastExpected.map(String.init) ?? "unknown")"
            return (text, largestStep <= 1_048_576 && last == expected && lastExpected == expected)
        }
    }

    static func fileSize(_ url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? -1
    }

    /// The SHA-256 of a file, in hex, by `sha256sum` (in its own process: its memory is not ours).
    static func sha256(of url: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", url.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("sha256sum \(url.path) failed") }
        return String(String(decoding: data, as: UTF8.self).prefix { $0 != " " })
    }
}
