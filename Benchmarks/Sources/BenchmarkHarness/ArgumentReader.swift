import Foundation

/// The arguments of a benchmark command, read one at a time, with the values its options take:
/// shared by the commands so that they parse `--output FILE` or `--profile CASE CONTENDER COUNT` alike.
///
/// ```swift
/// var arguments = ArgumentReader(["--output", "latest.json"])
/// while let argument = arguments.next() {
///     if argument == "--output" { output = try arguments.file(for: argument) }
/// }
/// ```
public struct ArgumentReader {
    private var rest: ArraySlice<String>

    /// Reads `arguments` (without the executable's name).
    public init(_ arguments: [String]) {
        rest = arguments[...]
    }

    /// The next argument, or `nil` when there is none left.
    public mutating func next() -> String? {
        rest.popFirst()
    }

    /// The value that follows `option`.
    /// - Throws: ``BenchmarkError`` when there is none.
    public mutating func value(for option: String) throws -> String {
        guard let value = rest.popFirst() else { throw BenchmarkError("\(option) needs a value") }
        return value
    }

    /// The file path that follows `option`.
    /// - Throws: ``BenchmarkError`` when there is none.
    public mutating func file(for option: String) throws -> URL {
        URL(fileURLWithPath: try value(for: option))
    }

    /// The name and count that follow `option`, such as a memory scenario and its request count.
    /// - Throws: ``BenchmarkError`` when either is missing or the count is not a number.
    public mutating func nameAndCount(for option: String) throws -> (name: String, count: Int) {
        let name = try value(for: option)
        guard let count = Int(try value(for: option)) else {
            throw BenchmarkError("\(option) needs a name and a count")
        }
        return (name, count)
    }

    /// The case, contender and count that follow `--profile` (see ``BenchmarkCase/profile(_:iterations:)``).
    /// - Throws: ``BenchmarkError`` when one is missing or the count is not a number.
    public mutating func profile(for option: String) throws -> (name: String, contender: String, count: Int) {
        let name = try value(for: option)
        let (contender, count) = try nameAndCount(for: option)
        return (name, contender, count)
    }
}
