import Foundation

/// The time an input may take, counted in CPU time of the fuzzing thread: libFuzzer's `-timeout`
/// counts wall time, which on a machine shared with other builds (and at `nice -n 19`) stops an
/// input that had no CPU at all for a second. `BRICKS_FUZZ_CPU_LIMIT_MS` (default 1000) is the
/// limit; an input over it is a crash libFuzzer records. The slowest input is printed at exit.
enum CPUTime {
    nonisolated(unsafe) static var slowest: Double = 0
    static let limit: Double = Double(ProcessInfo.processInfo.environment["BRICKS_FUZZ_CPU_LIMIT_MS"] ?? "").map { $0 / 1_000 } ?? 1

    /// The CPU seconds this thread has used.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func check(since start: Double) {
        let spent = now() - start
        if spent > slowest { slowest = spent }
        if spent > limit {
            FileHandle.standardError.write(Data(String(format: "\nproperty violated: the input took %.3f s of CPU (limit %.3f s)\n", spent, limit).utf8))
            abort()
        }
    }

    static func reportAtExit() {
        atexit {
            FileHandle.standardError.write(Data(String(format: "stat::slowest_input_cpu_ms: %.1f\n", CPUTime.slowest * 1_000).utf8))
        }
    }
}
