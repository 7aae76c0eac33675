import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// What real documents write against the letter of OpenAPI, read with a warning naming the place.
@Suite struct DocumentNormalizerTests {
    private func load(_ text: String) throws -> SpecLoader.Loaded {
        try SpecLoader.load(Data(text.utf8))
    }

    private func warnings(_ loaded: SpecLoader.Loaded) -> [String] {
        loaded.diagnostics.map(\.description)
    }

    @Test func jsonIsReadAsJSON() throws {
        // A surrogate pair (Twilio's 👍), a number too large for any integer, and the key order kept.
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "T \ud83d\udc4d", "version": "1", "x-big": 9223372036854776000123},
             "paths": {},
             "components": {"schemas": {"Zebra": {"type": "string"}, "Apple": {"type": "string"}, "Mango": {"type": "string"}}}}
            """#
        let loaded = try load(text)
        #expect(loaded.document.info.title == "T 👍")
        #expect(loaded.document.components.schemas.keys.map(\.rawValue) == ["Zebra", "Apple", "Mango"])
    }

    @Test func invalidJSONNamesLineAndColumn() {
        let text = "{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\"title\": \"T\" \"version\": \"1\"}\n}"
        #expect {
            try SpecLoader.load(Data(text.utf8))
        } throws: { error in
            (error as? GeneratorError)?.description == "error: #: invalid JSON at line 3, column 25: expected `,` or `}` after an object's member"
        }
        #expect(throws: GeneratorError.self) { try SpecLoader.load(Data(#"{"openapi": "3.1.0", "x": "\q"}"#.utf8)) }
        #expect(throws: GeneratorError.self) { try SpecLoader.load(Data(#"{"openapi": "3.1.0", "x": 01}"#.utf8)) }
    }

    @Test func numericExclusiveBoundsIn30() throws {
        let loaded = try load(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Count: {type: integer, exclusiveMinimum: 0}
            """)
        #expect(warnings(loaded) == [
            "warning: #/components/schemas/Count/exclusiveMinimum: a number is OpenAPI 3.1's form, this document is 3.0: read as `minimum: 0, exclusiveMinimum: true`"
        ])
        let schema = try #require(loaded.document.components.schemas["Count"])
        #expect(schema.integerContext?.minimum?.value == 0)
        #expect(schema.integerContext?.minimum?.exclusive == true)
    }

    @Test func booleanExclusiveBoundsAndNullableIn31() throws {
        let loaded = try load(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Count: {type: integer, minimum: 1, exclusiveMinimum: true}
                Name: {type: string, nullable: true}
                Other: {$ref: "#/components/schemas/Name", nullable: true}
            """)
        #expect(warnings(loaded).count == 3)
        #expect(warnings(loaded)[0].hasPrefix("warning: #/components/schemas/Count/exclusiveMinimum: a boolean is OpenAPI 3.0's form"))
        #expect(warnings(loaded)[1].hasPrefix("warning: #/components/schemas/Name/nullable: `nullable` is OpenAPI 3.0's"))
        #expect(loaded.document.components.schemas["Count"]?.integerContext?.minimum?.exclusive == true)
        #expect(loaded.document.components.schemas["Name"]?.nullable == true)
        let api = try TestFiles.translate(
            TestFiles.document(
                schemas: """
                        Holder:
                          type: object
                          properties:
                            name: {type: string, nullable: true}
                  """)).0
        guard case .structure(let holder)? = api.model("Holder") else {
            Issue.record("no Holder")
            return
        }
        #expect(holder.properties.first?.type == .optional(.named("String")))
    }

    /// GitHub's request bodies: properties, and an `anyOf` or `oneOf` that only says which are required. The
    /// `anyOf` was read alone, and the body became an enum of one-property structs of `JSONValue`.
    @Test func alternativesThatOnlyConstrainPropertiesLeaveThem() throws {
        let text = TestFiles.document(schemas: """
                Reviewers:
                  type: object
                  properties: {reviewers: {type: array, items: {type: string}}, team_reviewers: {type: array, items: {type: string}}}
                  anyOf: [{required: [reviewers]}, {required: [team_reviewers]}]
                Run:
                  type: object
                  properties: {status: {type: string, enum: [queued, completed]}, conclusion: {type: string}}
                  oneOf:
                    - {properties: {status: {enum: [completed]}}, required: [status, conclusion], additionalProperties: true}
                    - {properties: {status: {enum: [queued]}}, additionalProperties: true}
                Choice:
                  type: object
                  properties: {kind: {type: string}}
                  oneOf: [{required: [kind]}, {type: object, properties: {other: {type: string}}}]
            """)
        let (api, _, diagnostics) = try TestFiles.translate(text)
        #expect(diagnostics.isEmpty)
        guard case .structure(let reviewers)? = api.model("Reviewers"), case .structure(let run)? = api.model("Run") else {
            Issue.record("Reviewers or Run is not a struct")
            return
        }
        #expect(reviewers.properties.map(\.key) == ["reviewers", "team_reviewers"])
        #expect(reviewers.properties.map(\.type) == [.optional(.array(.string)), .optional(.array(.string))])
        #expect(run.properties.map(\.key) == ["status", "conclusion"])
        // A member that declares a property of its own is a real alternative: kept.
        guard case .oneOf? = api.model("Choice") else {
            Issue.record("Choice is not an enum")
            return
        }
    }

    @Test func integerBoundsOutside64BitsAreClamped() throws {
        // OpenAI's document: `"maximum": 9223372036854776000` on an integer.
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {},
             "components": {"schemas": {"Seed": {"type": "integer", "minimum": -9223372036854776000, "maximum": 9223372036854776000}}}}
            """#
        let loaded = try load(text)
        #expect(warnings(loaded) == [
            "warning: #/components/schemas/Seed/minimum: the bound -9223372036854776000 of an integer schema is outside a 64-bit integer: clamped to -9223372036854775808",
            "warning: #/components/schemas/Seed/maximum: the bound 9223372036854776000 of an integer schema is outside a 64-bit integer: clamped to 9223372036854775807",
        ])
        #expect(loaded.document.components.schemas["Seed"]?.integerContext?.maximum?.value == Int.max)
    }

    /// Pydantic writes an integer's bounds as floats (`"minimum": 0.0`, Prefect's document: 91 of its
    /// 99 warnings): a whole number is an integer (JSON Schema), read without a warning; a fraction
    /// is still rounded inward, and said.
    @Test func wholeNumberBoundsOfAnIntegerAreReadSilently() throws {
        let text = #"""
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {},
             "components": {"schemas": {"Limit": {"type": "integer", "minimum": 0.0, "maximum": 1.0e3},
                                        "Half": {"type": "integer", "exclusiveMaximum": 2.5}}}}
            """#
        let loaded = try load(text)
        #expect(warnings(loaded) == [
            "warning: #/components/schemas/Half/exclusiveMaximum: the bound 2.5 of an integer schema is not an integer: rounded inward to 2",
        ])
        #expect(loaded.document.components.schemas["Limit"]?.integerContext?.minimum?.value == 0)
        #expect(loaded.document.components.schemas["Limit"]?.integerContext?.maximum?.value == 1000)
    }

    @Test func referencesToAnotherKindOfComponentMissingDescriptionsAndDuplicateIds() throws {
        let loaded = try load(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /a:
                get:
                  operationId: list
                  responses:
                    "200": {$ref: "#/components/requestBodies/Thing"}
                post:
                  operationId: list
                  responses:
                    "204": {}
            components:
              requestBodies:
                Thing:
                  content:
                    application/json:
                      schema: {type: string}
            """)
        #expect(warnings(loaded) == [
            "warning: #/paths/~1a/get/responses/200/$ref: a response refers to `#/components/requestBodies/Thing`, a component of another kind: read as what it describes, inline",
            "warning: #/paths/~1a/post/operationId: the operationId `list` is used by an operation before this one: read as `list_2`",
            "warning: #/paths/~1a/post/responses/204: a response needs a `description`: read with an empty one",
        ])
        let operations = loaded.document.paths["/a"]?.pathItemValue?.endpoints.map(\.operation.operationId)
        #expect(operations == ["list", "list_2"])
    }

    @Test func aPropertyNamedLikeAKeywordIsNotTouched() throws {
        let loaded = try load(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Flags:
                  type: object
                  properties:
                    nullable: {type: boolean}
                    exclusiveMinimum: {type: boolean}
                  example: {nullable: true, exclusiveMinimum: true}
            """)
        #expect(loaded.diagnostics.isEmpty)
    }

    @Test func unknownFormatsAreNamed() throws {
        let loaded = try load(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Time: {type: integer, format: unix-time}
            """)
        #expect(warnings(loaded) == [
            "warning: #/components/schemas/Time/format: the format `unix-time` is not in OpenAPI's format registry: read as its type"
        ])
    }
}
