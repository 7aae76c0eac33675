import Foundation

/// One file of output: a path relative to the output folder, and its text.
public struct GeneratedFile: Sendable, Equatable {
    /// The path under the output folder, such as `Operations/Repos.swift`.
    public var path: String
    /// The Swift text.
    public var contents: String
}

/// The result of a generation.
public struct GenerationResult: Sendable {
    /// The files to write, in a fixed order.
    public var files: [GeneratedFile]
    /// What was generated and what was skipped.
    public var summary: TranslationSummary
    /// Warnings, each naming its place as a JSON pointer.
    public var diagnostics: [Diagnostic]

    /// `bricks-openapi: 874 operations generated, 0 skipped; 351 schemas generated, 0 skipped; 12 files, 40,000 lines`.
    public var summaryLine: String {
        var text = "bricks-openapi: \(summary.operationsGenerated) operations generated, \(summary.skippedOperations.count) skipped"
        if summary.operationsFiltered > 0 { text += ", \(summary.operationsFiltered) filtered out" }
        text += "; \(summary.schemasGenerated) schemas generated, \(summary.skippedSchemas.count) skipped"
        if summary.schemasFiltered > 0 { text += ", \(summary.schemasFiltered) not needed" }
        let lines = files.reduce(0) { $0 + $1.contents.count(of: "\n") }
        text += "; \(files.count) files, \(lines) lines; \(diagnostics.count) warnings"
        for skipped in summary.skippedOperations { text += "\n  skipped operation \(skipped)" }
        for skipped in summary.skippedSchemas { text += "\n  skipped schema \(skipped)" }
        return text
    }
}

/// The generator: parse, translate, render.
///
/// ```swift
/// let result = try BricksOpenAPIGenerator.generate(from: data, configuration: GeneratorConfiguration(name: "GitHub"))
/// for file in result.files { try file.contents.write(to: output.appendingPathComponent(file.path), atomically: true, encoding: .utf8) }
/// print(result.summaryLine)
/// ```
public enum BricksOpenAPIGenerator {
    /// Generates Bricks endpoints and models from a document's bytes.
    /// - Throws: ``GeneratorError`` when the document cannot be read.
    public static func generate(from data: Data, configuration: GeneratorConfiguration = GeneratorConfiguration())
        throws(GeneratorError) -> GenerationResult
    {
        let loaded = try SpecLoader.load(data)
        let (api, summary, diagnostics) = APITranslator(document: loaded.document, configuration: configuration).translate()
        let files = FileRenderer(api: api, maximumLines: configuration.maximumLinesPerFile ?? 5_000).files()
        return GenerationResult(files: files, summary: summary, diagnostics: loaded.diagnostics + diagnostics)
    }
}

extension String {
    /// How many times `character` occurs.
    func count(of character: Character) -> Int {
        var total = 0
        for each in self where each == character { total &+= 1 }
        return total
    }
}
