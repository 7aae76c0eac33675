import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// A configuration value that names nothing in the document stops the generation with the nearest
/// valid one (issue 41: `include: operations: [listTodo]` generated nothing, silently).
@Suite struct ConfigurationCheckTests {
    private func error(_ configuration: GeneratorConfiguration) -> String? {
        do {
            _ = try TestFiles.generate("petstore-3.1.json", configuration)
            return nil
        } catch {
            return (error as? GeneratorError)?.description ?? "\(error)"
        }
    }

    @Test func aValueThatNamesNothingNamesTheNearest() {
        #expect(error(GeneratorConfiguration(include: .init(operations: ["listPet"])))
            == "error: configuration #/include/operations/0: the document has no operation `listPet`; did you mean `listPets`?")
        #expect(error(GeneratorConfiguration(exclude: .init(tags: ["pest"])))
            == "error: configuration #/exclude/tags/0: the document has no tag `pest`; did you mean `pets`?")
        #expect(error(GeneratorConfiguration(include: .init(paths: ["/pet*"]))) == nil)
        #expect(error(GeneratorConfiguration(include: .init(paths: ["/pest"])))
            == "error: configuration #/include/paths/0: no path of the document is `/pest`; did you mean `/pets`?")
        #expect(error(GeneratorConfiguration(names: ["getPets": "GetPet"]))
            == "error: configuration #/names/getPets: the document has no operation or schema `getPets`; did you mean `getPet`?")
        #expect(error(GeneratorConfiguration(names: ["Pet": "Animal", "listPets": "AllPets"])) == nil)
        // Nothing near: no guess.
        #expect(error(GeneratorConfiguration(include: .init(operations: ["somethingElseEntirely"])))
            == "error: configuration #/include/operations/0: the document has no operation `somethingElseEntirely`")
    }

    /// A server whose reply contradicts its document: the reply read as `JSONValue`, by configuration.
    @Test func untypedRepliesAreJSONValues() throws {
        let result = try TestFiles.generate("petstore-3.1.json", GeneratorConfiguration(untypedReplies: ["listPets"]))
        let operations = try #require(result.files.first { $0.path == "Operations/Pets.swift" }).contents
        #expect(operations.contains("public typealias Response = JSONValue"))
        #expect(operations.contains("public typealias Response = Pet\n"))
        #expect(error(GeneratorConfiguration(untypedReplies: ["listPet"]))
            == "error: configuration #/untypedReplies/0: the document has no operation `listPet`; did you mean `listPets`?")
    }

    /// A server that answers another media type than its document declares (Prefect 3.9.1's
    /// `download_logs`: JSON declared, `text/csv` sent): the reply read as text, by configuration.
    @Test func textRepliesAreStrings() throws {
        let result = try TestFiles.generate("petstore-3.1.json", GeneratorConfiguration(textReplies: ["listPets"]))
        let operations = try #require(result.files.first { $0.path == "Operations/Pets.swift" }).contents
        let listPets = try #require(operations.components(separatedBy: "struct ListPets:").last?.components(separatedBy: "\n}\n").first)
        #expect(listPets.contains("StringResponseType"))
        #expect(!listPets.contains("JSONResponseType"))
        #expect(operations.contains("public typealias Response = Pet\n"))
        #expect(error(GeneratorConfiguration(textReplies: ["listPet"]))
            == "error: configuration #/textReplies/0: the document has no operation `listPet`; did you mean `listPets`?")
    }

    @Test func editDistance() {
        #expect(GeneratorConfiguration.editDistance(Array("listtodo"), Array("listtodos")) == 1)
        #expect(GeneratorConfiguration.editDistance(Array(""), Array("abc")) == 3)
        #expect(GeneratorConfiguration.editDistance(Array("kitten"), Array("sitting")) == 3)
    }
}
