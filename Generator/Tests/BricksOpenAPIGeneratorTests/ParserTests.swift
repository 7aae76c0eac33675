import Foundation
import Testing
@testable import BricksOpenAPIGenerator

@Suite struct ParserTests {
    @Test func readsYAML30AndConvertsIt() throws {
        let loaded = try SpecLoader.load(try TestFiles.spec("petstore-3.0.yaml"))
        #expect(loaded.declaredVersion == "3.0.3")
        #expect(loaded.document.paths.count == 2)
        #expect(loaded.document.components.schemas.count == 3)
    }

    @Test func readsJSON31() throws {
        let loaded = try SpecLoader.load(try TestFiles.spec("petstore-3.1.json"))
        #expect(loaded.declaredVersion == "3.1.0")
        #expect(loaded.document.info.title == "Petstore")
    }

    @Test func invalidJSONNamesThePlace() {
        #expect {
            try SpecLoader.load(Data(#"{"openapi": "3.1.0", "info": [1, 2}"#.utf8))
        } throws: { error in
            (error as? GeneratorError)?.description.hasPrefix("error: #") == true
        }
    }

    @Test func invalidYAMLIsAnError() {
        #expect(throws: GeneratorError.self) { try SpecLoader.load(Data("openapi: [3.1\n  - : :".utf8)) }
    }

    @Test func aWrongValueIsLeftOutWithAWarningAtItsPointer() throws {
        let text = """
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
             "paths": {"/a": {"get": {"responses": {"200": [1, 2], "201": {"description": "made"}}}}}}
            """
        let loaded = try SpecLoader.load(Data(text.utf8))
        #expect(loaded.diagnostics.map(\.pointer) == ["#/paths/~1a/get/responses/200"])
        #expect(loaded.document.paths["/a"]?.b?.get?.responses.count == 1)
    }

    @Test func swagger2AndMissingVersionsAreRefused() {
        #expect(throws: GeneratorError.self) { try SpecLoader.load(Data(#"{"swagger": "2.0"}"#.utf8)) }
        #expect(throws: GeneratorError.self) { try SpecLoader.load(Data(#"{"info": {}}"#.utf8)) }
        #expect(throws: GeneratorError.self) { try SpecLoader.load(Data(#"{"openapi": "2.5"}"#.utf8)) }
    }

    @Test func pointersEscapeSlashesAndTildes() {
        #expect(Pointer.operation(path: "/repos/{owner}", method: "get") == "#/paths/~1repos~1{owner}/get")
        #expect(Pointer.escape("a~b/c") == "a~0b~1c")
    }

    @Test func configurationReadsYAMLAndJSON() throws {
        let yaml = """
            name: GitHub
            accessLevel: public
            include:
              tags: [issues]
            names:
              issues/list-for-repo: ListIssues
            pagination:
              - style: cursor
                cursorParameter: after
                nextCursor: next
            """
        let configuration = try GeneratorConfiguration.load(Data(yaml.utf8), file: "c.yaml")
        #expect(configuration.name == "GitHub")
        #expect(configuration.accessLevel == .public)
        #expect(configuration.include?.tags == ["issues"])
        #expect(configuration.pagination?.first?.style == .cursor)
        let json = try GeneratorConfiguration.load(Data(#"{"name": "X", "maximumLinesPerFile": 100}"#.utf8), file: "c.json")
        #expect(json.maximumLinesPerFile == 100)
        #expect(throws: GeneratorError.self) { try GeneratorConfiguration.load(Data("accessLevel: secret".utf8), file: "c.yaml") }
    }
}
