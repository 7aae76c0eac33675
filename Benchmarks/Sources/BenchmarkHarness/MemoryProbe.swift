import Foundation

/// Measures peak memory in a fresh process, where no earlier benchmark has raised the peak.
///
/// The benchmark command runs itself again with arguments that name one scenario
/// (``runInChildProcess(arguments:)``); in that child, ``measure(name:title:count:warmup:toleranceKiB:body:)``
/// does the work and prints the reading, which the parent reads back.
public enum MemoryProbe {
    /// The prefix of the line that carries a reading from the child to the parent.
    static let marker = "BRICKS-MEMORY-READING "

    /// Warms up, then runs `body` for `count` requests twice, reading the peak after each half, and
    /// prints the reading for the parent process.
    /// - Parameters:
    ///   - count: the requests of each half.
    ///   - warmup: requests done before the baseline is read.
    ///   - toleranceKiB: the largest growth of the peak still counted as flat.
    ///   - body: does the given number of requests.
    @discardableResult
    public static func measure(
        name: String, title: String, count: Int, warmup: Int, toleranceKiB: Int,
        body: (_ requests: Int) async throws -> Void
    ) async throws -> MemoryReading {
        try await body(warmup)
        let baseline = ResourceUsage.peakResidentKiB()
        try await body(count)
        let peakAfterCount = ResourceUsage.peakResidentKiB()
        let residentAfterCount = ResourceUsage.currentResidentKiB()
        try await body(count)
        let reading = MemoryReading(
            name: name, title: title, count: count, baselineKiB: baseline, peakAfterCountKiB: peakAfterCount,
            peakAfterDoubleKiB: ResourceUsage.peakResidentKiB(), residentAfterCountKiB: residentAfterCount,
            residentAfterDoubleKiB: ResourceUsage.currentResidentKiB(), toleranceKiB: toleranceKiB)
        try report(reading)
        return reading
    }

    /// Prints `reading` for the parent process (see ``runInChildProcess(arguments:as:)``).
    public static func report(_ reading: some Encodable) throws {
        let json = try JSONEncoder().encode(reading)
        print(marker + String(decoding: json, as: UTF8.self))
    }

    /// Runs this executable again with `arguments` and returns the reading it printed.
    /// - Throws: ``BenchmarkError`` when the child fails or prints no reading.
    public static func runInChildProcess(arguments: [String]) throws -> MemoryReading {
        try runInChildProcess(arguments: arguments, as: MemoryReading.self)
    }

    /// Runs this executable again with `arguments` and returns the reading of type `type` it printed.
    /// - Throws: ``BenchmarkError`` when the child fails or prints no reading.
    public static func runInChildProcess<Reading: Decodable>(arguments: [String], as type: Reading.Type) throws
        -> Reading
    {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // The child's standard error goes to a file (a crash's backtrace can fill a pipe), read back
        // for the error message.
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("bricks-memory-probe-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardError = errorHandle
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errorHandle.close()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            let lines = errors.split(separator: "\n").map(String.init)
            FileHandle.standardError.write(Data((lines.prefix(12).joined(separator: "\n") + "\n").utf8))
            let cause = lines.first { $0.contains("Fatal error") || $0.contains("error") } ?? lines.first ?? text
            let how = process.terminationReason == .uncaughtSignal ? "was killed by signal" : "exited with status"
            throw BenchmarkError("the memory probe \(arguments) \(how) \(process.terminationStatus): \(cause)")
        }
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(marker) }) else {
            throw BenchmarkError("the memory probe \(arguments) printed no reading: \(text)")
        }
        return try JSONDecoder().decode(Reading.self, from: Data(line.dropFirst(marker.count).utf8))
    }
}
