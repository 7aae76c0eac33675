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
    /// The streaming memory readings.
    public var streaming: [StreamingReading]

    /// Makes a report.
    public init(
        date: Date, swiftVersion: String, commit: String, machine: MachineInfo, loadAverage: [String],
        durationSeconds: Double, settings: [String: String], comparisons: [Comparison], memory: [MemoryReading],
        streaming: [StreamingReading] = []
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
        self.streaming = streaming
    }

    /// Whether every comparison with a target met it, every memory reading is flat and every
    /// streaming reading is within its limit.
    public var allTargetsMet: Bool {
        comparisons.allSatisfy { $0.met ?? true } && memory.allSatisfy(\.flat)
            && streaming.allSatisfy { $0.withinLimit ?? true }
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
        if !streaming.isEmpty { lines += [""] + Self.streamingTable(streaming) }
        return lines.joined(separator: "\n")
    }

    /// The streaming memory readings as a Markdown table.
    public static func streamingTable(_ readings: [StreamingReading]) -> [String] {
        var lines = [
            "| Streaming memory | Body | Chunks | Largest chunk | Peak growth, worst run | Every run | Limit (2 × chunk + constant) | |",
            "|---|--:|--:|--:|--:|---|--:|---|",
        ]
        let mib = { (kib: Int) in Format.fixed(Double(kib) / 1024, 1) }
        for reading in readings {
            let verdict = reading.withinLimit.map { $0 ? "✅" : "❌" } ?? ""
            guard reading.bodyBytes > 0 else {
                lines.append("| \(reading.title) | — | — | — | — | \(reading.failure ?? "failed") | — | \(verdict) |")
                continue
            }
            let limit = reading.limitKiB.map { "\(Format.fixed(Double($0) / 1024, 2)) MiB" } ?? "— (buffered by design)"
            var runs = (reading.growthsKiB ?? [reading.growthKiB]).map(mib).joined(separator: ", ") + " MiB"
            if let failure = reading.failure { runs += "; \(failure)" }
            lines.append(
                "| \(reading.title) | \(Format.fixed(Double(reading.bodyBytes) / 1_048_576, 1)) MiB | \(reading.chunks) "
                    + "| \(Format.fixed(Double(reading.largestChunkBytes) / 1024, 1)) KiB "
                    + "| \(Format.fixed(Double(reading.growthKiB) / 1024, 2)) MiB | \(runs) | \(limit) | \(verdict) |")
        }
        if readings.contains(where: { !$0.peakWasReset && $0.bodyBytes > 0 }) {
            lines.append("")
            lines.append("The kernel's peak could not be reset: growth is measured from the process's earlier peak.")
        }
        return lines
    }
}
