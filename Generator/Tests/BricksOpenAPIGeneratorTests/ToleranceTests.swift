import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// No document is refused over a quirk (issue 41): what OpenAPIKit cannot read is repaired or left
/// out, with a warning at its JSON pointer; only a file that is not JSON/YAML or has no operation is
/// refused. quirks-3.0.yaml and quirks-3.1.yaml hold one of each kind; Generator/test.sh compiles
/// their output, Generator/mutations.sh injects the kinds into the whole shared set.
@Suite struct ToleranceTests {
    private func warnings(_ result: GenerationResult) -> [String] { result.diagnostics.map(\.description) }

    @Test(arguments: ["quirks-3.0.yaml", "quirks-3.1.yaml"])
    func everyQuirkIsReadWithAWarning(spec: String) throws {
        let result = try TestFiles.generate(spec)
        let text = warnings(result).joined(separator: "\n")
        for expected in [
            "a path parameter is always required", "of a Header object", "the example refers to",
            "unresolvable $ref", "is used by an operation before this one", "the schema is only a `$ref` to itself",
            "OpenAPIKit cannot read this",
        ] {
            #expect(text.contains(expected), "\(spec): no warning `\(expected)`")
        }
        #expect(result.summary.skippedOperations.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.pointer.hasPrefix("#/") })
    }

    @Test func the30QuirksAreEachRead() throws {
        let result = try TestFiles.generate("quirks-3.0.yaml")
        let text = warnings(result)
        #expect(text.contains("warning: #/paths/~1items~1{item_id}/parameters/0/required: a path parameter is always required: read as `required: true`"))
        #expect(text.contains(
            "warning: #/paths/~1items~1{item_id}/get/responses/200/headers/X-Rate-Limit: `name`, `in`, `allowEmptyValue` are not fields of a Header object (a parameter's): left out"))
        #expect(text.contains("warning: #/paths/~1items~1/get/parameters/0/schema/minimum: the bound is text (`\"1\"`), not a number: read as 1"))
        #expect(text.contains { $0.hasPrefix("warning: #/paths/~1items~1/get/deprecated: OpenAPIKit cannot read this") })
        #expect(text.contains { $0.hasPrefix("warning: #/components/schemas/Item/properties/note/type: a list of types is OpenAPI 3.1's form") })
        #expect(result.summary.operationsGenerated == 3)
        let models = try #require(result.files.first { $0.path == "Models/Models.swift" }).contents
        #expect(models.contains("public typealias LoopA = JSONValue"))
        #expect(models.contains("public typealias Itself = JSONValue"))
        #expect(models.contains("public var note: Swift.String?"))
        // The bound left out, not the parameter.
        let operations = try #require(result.files.first { $0.path == "Operations/Items.swift" }).contents
        #expect(operations.contains("public var limit: Swift.Int? = nil"))
    }

    /// The rule itself, on what OpenAPIKit says when the normaliser has not seen a quirk before.
    @Test func theRuleRepairsOrLeavesOutTheNodeNamed() throws {
        let parameter = DocumentValue.object(DocumentObject(members: [.init(key: "name", value: .string("id")), .init(key: "in", value: .string("path"))]))
        let header = DocumentValue.object(DocumentObject(members: [
            .init(key: "allowEmptyValue", value: .bool(true)), .init(key: "schema", value: .object(DocumentObject())),
        ]))
        var tree = DocumentValue.object(DocumentObject(members: [
            .init(key: "parameters", value: .array([parameter])), .init(key: "header", value: header),
            .init(key: "bound", value: .object(DocumentObject(members: [.init(key: "minimum", value: .string("x"))]))),
        ]))
        let required = try #require(DocumentRepair.repair(
            &tree, at: ["parameters", "0"], message: "Parameter could not be decoded because: positional path parameters must be explicitly set to required."))
        #expect(required.diagnostic.pointer == "#/parameters/0")
        #expect(tree.value(at: ["parameters", "0", "required"]) == .bool(true))
        let field = try #require(DocumentRepair.repair(
            &tree, at: ["header"], message: "Found at least one vendor extension property that does not begin with the required 'x-' prefix. Invalid properties: [ allowEmptyValue ]"))
        #expect(field.diagnostic.message.hasPrefix("`allowEmptyValue` is not a field of this object"))
        #expect(tree.value(at: ["header", "allowEmptyValue"]) == nil)
        #expect(tree.value(at: ["header", "schema"]) != nil)
        _ = try #require(DocumentRepair.repair(&tree, at: ["bound"], message: "Expected `minimum` value to be parsable as Double but it was not."))
        #expect(tree.value(at: ["bound"]) == .object(DocumentObject()))
        // The document itself cannot be left out.
        #expect(DocumentRepair.repair(&tree, at: [], message: "anything") == nil)
    }

    @Test func aPathVariableWithoutAParameterIsAStringParameter() throws {
        let result = try TestFiles.generate("quirks-3.1.yaml")
        #expect(warnings(result).contains {
            $0 == "warning: #/paths/~1things~1{id}/delete/parameters: the path names `{id}` but no parameter declares it: read as a required string path parameter"
        })
        #expect(result.summary.operationsGenerated == 2)
    }

    @Test func anUnreadableOperationIsLeftOutAndCounted() throws {
        let text = """
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
             "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}, "post": [1]},
                       "/b": {"get": {"responses": {"200": {"description": "ok"}}}}}}
            """
        let result = try BricksOpenAPIGenerator.generate(from: Data(text.utf8))
        #expect(result.summary.operationsGenerated == 2)
        #expect(result.summary.skippedOperations.count == 1)
        #expect(result.summary.skippedOperations.first?.hasPrefix("#/paths/~1a/post: ") == true)
    }

    @Test func onlyWhatIsNotADocumentOrHasNoOperationIsRefused() {
        #expect {
            try BricksOpenAPIGenerator.generate(from: Data(#"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}}"#.utf8))
        } throws: { error in
            (error as? GeneratorError)?.diagnostic.pointer == "#/paths"
        }
        #expect(throws: GeneratorError.self) { try BricksOpenAPIGenerator.generate(from: Data("\u{1}\u{2}not a document".utf8)) }
        // No `info`: read with an empty one.
        #expect(throws: Never.self) {
            try BricksOpenAPIGenerator.generate(from: Data(#"{"openapi": "3.0.3", "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}}"#.utf8))
        }
    }

    /// The mutation test's `nullable` kind on GitHub's document: `alert_number` is a path
    /// parameter whose schema is a `$ref` to a component that admits null (`AlertNumber = Int?`);
    /// its six operations were skipped as "neither a value nor a list of values". The same `$ref`
    /// in a query, a header or a cookie: a header's was left out, a query's went through the
    /// `deepObject` encoder. Each is the value it wraps, optional unless required.
    @Test func parametersReferringToANullableComponentAreTheirValue() throws {
        let text = TestFiles.document(
            schemas: """
                    alert-number: {type: integer, nullable: true}
                """,
            paths: """
                {"/alerts/{alert_number}": {get: {operationId: getAlert,
                  parameters: [{name: alert_number, in: path, required: true, schema: {$ref: "#/components/schemas/alert-number"}},
                               {name: since, in: query, required: true, schema: {$ref: "#/components/schemas/alert-number"}},
                               {name: X-Alert, in: header, schema: {$ref: "#/components/schemas/alert-number"}},
                               {name: alert, in: cookie, schema: {$ref: "#/components/schemas/alert-number"}}],
                  responses: {"204": {description: done}}}}}
                """
        ).replacingOccurrences(of: "openapi: 3.1.0", with: "openapi: 3.0.3")
        let (api, summary, _) = try TestFiles.translate(text)
        #expect(summary.skippedOperations.isEmpty)
        let parameters = try #require(api.operations.first).parameters
        #expect(parameters.map(\.type) == [.int, .int, .optional(.int), .optional(.int)])
        #expect(parameters.map(\.encoding) == Array(repeating: .scalar(.describable), count: 4))
    }

    /// An object or a list in a path or header is written in its style (it was skipped as
    /// "neither a value nor a list of values"); only an object with a member that is itself a list
    /// or an object is left out, since no style writes one in a path.
    @Test func objectsAndListsInPathsAndHeadersAreWrittenInTheirStyle() throws {
        let text = TestFiles.document(
            schemas: """
                    RGB: {type: object, required: [R], properties: {R: {type: integer}, G: {type: integer}}}
                    Deep: {type: object, properties: {inner: {type: object, properties: {a: {type: string}}}}}
                """,
            paths: """
                {"/a/{rgb}/{list}": {get: {operationId: a,
                   parameters: [{name: rgb, in: path, required: true, style: matrix, explode: true, schema: {$ref: "#/components/schemas/RGB"}},
                                {name: list, in: path, required: true, style: label, schema: {type: array, items: {type: string}}},
                                {name: X-RGB, in: header, schema: {$ref: "#/components/schemas/RGB"}}],
                   responses: {"204": {description: done}}}},
                 "/b/{deep}": {get: {operationId: b,
                   parameters: [{name: deep, in: path, required: true, schema: {$ref: "#/components/schemas/Deep"}}],
                   responses: {"204": {description: done}}}},
                 "/c": {get: {operationId: c,
                   parameters: [{name: X-Deep, in: header, schema: {type: array, items: {$ref: "#/components/schemas/Deep"}}}],
                   responses: {"204": {description: done}}}}}
                """)
        let (api, summary, diagnostics) = try TestFiles.translate(text)
        // An optional parameter no style writes is left out, with a warning; the operation stays.
        #expect(api.operations.first { $0.name == "C" }?.parameters.isEmpty == true)
        #expect(
            diagnostics.contains {
                $0.pointer == "#/paths/~1c/get/parameters/0"
                    && $0.message.hasPrefix("parameter left out (it is optional): header parameter `X-Deep` is a list of lists or objects")
            })
        let a = try #require(api.operations.first { $0.name == "A" })
        let rgb = try #require(a.parameters.first { $0.key == "rgb" })
        let members = [
            MemberText(name: "r", key: "R", kind: .describable, isOptional: false),
            MemberText(name: "g", key: "G", kind: .describable, isOptional: true),
        ]
        #expect(rgb.pathStyle == .matrix)
        #expect(rgb.encoding == .members(members, explode: true))
        #expect(a.segments[1] == [.styled(rgb)])
        let list = try #require(a.parameters.first { $0.key == "list" })
        #expect(list.pathStyle == .label && list.encoding == .list(.string, explode: false, separator: ","))
        #expect(a.parameters.first { $0.key == "X-RGB" }?.encoding == .members(members, explode: false))
        #expect(
            OperationRenderer.styledText(of: "rgb", rgb, apiName: "T")
                == #"";" + (["R=" + Swift.String(rgb.r), rgb.g.map { "G=" + Swift.String($0) }] as [Swift.String?]).compactMap { $0 }.joined(separator: ";")"#)
        #expect(summary.skippedOperations.count == 1)
        #expect(
            summary.skippedOperations.first
                == "#/paths/~1b~1{deep}/get/parameters/0: path parameter `deep` is an object whose member `inner` is a list or an "
                + "object: OpenAPI's styles write an object in a path only when its members are single values")
    }

    /// readmeio's security example: an API key in the `api_key` cookie and another in the `apiKey`
    /// query item were both `apiKey(_:)`, an invalid redeclaration. The second is `apiKeyQuery(_:)`.
    @Test func apiKeysOfTheSameSwiftNameGetTheirPlaceInTheirName() throws {
        let text = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths: {/a: {get: {operationId: a, responses: {"204": {description: done}}}}}
            components:
              securitySchemes:
                cookie: {type: apiKey, in: cookie, name: api_key}
                query: {type: apiKey, in: query, name: apiKey}
                header: {type: apiKey, in: header, name: Api-Key}
                again: {type: apiKey, in: query, name: apiKey}
            """
        let (api, _, _) = try TestFiles.translate(text)
        #expect(
            api.credentials == [
                .apiKey(name: "api_key", location: .cookie, function: "apiKey"),
                .apiKey(name: "apiKey", location: .query, function: "apiKeyQuery"),
                .apiKey(name: "Api-Key", location: .header, function: "apiKeyHeader"),
            ])
    }

    /// The review's cases: parameters named like the generated code's locals (`items`, `fields`,
    /// `cookies`) did not compile; a member whose type is an alias of an optional (`N = Int?`) was
    /// "a list or an object"; an optional parameter left out kept the nested type it had declared.
    @Test func parametersNamedLikeLocalsAndNullableMembersAreWritten() throws {
        let text = TestFiles.document(
            schemas: """
                    N: {type: [integer, "null"]}
                    Box: {type: object, required: [n], properties: {n: {$ref: "#/components/schemas/N"}}}
                """,
            paths: """
                {"/a/{box}": {get: {operationId: a,
                   parameters: [{name: box, in: path, required: true, schema: {$ref: "#/components/schemas/Box"}},
                                {name: items, in: query, schema: {type: string}},
                                {name: fields, in: header, schema: {type: string}},
                                {name: cookies, in: cookie, schema: {type: string}},
                                {name: X-Deep, in: header, schema: {type: array, items: {type: object, properties: {a: {type: string}}}}}],
                   responses: {"204": {description: done}}}}}
                """)
        let (api, summary, _) = try TestFiles.translate(text)
        #expect(summary.skippedOperations.isEmpty)
        let a = try #require(api.operations.first)
        #expect(a.parameters.map(\.name) == ["box", "itemsParameter", "fieldsParameter", "cookiesParameter"])
        #expect(a.parameters.first?.encoding == .members([MemberText(name: "n", key: "n", kind: .describable, isOptional: true)], explode: false))
        #expect(a.nested.isEmpty)
    }
}
