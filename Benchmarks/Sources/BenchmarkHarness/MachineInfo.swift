import Foundation

/// The machine a report was measured on.
public struct MachineInfo: Codable, Sendable {
    /// The CPU model, from /proc/cpuinfo where there is one.
    public var cpuModel: String
    /// Logical cores available to the process.
    public var logicalCores: Int
    /// Physical memory, in GiB.
    public var memoryGiB: Double
    /// The operating system and kernel.
    public var operatingSystem: String

    /// Reads the machine this process runs on.
    public static func current() -> MachineInfo {
        let info = ProcessInfo.processInfo
        return MachineInfo(
            cpuModel: cpuModelName() ?? "unknown", logicalCores: info.activeProcessorCount,
            memoryGiB: (Double(info.physicalMemory) / 1_073_741_824 * 10).rounded() / 10,
            operatingSystem: info.operatingSystemVersionString)
    }

    /// The 1, 5 and 15 minute load averages, or `nil` where /proc is not available. Other processes
    /// running at the same time show up here.
    public static func loadAverage() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    private static func cpuModelName() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
}
