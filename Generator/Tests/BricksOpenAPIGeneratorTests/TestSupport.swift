import Foundation
@testable import BricksOpenAPIGenerator

/// Where the test inputs live in the source tree.
enum TestFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let specs = folder.appendingPathComponent("Specs")
    static let golden = folder.appendingPathComponent("Golden")
    static let packageSpecs = folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Specs")

    static func spec(_ name: String) throws -> Data {
        try Data(contentsOf: specs.appendingPathComponent(name))
    }

    static func generate(_ name: String, _ configuration: GeneratorConfiguration = GeneratorConfiguration()) throws -> GenerationResult {
        try BricksOpenAPIGenerator.generate(from: try spec(name), configuration: configuration)
    }

    static func translate(_ text: String, _ configuration: GeneratorConfiguration = GeneratorConfiguration()) throws
        -> (APIDecl, TranslationSummary, [Diagnostic])
    {
        let loaded = try SpecLoader.load(Data(text.utf8))
        return APITranslator(document: loaded.document, configuration: configuration).translate()
    }

    /// A minimal 3.1 document around some schemas (YAML, indented under `schemas:`).
    static func document(schemas: String, paths: String = "{}") -> String {
        """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        servers: [{url: "https://t.example"}]
        paths: \(paths)
        components:
          schemas:
        \(schemas)
        """
    }
}

extension APIDecl {
    func model(_ name: String) -> TypeDecl? { models.first { $0.name == name } }
    func operation(_ name: String) -> OperationDecl? { operations.first { $0.name == name } }
}
