import BenchmarkHarness
import BricksBenchmarks
import Foundation

/// The command line of bricks-bench:
///
///     bricks-bench [--quick] [--no-diagnostics] [--only memory,build,decode,middleware,roundtrip]
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
        var rest = arguments[...]
        func nextValue(for option: String) throws -> String {
            guard let value = rest.popFirst() else { throw BenchmarkError("\(option) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick":
                quick = true
            case "--no-diagnostics":
                diagnostics = false
            case "--only":
                groups = Set(try nextValue(for: argument).split(separator: ",").map(String.init))
                let unknown = groups.subtracting(Self.allGroups)
                guard unknown.isEmpty else {
                    throw BenchmarkError("unknown groups \(unknown.sorted()); known: \(Self.allGroups)")
                }
            case "--output":
                output = URL(fileURLWithPath: try nextValue(for: argument))
            case "--markdown":
                markdown = URL(fileURLWithPath: try nextValue(for: argument))
            case "--profile":
                let name = try nextValue(for: argument)
                let contender = try nextValue(for: argument)
                guard let count = Int(try nextValue(for: argument)) else {
                    throw BenchmarkError("--profile needs a case, a contender and a count")
                }
                profile = (name, contender, count)
            case probeArgument:
                let scenario = try nextValue(for: argument)
                guard let count = Int(try nextValue(for: argument)) else {
                    throw BenchmarkError("\(probeArgument) needs a scenario and a request count")
                }
                probe = (scenario, count)
            default:
                throw BenchmarkError(
                    "unknown argument \(argument); usage: bricks-bench [--quick] [--no-diagnostics] [--only \(Self.allGroups.joined(separator: ","))] "
                        + "[--output FILE] [--markdown FILE]")
            }
        }
    }
}
