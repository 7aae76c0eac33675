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
        #expect(writer.text.contains("struct State: RawRepresentable, Codable, Hashable, Sendable"))
        #expect(writer.text.contains("static let open = State(rawValue: \"open\")"))
    }

    @Test func parametersBecomeQueryItemsAndSegments() {
        #expect(OperationRenderer.segmentExpression([.literal("repos")], apiName: "X") == "\"repos\"")
        #expect(OperationRenderer.segmentExpression([.parameter(name: "id", kind: .describable)], apiName: "X") == "String(id)")
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

    @Test func publicOutputHasPublicMembersAndInitialisers() throws {
        let result = try TestFiles.generate("petstore-3.0.yaml", GeneratorConfiguration(accessLevel: .public))
        let all = result.files.map(\.contents).joined()
        #expect(all.contains("public protocol SwaggerPetstoreAPI: BaseURLRequestType where APIError == SwaggerPetstoreError {}"))
        #expect(all.contains("public init(petId: String, xRequestID: String? = nil)"))
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
}
