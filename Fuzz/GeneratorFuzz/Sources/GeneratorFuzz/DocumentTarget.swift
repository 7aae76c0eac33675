import BricksOpenAPIGenerator
import Foundation

/// bricks-openapi's whole reading of a document: the bytes as JSON or YAML, the normaliser and the
/// repairs, OpenAPIKit's reading, the translation into the Swift model and the rendering.
///
/// Properties: no input traps or crashes (ASan, Swift's checks); reading the same bytes twice gives
/// the same files, warnings and summary, or the same error; a document that is accepted renders
/// Swift whose shape holds (``SwiftShape``); each reading takes at most a second of CPU
/// (``CPUTime``), the memory is bounded by `-rss_limit_mb`.
enum DocumentTarget {
    static func run(_ data: Data) {
        let reading = generate(data)
        let first = outcome(reading)
        let second = outcome(generate(data))
        require(first == second, "reading the same bytes twice gave different results:\n\(first.prefix(2_000))\n---\n\(second.prefix(2_000))")
        guard case .success(let result) = reading else { return }
        require(!result.files.isEmpty, "an accepted document rendered no file")
        for file in result.files + result.modelFiles {
            require(!file.path.isEmpty && !file.path.hasPrefix("/") && !file.path.split(separator: "/").contains(".."),
                    "a file's path leaves the output folder: \(file.path)")
            if let problem = SwiftShape.problem(in: file.contents) {
                require(false, "\(file.path): \(problem)")
            }
        }
    }

    /// One reading, which may take at most the CPU limit (each of the two readings of an input).
    static func generate(_ data: Data) -> Result<GenerationResult, GeneratorError> {
        let before = CPUTime.now()
        defer { CPUTime.check(since: before) }
        do throws(GeneratorError) {
            return .success(try BricksOpenAPIGenerator.generate(from: data))
        } catch {
            return .failure(error)
        }
    }

    /// Everything a reading produced, as text to compare.
    static func outcome(_ reading: Result<GenerationResult, GeneratorError>) -> String {
        switch reading {
        case .success(let result):
            let files = (result.files + result.modelFiles).map { "== \($0.path)\n\($0.contents)" }
            return ([result.summaryLine] + result.diagnostics.map(\.description) + files).joined(separator: "\n")
        case .failure(let error):
            return "failed: \(error)"
        }
    }
}
