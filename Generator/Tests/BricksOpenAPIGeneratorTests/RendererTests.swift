import Foundation
import Testing
@testable import BricksOpenAPIGenerator

@Suite struct RendererTests {
    @Test func writerIndentsBlocksAndDocComments() {
        var writer = CodeWriter()
        writer.doc("One.\n\nTwo.  ")
        writer.block("struct A") { writer in writer.line("var b: Int") }
        #expect(writer.text == "/// One.\n///\n/// Two.\nstruct A {\n    var b: Int\n}\n")
    }

    @Test func stringEnumsKeepUnknownValues() {
        var writer = CodeWriter()
        let decl = StringEnumDecl(name: "State", doc: nil, cases: [.init(name: "open", value: "open")])
        ModelRenderer(access: "", apiName: "X").render(decl, into: &writer)
        #expect(writer.text.contains("struct State: Swift.RawRepresentable, Swift.Codable, Swift.Hashable, Swift.Sendable"))
        #expect(writer.text.contains("static let open = State(rawValue: \"open\")"))
    }

    /// Twilio's `us_app_to_person_response`: `oneOf: [v1, v2]`, v2 with more properties, all optional. The
    /// first member that decoded won and v2's keys were dropped; the member declaring most keys goes first.
    @Test func objectMembersAreTriedByTheKeysTheyDeclare() throws {
        let text = TestFiles.document(schemas: """
                Compliance: {oneOf: [{$ref: '#/components/schemas/V1'}, {$ref: '#/components/schemas/V2'}, {type: string}]}
                V1: {type: object, properties: {sid: {type: string}}}
                V2: {allOf: [{$ref: '#/components/schemas/V1'}, {type: object, properties: {privacy_policy_url: {type: string}}}]}
            """)
        let (api, _, _) = try TestFiles.translate(text)
        guard case .oneOf(let compliance)? = api.model("Compliance") else {
            Issue.record("Compliance is not an enum")
            return
        }
        #expect(compliance.cases.map(\.keys) == [["sid"], ["sid", "privacy_policy_url"], []])
        var writer = CodeWriter()
        ModelRenderer(access: "", apiName: "X").render(compliance, into: &writer)
        #expect(writer.text.contains("let present = Swift.Set(((try? decoder.container(keyedBy: XCoding.Key.self))?.allKeys ?? []).map(\\.stringValue))"))
        #expect(writer.text.contains("let keys: [[Swift.String]] = ["))
        #expect(writer.text.contains("    [\"sid\", \"privacy_policy_url\"],\n"))
        #expect(writer.text.contains("for index in scores.indices.sorted(by: { (scores[$0], $1) > (scores[$1], $0) })"))
        // One object member: tried in order, as before.
        var single = compliance
        single.cases[1].keys = []
        var plain = CodeWriter()
        ModelRenderer(access: "", apiName: "X").render(single, into: &plain)
        #expect(!plain.text.contains("let present"))
    }

    /// Every model reads and writes its members under their JSON names through the API's one key
    /// type: no key enum of its own, whose conformances and copies of the containers' methods cost
    /// the compiler more than the rest of the model.
    @Test func modelsCodeThroughTheOneKeyType() {
        let decl = StructDecl(name: "Node", doc: nil, properties: [
            PropertyDecl(name: "htmlUrl", key: "html_url", type: .named("String"), doc: nil),
            PropertyDecl(name: "size", key: "size", type: .optional(.named("Int")), doc: nil, defaultValue: .integer(3)),
            PropertyDecl(name: "parent", key: "parent", type: .optional(.named("Node")), doc: nil, indirect: true),
            PropertyDecl(name: "`default`", key: "default", type: .optional(.named("Bool")), doc: nil),
            PropertyDecl(name: "c", key: "c", type: .named("Int"), doc: nil),
        ])
        var writer = CodeWriter()
        ModelRenderer(access: "public ", apiName: "X").render(decl, into: &writer)
        let text = writer.text
        #expect(!text.contains("CodingKeys"))
        #expect(text.contains("let c = try XCoding.Reader(decoder, schema: \"$\")"))
        #expect(text.contains("htmlUrl = try c.decode(\"html_url\")"))
        #expect(text.contains("size = try c.decodeIfPresent(\"size\") ?? 3"))
        #expect(text.contains("_parent = Indirect(wrappedValue: try c.decodeIfPresent(\"parent\"))"))
        #expect(text.contains("try c.encode(htmlUrl, forKey: \"html_url\")"))
        #expect(text.contains("try c.encodeIfPresent(parent, forKey: \"parent\")"))
        #expect(text.contains("try c.encodeIfPresent(`default`, forKey: \"default\")"))
        // A property named like the container is reached through `self`.
        #expect(text.contains("self.c = try c.decode(\"c\")"))
        #expect(text.contains("try c.encode(self.c, forKey: \"c\")"))
        #expect(text.contains("public init(\n        htmlUrl: Swift.String, size: Swift.Int? = 3, parent: Node? = nil, `default`: Swift.Bool? = nil,\n        c: Swift.Int\n    )"))
    }

    @Test func parametersBecomeQueryItemsAndSegments() {
        #expect(OperationRenderer.segmentExpression([.literal("repos")], apiName: "X") == "\"repos\"")
        #expect(OperationRenderer.segmentExpression([.parameter(name: "id", kind: .describable)], apiName: "X") == "Swift.String(id)")
        #expect(
            OperationRenderer.segmentExpression([.parameter(name: "name", kind: .string), .literal(".json")], apiName: "X")
                == "\"\\(name).json\"")
        #expect(
            OperationRenderer.text(of: "tags", encoding: .list(.rawValue, explode: false, separator: ","), apiName: "X")
                == "tags.map { $0.rawValue }.joined(separator: \",\")")
    }

    @Test func filesStayUnderTheLineLimit() throws {
        let result = try TestFiles.generate("constructs.yaml", GeneratorConfiguration(maximumLinesPerFile: 60))
        let models = result.files.filter { $0.path.hasPrefix("Models/") }
        #expect(models.count > 1)
        for file in models where file.contents.count(of: "\n") > 60 {
            // Only a single declaration longer than the limit may exceed it.
            #expect(file.contents.components(separatedBy: "\n}\n").count <= 2, "\(file.path)")
        }
    }

    @Test func singleFileHoldsEveryFileUnderOneHeader() throws {
        let result = try TestFiles.generate("constructs.yaml")
        let single = result.singleFile(path: "BricksOpenAPIGenerated.swift")
        let file = try #require(single.files.first)
        #expect(single.files.count == 1)
        #expect(file.path == "BricksOpenAPIGenerated.swift")
        #expect(file.contents.hasPrefix("// Generated by bricks-openapi from Constructs 1. Do not edit: generate again.\n\nimport Bricks\nimport Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n\n// MARK: - ConstructsAPI.swift\n"))
        #expect(file.contents.components(separatedBy: "import Foundation\n").count == 2)
        for each in result.files {
            #expect(file.contents.contains("// MARK: - \(each.path)\n"))
            // Every declaration line of every file is there.
            for line in each.contents.split(separator: "\n") where line.hasPrefix("struct ") || line.hasPrefix("enum ") {
                #expect(file.contents.contains(line + "\n"))
            }
        }
    }

    /// `modelsModule`: the models, their support types and the coders in a module of their own;
    /// the endpoints import it and name every one of its types again, publicly.
    @Test func modelsGoToAModuleOfTheirOwn() throws {
        let result = try TestFiles.generate("constructs.yaml", GeneratorConfiguration(name: "C", modelsModule: "CModels"))
        let modelPaths = result.modelFiles.map(\.path)
        #expect(modelPaths.contains("CCoding.swift"))
        #expect(modelPaths.contains("CSupport.swift"))
        #expect(modelPaths.contains { $0.hasPrefix("Models/") })
        #expect(!result.files.contains { $0.path.hasPrefix("Models/") || $0.path == "CSupport.swift" })
        let coding = try #require(result.modelFiles.first { $0.path == "CCoding.swift" }?.contents)
        #expect(coding.contains("public struct Key: Swift.CodingKey, Swift.ExpressibleByStringLiteral"))
        #expect(!coding.contains("import Bricks"))
        let api = try #require(result.files.first { $0.path == "CAPI.swift" }?.contents)
        #expect(api.contains("import CModels\n"))
        #expect(!api.contains("enum CCoding"))
        let names = try #require(result.files.first { $0.path == "CModelsNames.swift" }?.contents)
        #expect(names.contains("public typealias CCoding = CModels.CCoding\n"))
        #expect(names.contains("public typealias Everything = CModels.Everything\n"))
        for file in result.files where file.path.hasPrefix("Operations/") { #expect(file.contents.contains("import CModels\n")) }
        #expect(result.summaryLine.contains("\(result.files.count + result.modelFiles.count) files"))
        // Internal models could not be seen from the endpoints' module; a module name is an identifier.
        #expect(throws: GeneratorError.self) {
            try TestFiles.generate("constructs.yaml", GeneratorConfiguration(accessLevel: .internal, modelsModule: "CModels"))
        }
        #expect(throws: GeneratorError.self) { try TestFiles.generate("constructs.yaml", GeneratorConfiguration(modelsModule: "C-Models")) }
        // Without it, one module as before.
        #expect(try TestFiles.generate("constructs.yaml").modelFiles.isEmpty)
    }

    @Test func publicOutputHasPublicMembersAndInitialisers() throws {
        let result = try TestFiles.generate("petstore-3.0.yaml", GeneratorConfiguration(accessLevel: .public))
        let all = result.files.map(\.contents).joined()
        #expect(all.contains("public nonisolated protocol SwaggerPetstoreAPI: Bricks.BaseURLRequestType where APIError == SwaggerPetstoreError {}"))
        #expect(all.contains("public init(petId: Swift.String, xRequestID: Swift.String? = nil)"))
    }
}

/// The output for the small documents, compared with `Golden/` (regenerate with
/// `BRICKS_OPENAPI_RECORD=1 swift test --filter GoldenTests`).
@Suite struct GoldenTests {
    static let cases: [(spec: String, folder: String)] = [
        ("petstore-3.0.yaml", "Petstore30"), ("petstore-3.1.json", "Petstore31"), ("constructs.yaml", "Constructs"),
    ]

    @Test(arguments: cases.map(\.spec))
    func matchesGolden(spec: String) throws {
        let folder = try #require(Self.cases.first { $0.spec == spec }?.folder)
        let result = try TestFiles.generate(spec)
        let root = TestFiles.golden.appendingPathComponent(folder)
        if ProcessInfo.processInfo.environment["BRICKS_OPENAPI_RECORD"] == "1" {
            try? FileManager.default.removeItem(at: root)
            for file in result.files {
                let url = root.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url, atomically: true, encoding: .utf8)
            }
            return
        }
        for file in result.files {
            let expected = try String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)
            #expect(file.contents == expected, "\(folder)/\(file.path) differs from the golden file")
        }
        let expectedFiles = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        #expect(Set(expectedFiles) == Set(result.files.map(\.path)))
    }

    @Test func outputIsDeterministic() throws {
        let first = try TestFiles.generate("constructs.yaml")
        let second = try TestFiles.generate("constructs.yaml")
        #expect(first.files == second.files)
    }

    /// Issue 54: Intercom's schema `Next` hid the `Next` of Bricks' middleware, and its credentials
    /// did not compile. Every name the output takes from Swift, Foundation or Bricks is written
    /// qualified; a schema keeps its name unless an app would lose a name it writes every day
    /// (`Data`) or the output a module's (`Swift`). Generator/test.sh compiles the document.
    @Test func namesTakenFromLibrariesAreQualifiedSoThatNoSchemaHidesThem() throws {
        let result = try TestFiles.generate("names.yaml")
        let text = result.files.map(\.contents).joined(separator: "\n")
        #expect(text.contains("struct Next: Swift.Codable, Swift.Hashable, Swift.Sendable {"))
        #expect(text.contains("struct GETRequestType: Swift.Codable, Swift.Hashable, Swift.Sendable {"))
        #expect(text.contains("struct NamesMiddleware: "))
        #expect(text.contains("struct NamesSwift: "))
        #expect(text.contains("struct NamesData: "))
        #expect(!text.contains("struct Swift:") && !text.contains("struct Data:"))
        #expect(text.contains("struct NamesCredentials: Bricks.Middleware {"))
        #expect(text.contains("next: @escaping Bricks.Middleware.Next) async throws -> Bricks.RawResponse"))
        #expect(text.contains(" var pNext: Next?\n"))
        #expect(text.contains(" var pString: NamesString?\n"))
        // A bare library name at a type's place: the generated code's own names and the models' only.
        let bare = try Regex(#"[:(<\[,] *(String|Int|Bool|Double|Data|Date|URL|Set|Error|Codable|Hashable|Sendable|Decoder|Encoder|RawResponse|RequestHead|QueryEncoder|URLQueryItem|JSONDecoder|JSONEncoder)\b(?!\.)"#)
        for file in result.files {
            let code = file.contents.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            for line in code where line.contains(bare) {
                Issue.record("\(file.path): a library name written bare: \(line)")
            }
        }
    }
}
