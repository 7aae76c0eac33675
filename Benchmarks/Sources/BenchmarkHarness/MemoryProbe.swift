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
        let json = try JSONEncoder().encode(reading)
        print(marker + String(decoding: json, as: UTF8.self))
        return reading
    }

    /// Runs this executable again with `arguments` and returns the reading it printed.
    /// - Throws: ``BenchmarkError`` when the child fails or prints no reading.
    public static func runInChildProcess(arguments: [String]) throws -> MemoryReading {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("the memory probe \(arguments) exited with status \(process.terminationStatus): \(text)")
        }
        guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix(marker) }) else {
            throw BenchmarkError("the memory probe \(arguments) printed no reading: \(text)")
        }
        return try JSONDecoder().decode(MemoryReading.self, from: Data(line.dropFirst(marker.count).utf8))
    }
}
