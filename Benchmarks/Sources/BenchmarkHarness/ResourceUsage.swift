import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's CPU time and memory, read from the kernel.
public enum ResourceUsage {
    /// User plus system CPU time consumed so far by every thread of this process.
    public static func processCPUTime() -> Duration {
        guard let usage = selfUsage() else { return .zero }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    /// The peak resident set size of this process so far, in KiB (`VmHWM` on Linux, `ru_maxrss`
    /// elsewhere).
    public static func peakResidentKiB() -> Int {
        if let value = procStatus("VmHWM") { return value }
        guard let usage = selfUsage() else { return 0 }
        #if canImport(Darwin)
        return Int(usage.ru_maxrss) / 1024  // bytes on Apple platforms
        #else
        return Int(usage.ru_maxrss)  // KiB on Linux
        #endif
    }

    /// Resets the peak resident set size (`VmHWM`) to the current one, where the kernel allows it
    /// (Linux: writing `5` to /proc/self/clear_refs), so that a later ``peakResidentKiB()`` is
    /// the peak since now.
    /// - Returns: whether the peak was reset.
    public static func resetPeakResident() -> Bool {
        #if os(Linux)
        guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? file.close() }
        do {
            try file.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
        #else
        return false
        #endif
    }

    /// The current resident set size in KiB (`VmRSS`), or `nil` where /proc is not available.
    public static func currentResidentKiB() -> Int? {
        procStatus("VmRSS")
    }

    /// `getrusage(RUSAGE_SELF)`, or `nil` when it fails.
    private static func selfUsage() -> rusage? {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        return getrusage(who, &usage) == 0 ? usage : nil
    }

    private static func duration(_ time: timeval) -> Duration {
        .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
    }

    /// A `kB` field of /proc/self/status.
    private static func procStatus(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let digits = line.dropFirst(field.count + 1).filter(\.isNumber)
            return Int(digits)
        }
        return nil
    }
}
