import BenchmarkHarness
import BricksBenchmarks
import Foundation

/// The command line of bricks-bench:
///
///     bricks-bench [--quick] [--no-diagnostics] [--only memory,build,decode,middleware,fake,roundtrip,cache]
///                  [--output FILE] [--markdown FILE]
///     bricks-bench --profile CASE CONTENDER COUNT     (one side of one case, unmeasured, for a profiler)
///     bricks-bench --memory-probe SCENARIO COUNT      (internal: one memory scenario, in a child process)
struct Options {
    static let allGroups = BricksSuite.groups

    /// A small run that only checks that everything works.
    var quick = false
    /// Whether the round trips also measure the diagnostic clients.
    var diagnostics = true
    /// The benchmark groups to run.
    var groups = Set(allGroups)
    /// Where to write the JSON report.
    var output: URL?
    /// Where to write the Markdown tables.
    var markdown: URL?
    /// The memory scenario and count, when this process is a memory probe.
    var probe: (scenario: String, count: Int)?
    /// The case, contender and count to run for a profiler.
    var profile: (name: String, contender: String, count: Int)?

    /// Parses `arguments` (without the executable's name).
    /// - Throws: ``BenchmarkError`` for an unknown option or a missing value.
    init(_ arguments: [String], probeArgument: String) throws {
        var arguments = ArgumentReader(arguments)
        while let argument = arguments.next() {
            switch argument {
            case "--quick":
                quick = true
            case "--no-diagnostics":
                diagnostics = false
            case "--only":
                groups = Set(try arguments.value(for: argument).split(separator: ",").map(String.init))
                let unknown = groups.subtracting(Self.allGroups)
                guard unknown.isEmpty else {
                    throw BenchmarkError("unknown groups \(unknown.sorted()); known: \(Self.allGroups)")
                }
            case "--output":
                output = try arguments.file(for: argument)
            case "--markdown":
                markdown = try arguments.file(for: argument)
            case "--profile":
                profile = try arguments.profile(for: argument)
            case probeArgument:
                let (scenario, count) = try arguments.nameAndCount(for: argument)
                probe = (scenario, count)
            default:
                throw BenchmarkError(
                    "unknown argument \(argument); usage: bricks-bench [--quick] [--no-diagnostics] [--only \(Self.allGroups.joined(separator: ","))] "
                        + "[--output FILE] [--markdown FILE]")
            }
        }
    }
}
