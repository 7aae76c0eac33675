import BenchmarkHarness
import Foundation

/// Every benchmark of Bricks, in the order the report lists them.
public enum BricksSuite {
    /// The groups, in order; `memory` runs in child processes (see ``MemoryBenchmarks``).
    public static let groups = ["memory", "build", "decode", "middleware", "fake", "roundtrip", "cache"]

    /// The in-process cases of `groups` (default: all); the round trips only when
    /// `settings.server` is set.
    /// - Throws: ``BenchmarkError`` when Bricks and a floor do not produce the same result.
    public static func cases(_ settings: BenchmarkSettings, groups: Set<String> = Set(groups)) async throws -> [BenchmarkCase] {
        var cases: [BenchmarkCase] = []
        if groups.contains("build") { cases += try BuildBenchmarks.cases(settings) }
        if groups.contains("decode") { cases += try DecodeBenchmarks.cases(settings) }
        if groups.contains("middleware") { cases += try MiddlewareBenchmarks.cases(settings) }
        if groups.contains("fake") { cases += try await FakeBenchmarks.cases(settings) }
        if groups.contains("roundtrip"), let base = settings.server {
            cases += RoundTripBenchmarks.cases(settings, base: base)
        }
        if groups.contains("cache"), let base = settings.server {
            cases += CacheBenchmarks.cases(settings, base: base)
        }
        return cases
    }
}
