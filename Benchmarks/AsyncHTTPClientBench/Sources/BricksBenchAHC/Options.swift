import BenchmarkHarness
import BricksBenchmarks
import Foundation

/// The command line of bricks-bench-ahc:
///
///     bricks-bench-ahc [--quick] [--output FILE] [--markdown FILE]
///     bricks-bench-ahc --profile CASE CONTENDER COUNT   (one side of one case, unmeasured, for a profiler)
///     bricks-bench-ahc --memory-probe SCENARIO COUNT    (internal: one streaming memory scenario, in a child process)
struct Options {
    static let usage = "usage: bricks-bench-ahc [--quick] [--no-streaming] [--output FILE] [--markdown FILE] | --profile CASE CONTENDER COUNT"

    /// A small run that only checks that everything works.
    var quick = false
    /// Where to write the JSON report.
    var output: URL?
    /// Where to write the Markdown tables.
    var markdown: URL?
    /// Whether the streaming memory benchmark runs (in child processes) before the round trips.
    var streaming = true
    /// The streaming scenario, when this process is a memory probe.
    var probe: String?
    /// The case, contender and count to run for a profiler.
    var profile: (name: String, contender: String, count: Int)?

    /// Parses `arguments` (without the executable's name).
    /// - Throws: ``BenchmarkError`` for an unknown option or a missing value.
    init(_ arguments: [String]) throws {
        var arguments = ArgumentReader(arguments)
        while let argument = arguments.next() {
            switch argument {
            case "--quick": quick = true
            case "--no-streaming": streaming = false
            case MemoryBenchmarks.probeArgument: probe = try arguments.nameAndCount(for: argument).name
            case "--output": output = try arguments.file(for: argument)
            case "--markdown": markdown = try arguments.file(for: argument)
            case "--profile": profile = try arguments.profile(for: argument)
            default: throw BenchmarkError("unknown argument \(argument); \(Self.usage)")
            }
        }
    }
}
