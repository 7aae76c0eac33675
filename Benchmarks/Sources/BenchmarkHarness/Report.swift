import Foundation

/// Everything one benchmark run found, with the facts needed to judge it: written as
/// `results/latest.json` and printed as Markdown tables.
public struct Report: Codable, Sendable {
    /// When the run started, ISO 8601 in UTC.
    public var date: String
    /// The Swift compiler that built the benchmarks.
    public var swiftVersion: String
    /// The commit of Bricks that was measured.
    public var commit: String
    /// The machine.
    public var machine: MachineInfo
    /// The load averages when the run started and when it ended.
    public var loadAverage: [String]
    /// How long the whole run took, in seconds.
    public var durationSeconds: Double
    /// Settings of the run (runs per benchmark, request counts, …).
    public var settings: [String: String]
    /// The comparisons with a floor.
    public var comparisons: [Comparison]
    /// The memory readings.
    public var memory: [MemoryReading]

    /// Makes a report.
    public init(
        date: Date, swiftVersion: String, commit: String, machine: MachineInfo, loadAverage: [String],
        durationSeconds: Double, settings: [String: String], comparisons: [Comparison], memory: [MemoryReading]
    ) {
        self.date = ISO8601DateFormatter().string(from: date)
        self.swiftVersion = swiftVersion
        self.commit = commit
        self.machine = machine
        self.loadAverage = loadAverage
        self.durationSeconds = (durationSeconds * 10).rounded() / 10
        self.settings = settings
        self.comparisons = comparisons
        self.memory = memory
    }

    /// Whether every comparison with a target met it and every memory reading is flat.
    public var allTargetsMet: Bool {
        comparisons.allSatisfy { $0.met ?? true } && memory.allSatisfy(\.flat)
    }

    /// Writes the report as pretty-printed JSON with sorted keys, creating the folder if needed.
    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (encoder.encode(self) + Data("\n".utf8)).write(to: url, options: .atomic)
    }

    /// The report as Markdown: the machine, the comparison table, notes and the memory table.
    public var markdown: String {
        var lines = [
            "Measured \(date) on \(machine.cpuModel), \(machine.logicalCores) cores, "
                + "\(Format.fixed(machine.memoryGiB, 1)) GiB, \(machine.operatingSystem); \(swiftVersion); "
                + "Bricks \(commit); load average \(loadAverage.joined(separator: " → ")); "
                + "\(Format.fixed(durationSeconds, 0)) s.",
            "",
            "| Benchmark | Unit | Bricks | Floor | Bricks / floor (IQR) | Δ | Target | |",
            "|---|---|--:|--:|--:|--:|---|---|",
        ]
        for row in comparisons {
            let ratio = "\(Format.fixed(row.ratio.median, 3)) (\(Format.fixed(row.ratio.p25, 2))–\(Format.fixed(row.ratio.p75, 2)))"
            let verdict = row.met.map { $0 ? "✅" : "❌" } ?? ""
            let target = row.target?.label ?? "—"
            lines.append(
                "| \(row.title) | \(row.unit) | \(Format.significant(row.bricks.median)) "
                    + "| \(Format.significant(row.floor.median)) | \(ratio) "
                    + "| \(Format.signed(row.difference.median)) | \(target) | \(verdict) |")
        }
        let notes = comparisons.compactMap { row in row.note.map { "- \(row.title): \($0)" } }
        if !notes.isEmpty { lines += [""] + notes }
        if !memory.isEmpty {
            lines += [
                "",
                "| Memory | Requests (N) | Peak after warm-up | Peak after N | Peak after 2N | Growth | Flat |",
                "|---|--:|--:|--:|--:|--:|---|",
            ]
            for reading in memory {
                lines.append(
                    "| \(reading.title) | \(reading.count) | \(Format.mebibytes(reading.baselineKiB)) "
                        + "| \(Format.mebibytes(reading.peakAfterCountKiB)) | \(Format.mebibytes(reading.peakAfterDoubleKiB)) "
                        + "| \(Format.mebibytes(reading.growthKiB)) (\(Format.fixed(reading.growthBytesPerRequest, 1)) B/request) "
                        + "| \(reading.flat ? "✅" : "❌") (≤ \(Format.mebibytes(reading.toleranceKiB))) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}
