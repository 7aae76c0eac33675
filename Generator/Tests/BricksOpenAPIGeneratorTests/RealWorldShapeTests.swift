import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// Shapes from the real-world set (Generator/corpus.sh) on small documents: output SwiftPM can
/// build whatever the tags are called, `content` parameters, webhooks, app targets, configuration.
@Suite struct RealWorldShapeTests {
    private static let mistralLike = """
        openapi: 3.1.0
        info: {title: Mistral, version: "1"}
        servers: [{url: "https://api.example"}]
        paths:
          /models:
            get:
              operationId: list_models
              tags: [models]
              parameters:
                - name: filter
                  in: query
                  content:
                    application/json:
                      schema: {type: object, properties: {owner: {type: string}}}
                - name: page
                  in: query
                  content:
                    application/json:
                      schema: {type: integer}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Model"}
        webhooks:
          model_ready:
            post:
              requestBody:
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/Model"}
              responses: {"200": {description: ok}}
          job_done:
            post:
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {id: {type: string}}, required: [id]}
              responses: {"200": {description: ok}}
        components:
          schemas:
            Model: {type: object, properties: {id: {type: string}}}
        """

    private func generate(_ configuration: GeneratorConfiguration = GeneratorConfiguration()) throws -> GenerationResult {
        try BricksOpenAPIGenerator.generate(from: Data(Self.mistralLike.utf8), configuration: configuration)
    }

    @Test func noTwoFilesShareAName() throws {
        let result = try generate()
        let names = result.files.map { $0.path.split(separator: "/").last.map { $0.lowercased() } ?? "" }
        #expect(Set(names).count == names.count, "\(result.files.map(\.path))")
        #expect(result.files.map(\.path).contains("Models/Models.swift"))
        #expect(result.files.map(\.path).contains("Operations/ModelsOperations.swift"))
        #expect(
            FileRenderer.uniqueFileNames([
                GeneratedFile(path: "A.swift", contents: ""), GeneratedFile(path: "Operations/a.swift", contents: ""),
                GeneratedFile(path: "Operations/AOperations.swift", contents: ""),
            ]).map(\.path) == ["A.swift", "Operations/aOperations.swift", "Operations/AOperationsOperations.swift"])
    }

    @Test func contentParametersAreJSONText() throws {
        let result = try generate()
        #expect(result.summary.skippedOperations.isEmpty)
        let operations = try #require(result.files.first { $0.path == "Operations/ModelsOperations.swift" }?.contents)
        #expect(operations.contains("public func encodedQueryItems() throws -> [Foundation.URLQueryItem] {"))
        #expect(operations.contains(
            "try items.append(Foundation.URLQueryItem(name: \"filter\", value: Swift.String(decoding: MistralCoding.encoder.encode(filter), as: Swift.UTF8.self)))"))
        #expect(!operations.contains("QueryEncoder("))
    }

    @Test func webhooksDecodeTheirPayloads() throws {
        let result = try generate()
        let webhooks = try #require(result.files.first { $0.path == "Webhooks/MistralWebhook.swift" }?.contents)
        #expect(webhooks.contains("public nonisolated enum MistralWebhook: Swift.Hashable, Swift.Sendable {"))
        #expect(webhooks.contains("    case modelReady(Model)"))
        #expect(webhooks.contains("    case jobDone(JobDonePayload)"))
        #expect(webhooks.contains("    public struct JobDonePayload: Swift.Codable, Swift.Hashable, Swift.Sendable {"))
        #expect(webhooks.contains(
            "        self = try .modelReady(MistralCoding.decoder.decode(Model.self, from: body))"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func topLevelDeclarationsAreNonisolated() throws {
        let result = try generate()
        for file in result.files {
            for line in file.contents.split(separator: "\n") where line.first?.isLetter == true && !line.hasPrefix("import ") {
                #expect(line.hasPrefix("public nonisolated ") || line.hasPrefix("nonisolated "), "\(file.path): \(line)")
            }
        }
        #expect(FileRenderer.nonisolated("struct A {\n    struct B {}\n}\nextension A {}\n") == "nonisolated struct A {\n    struct B {}\n}\nnonisolated extension A {}\n")
    }

    @Test func theDefaultAccessLevelIsPublic() throws {
        let all = try generate().files.map(\.contents).joined()
        #expect(all.contains("public nonisolated protocol MistralAPI"))
        let internalOutput = try generate(GeneratorConfiguration(accessLevel: .internal)).files.map(\.contents).joined()
        #expect(internalOutput.contains("\nnonisolated protocol MistralAPI"))
    }

    @Test func unknownConfigurationKeysAreRefused() {
        #expect {
            try GeneratorConfiguration.load(Data("name: X\nacessLevel: public\n".utf8), file: "c.yaml")
        } throws: { error in
            (error as? GeneratorError)?.description
                == "error: c.yaml #/acessLevel: unknown configuration key `acessLevel`; the keys here are accessLevel, automaticPagination, baseURL, exclude, fake, include, maximumLinesPerFile, modelsModule, name, names, overlays, pagination, textReplies, untypedReplies"
        }
        #expect(throws: GeneratorError.self) {
            try GeneratorConfiguration.load(Data(#"{"pagination": [{"style": "link", "operation": ["a"]}]}"#.utf8), file: "c.json")
        }
        #expect(throws: GeneratorError.self) {
            try GeneratorConfiguration.load(Data("include:\n  tag: [a]\n".utf8), file: "c.yaml")
        }
    }

    @Test func paginationRulesMustNameOperationsOfTheDocument() {
        let configuration = GeneratorConfiguration(pagination: [.init(style: .cursor, operations: ["list_models", "list_jobs"])])
        #expect {
            try generate(configuration)
        } throws: { error in
            (error as? GeneratorError)?.description
                == "error: configuration #/pagination/0/operations/1: the document has no operation `list_jobs`; did you mean `list_models`?"
        }
    }
}
