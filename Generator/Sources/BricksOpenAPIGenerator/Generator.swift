import Foundation
import OpenAPIKit

/// One file of output: a path relative to the output folder, and its text.
public struct GeneratedFile: Sendable, Equatable {
    /// The path under the output folder, such as `Operations/Repos.swift`.
    public var path: String
    /// The Swift text.
    public var contents: String
}

/// The result of a generation.
public struct GenerationResult: Sendable {
    /// The files to write, in a fixed order: all of them, or the endpoints' module's when the
    /// models have a module of their own.
    public var files: [GeneratedFile]
    /// The files of the models' module (`GeneratorConfiguration.modelsModule`); empty otherwise.
    public var modelFiles: [GeneratedFile] = []
    /// What was generated and what was skipped.
    public var summary: TranslationSummary
    /// Warnings, each naming its place as a JSON pointer.
    public var diagnostics: [Diagnostic]
    /// What each overlay action did (how many nodes it matched), in the order they applied.
    public var overlayActions: [OverlayActionReport] = []

    /// `bricks-openapi: 874 operations generated, 0 skipped; 351 schemas generated, 0 skipped; 12 files, 40,000 lines`.
    public var summaryLine: String {
        var text = "bricks-openapi: \(summary.operationsGenerated) operations generated, \(summary.skippedOperations.count) skipped"
        if summary.operationsFiltered > 0 { text += ", \(summary.operationsFiltered) filtered out" }
        text += "; \(summary.schemasGenerated) schemas generated, \(summary.skippedSchemas.count) skipped"
        if summary.schemasFiltered > 0 { text += ", \(summary.schemasFiltered) not needed" }
        let all = files + modelFiles
        let lines = all.reduce(0) { $0 + $1.contents.count(of: "\n") }
        text += "; \(all.count) files, \(lines) lines; \(diagnostics.count) warnings"
        if !overlayActions.isEmpty {
            let nodes = overlayActions.reduce(0) { $0 &+ $1.matched }
            text += "; overlays: \(overlayActions.count) action\(overlayActions.count == 1 ? "" : "s") matched \(nodes) node\(nodes == 1 ? "" : "s")"
        }
        if summary.fakeRepliesFromExamples &+ summary.fakeRepliesFromSchemas > 0 {
            text += "; fake: \(summary.fakeRepliesFromExamples) replies from examples, \(summary.fakeRepliesFromSchemas) from schemas"
        }
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
    /// - Parameters:
    ///   - data: the OpenAPI document (JSON or YAML).
    ///   - configuration: what to generate and how.
    ///   - overlays: changes applied to the document first, in order (the configuration's
    ///     `overlays`, read by the caller, then any others).
    /// - Throws: ``GeneratorError`` when the document cannot be read, or an overlay cannot apply.
    public static func generate(
        from data: Data, configuration: GeneratorConfiguration = GeneratorConfiguration(), overlays: [Overlay] = []
    ) throws(GeneratorError) -> GenerationResult {
        if let named = configuration.overlays, !named.isEmpty, overlays.count < named.count {
            throw GeneratorError(
                at: "configuration /overlays",
                "the configuration names \(named.count) overlays but \(overlays.count) were given: read each file into an `Overlay` and pass them")
        }
        let loaded = try SpecLoader.load(data, overlays: overlays)
        let operationCount = loaded.document.paths.values.reduce(0) { $0 &+ (loaded.document.components[$1]?.endpoints.count ?? 0) }
        guard operationCount > 0 || !loaded.document.webhooks.isEmpty || !loaded.droppedOperations.isEmpty else {
            throw GeneratorError(at: "#/paths", "the document describes no operation (no `paths` with a method, no `webhooks`): nothing to generate")
        }
        try configuration.checkReferences(DocumentNames(loaded.document))
        try configuration.checkModelsModule()
        try configuration.checkBaseURL()
        var (api, translated, diagnostics) = APITranslator(document: loaded.document, configuration: configuration).translate()
        api.openAPIVersion = loaded.declaredVersion
        var summary = translated
        summary.skippedOperations = loaded.droppedOperations.map { $0 + ": OpenAPIKit cannot read it (see its warning)" } + summary.skippedOperations
        let renderer = FileRenderer(api: api, maximumLines: configuration.maximumLinesPerFile ?? 5_000)
        var (files, modelFiles) = renderer.modules()
        if configuration.fake == true {
            let table = FakeTable(document: FakeDocument(root: loaded.tree), api: api).render()
            files.append(FakeRenderer(api: api, table: table).file())
            summary.fakeRepliesFromExamples = table.fromExamples
            summary.fakeRepliesFromSchemas = table.fromSchemas
        }
        var result = GenerationResult(files: files, modelFiles: modelFiles, summary: summary, diagnostics: loaded.diagnostics + diagnostics)
        result.overlayActions = loaded.overlayActions
        return result
    }
}

extension GenerationResult {
    /// The same output as one file at `path` (for a small document, or a build-tool plugin, whose
    /// outputs must be known before it runs): one header, the imports of every file, then each
    /// file's declarations under a `// MARK: -` line naming the file they would have gone to.
    /// Only `files`: a models' module (`modelFiles`) needs a target of its own, so the command
    /// line refuses `--single-file` with one.
    public func singleFile(path: String) -> GenerationResult {
        let marker = "// Generated by bricks-openapi"
        var firstLine: String?
        var modules: Set<String> = []
        var networking = false
        var sections: [String] = []
        for file in files {
            var lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            if let first = lines.first, first.hasPrefix(marker) {
                firstLine = firstLine ?? first
                index = 1
            }
            // The header every file starts with: blank lines, imports, FoundationNetworking's `#if`.
            while index < lines.count {
                let line = lines[index]
                if line == "#if canImport(FoundationNetworking)" || line == "import FoundationNetworking" || line == "#endif" {
                    networking = true
                } else if line.hasPrefix("import ") {
                    modules.insert(String(line.dropFirst("import ".count)))
                } else if !line.isEmpty {
                    break
                }
                index &+= 1
            }
            while lines.last?.isEmpty == true { lines.removeLast() }
            guard index < lines.count else { continue }
            sections.append((["// MARK: - \(file.path)", ""] + lines[index...]).joined(separator: "\n"))
        }
        var head = [firstLine ?? marker + ".", ""] + modules.sorted().map { "import \($0)" }
        if networking { head += ["#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif"] }
        let contents = ([head.joined(separator: "\n")] + sections).joined(separator: "\n\n") + "\n"
        var result = self
        result.files = [GeneratedFile(path: path, contents: contents)]
        return result
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
