import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// The fake's table (`fake: true`): the values built from schemas, the replies and checks written
/// down, and the literals they go in. What the fake does with them at run time is in
/// Generator/Tests/Runtime/FakeTests.swift.
@Suite struct FakeTableTests {
    /// The value `FakeValues` builds for the schema `Root` of a document of `schemas`.
    static func value(_ schemas: String, direction: FakeValues.Direction = .reply) throws -> String {
        let tree = try SpecLoader.parse(Data(TestFiles.document(schemas: schemas).utf8))
        let document = FakeDocument(root: tree)
        let root = try #require(document.target(of: "#/components/schemas/Root"))
        return FakeValues(document: document).value(for: root, direction: direction).jsonText
    }

    @Test func aFakeIsWrittenOnlyWhenTheConfigurationAsksForOne() throws {
        let plain = try TestFiles.generate("fakes.yaml", GeneratorConfiguration(name: "PetShop"))
        #expect(!plain.files.contains { $0.path == "PetShopFake.swift" })
        let faked = try TestFiles.generate("fakes.yaml", GeneratorConfiguration(name: "PetShop", fake: true))
        let file = try #require(faked.files.first { $0.path == "PetShopFake.swift" })
        #expect(file.contents.contains("public actor PetShopFake: Bricks.HTTPTransport {"))
        #expect(!file.contents.contains("__"))
        #expect(!file.contents.contains("import Testing") && !file.contents.contains("import XCTest"))
        // listPets, getPet, getToy, listToys, deletePet, votePet and putPetPhoto (no body) are the
        // document's; the others built from schemas.
        #expect(faked.summary.fakeRepliesFromExamples == 7)
        #expect(faked.summary.fakeRepliesFromSchemas == 3)
        #expect(faked.summaryLine.contains("fake: 7 replies from examples, 3 from schemas"))
    }

    @Test func aValueKeepsTheSchemasRules() throws {
        let value = try Self.value("""
                Root:
                  type: object
                  required: [id, kind, count, at, tags]
                  properties:
                    id: {type: string, format: uuid}
                    kind: {type: string, enum: [b, a]}
                    count: {type: integer, minimum: 5, maximum: 9}
                    ratio: {type: number, exclusiveMinimum: 0, maximum: 0.5}
                    at: {type: string, format: date-time}
                    code: {type: string, minLength: 6, maxLength: 8}
                    tags: {type: array, items: {type: string}, minItems: 2}
                    note: {type: [string, 'null']}
                    given: {type: string, example: given}
                    chosen: {type: string, default: usual}
            """)
        #expect(value == #"{"id":"00000000-0000-4000-8000-000000000001","kind":"b","count":5,"ratio":0.5,"at":"2026-01-01T00:00:00Z","code":"codexx","tags":["tags","tags"],"note":"note","given":"given","chosen":"usual"}"#)
    }

    @Test func aReplyHasReadOnlyMembersAndARequestWriteOnlyOnes() throws {
        let schemas = """
                Root:
                  type: object
                  properties:
                    id: {type: integer, readOnly: true}
                    password: {type: string, writeOnly: true}
            """
        #expect(try Self.value(schemas) == #"{"id":1}"#)
        #expect(try Self.value(schemas, direction: .request) == #"{"password":"password"}"#)
    }

    @Test func aUnionTakesItsFirstBranchWithTheDiscriminatorThatNamesIt() throws {
        let value = try Self.value("""
                Root:
                  oneOf: [{type: 'null'}, {$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
                  discriminator: {propertyName: pet_type, mapping: {feline: '#/components/schemas/Cat'}}
                Cat: {type: object, required: [pet_type, lives], properties: {pet_type: {type: string}, lives: {type: integer}}}
                Dog: {type: object, properties: {pet_type: {type: string}}}
            """)
        #expect(value == #"{"pet_type":"feline","lives":1}"#)
    }

    @Test func partsOfAnAllOfAreMergedAndARecursiveSchemaEnds() throws {
        let value = try Self.value("""
                Root:
                  allOf:
                    - {$ref: '#/components/schemas/Node'}
                    - {type: object, required: [extra], properties: {extra: {type: boolean}}}
                Node:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    child: {$ref: '#/components/schemas/Node'}
            """)
        // Every member two levels deep, the required ones below.
        #expect(value == #"{"name":"name","child":{"name":"name","child":{"name":"name"}},"extra":true}"#)
    }

    @Test func anAllOfOfAUnionAndADescriptionIsABranchOfTheUnion() throws {
        // Box's `Collaboration.item`: the union's value, not the empty object of an object `type`.
        let value = try Self.value("""
                Root:
                  allOf:
                    - {$ref: '#/components/schemas/Item'}
                    - {description: The file or folder.}
                  nullable: true
                Item:
                  type: object
                  oneOf: [{$ref: '#/components/schemas/File'}, {$ref: '#/components/schemas/Folder'}]
                File: {type: object, required: [type, id], properties: {type: {type: string, enum: [file]}, id: {type: string}}}
                Folder: {type: object, required: [type, id], properties: {type: {type: string, enum: [folder]}, id: {type: string}}}
            """)
        #expect(value == #"{"type":"file","id":"id"}"#)
    }

    @Test func theTableWritesWhatARequestMustHold() throws {
        let tree = try SpecLoader.parse(try TestFiles.spec("fakes.yaml"))
        let (api, _, _) = try TestFiles.translate(String(decoding: try TestFiles.spec("fakes.yaml"), as: UTF8.self))
        let output = FakeTable(document: FakeDocument(root: tree), api: api).render()
        // The path item's parameter, with its bounds; the document-wide credential; the body's schema by name.
        #expect(output.table.contains(#"{"n":"petId","i":"path","r":true,"s":{"type":"integer","format":"int64","minimum":1}}"#))
        #expect(output.table.contains(#""a":[[{"i":"header","n":"X-API-Key","k":"apiKey"}]]"#))
        #expect(output.table.contains(#""b":{"r":true,"t":["application/json"],"s":{"$ref":"NewPet"}}"#))
        // `security: []` makes listMyPets open.
        let mine = try #require(output.table.range(of: #"{"n":"ListMyPets""#))
        #expect(!output.table[mine.lowerBound...].prefix(120).contains(#""a":"#))
        // The schemas a check names are written down (without their descriptions), the others not.
        #expect(output.table.contains(#""NewPet":{"type":"object","required":["name","kind"]"#))
        #expect(!output.table.contains(#""Problem":"#))
        // A documented header is sent with its example; identical bodies are written once.
        #expect(output.table.contains(#""h":{"X-Rate-Limit-Remaining":"99"}"#))
        #expect(Set(output.replies).count == output.replies.count)
    }

    @Test func literalsHoldTheirTextAsItIs() {
        #expect(FakeRenderer.literal(#"{"a":"b"}"#) == ##"#"{"a":"b"}"#"##)
        #expect(FakeRenderer.literal(##"{"a":"\"#"}"##) == ###"##"{"a":"\"#"}"##"###)
        #expect(FakeRenderer.literal("data: 1\n\n") == #""data: 1\n\n""#)
    }
}
