import Foundation
import Testing
@testable import BricksOpenAPIGenerator

@Suite struct NamingTests {
    @Test func names() {
        #expect(Naming.typeName("simple-user") == "SimpleUser")
        #expect(Naming.typeName("repos/list-for-org") == "ReposListForOrg")
        #expect(Naming.typeName("2fa") == "_2fa")
        #expect(Naming.memberName("html_url") == "htmlUrl")
        #expect(Naming.memberName("URLPath") == "urlPath")
        #expect(Naming.memberName("+1") == "plus1")
        #expect(Naming.memberName("-1") == "minus1")
        #expect(Naming.escaped("default") == "`default`")
        #expect(APITranslator.apiName("GitHub v3 REST API") == "GitHub")
        // Capitals joined by `_` read as words; acronyms stay as written.
        #expect(Naming.memberName("PROJECT_CREATED") == "projectCreated")
        #expect(Naming.typeName("PROJECT_CREATED") == "ProjectCreated")
        #expect(Naming.memberName("IN_PROGRESS") == "inProgress")
        #expect(Naming.memberName("X-RGB") == "xRGB")
        #expect(Naming.memberName("GET") == "get")
        #expect(Naming.typeName("URL") == "URL")
        #expect(Naming.memberName("someURL_ID") == "someURLID")  // not all capitals: as before
    }

    @Test func allCapsEnumValuesAreCamelCaseCasesAndNoNestedTypeOfCapitals() throws {
        let document = TestFiles.document(schemas: """
                Hook:
                  type: object
                  properties:
                    actions: {type: array, items: {type: string, enum: [PROJECT_CREATED, ANNOTATION_UPDATED, GET]}}
                    event: {type: string, enum: [TASK_DELETED, TASK_CREATED]}
            """)
        let (api, _, _) = try TestFiles.translate(document)
        guard case .structure(let hook)? = api.model("Hook") else {
            Issue.record("Hook is not a struct")
            return
        }
        let enums = hook.nested.compactMap { decl -> StringEnumDecl? in if case .stringEnum(let e) = decl { e } else { nil } }
        #expect(enums.flatMap { $0.cases.map(\.name) }.sorted() == ["annotationUpdated", "get", "projectCreated", "taskCreated", "taskDeleted"])
        #expect(!hook.nested.map(\.name).contains { $0.contains("PROJECT") || $0.contains("TASKDELETED") })
    }

    @Test func aSchemaNamedWebhookKeepsItsNameWhenTheDocumentHasNoWebhooks() throws {
        let (api, _, _) = try TestFiles.translate(TestFiles.document(schemas: """
                Webhook: {type: object, properties: {url: {type: string}}}
            """))
        #expect(api.model("Webhook") != nil)
        #expect(!api.models.contains { $0.name.hasPrefix("Webhook") && $0.name != "Webhook" })
    }

    @Test func identicalUnionMembersAreOneCase() throws {
        let (api, _, _) = try TestFiles.translate(TestFiles.document(schemas: """
                Settings:
                  oneOf:
                    - {type: object, additionalProperties: true}
                    - {type: object, additionalProperties: {}}
                    - {type: string}
            """))
        guard case .oneOf(let settings)? = api.model("Settings") else {
            Issue.record("Settings is not a union")
            return
        }
        #expect(settings.cases.map(\.name) == ["dictionary", "string"])
    }
}

@Suite struct TranslatorTests {
    @Test func constructsBecomeTheRightDeclarations() throws {
        let (api, summary, diagnostics) = try TestFiles.translate(
            String(decoding: try TestFiles.spec("constructs.yaml"), as: UTF8.self))
        #expect(summary.operationsGenerated == 8)
        #expect(summary.skippedOperations.isEmpty)
        // Webhooks are the cases of one enum; callbacks are ignored with a warning naming them.
        #expect(api.webhooks.map(\.key) == ["petAdded"])
        #expect(api.webhooks.first?.payload == .dictionary(.named("JSONValue")))
        #expect(diagnostics.contains { $0.pointer == "#/paths/~1upload/post/callbacks" })

        guard case .structure(let everything)? = api.model("Everything") else {
            Issue.record("Everything is not a struct")
            return
        }
        func property(_ key: String) -> PropertyDecl? { everything.properties.first { $0.key == key } }
        #expect(property("name")?.type == .string)  // from allOf's first member
        #expect(property("count")?.type == .named("Int32"))
        #expect(property("total")?.type == .optional(.named("Int64")))
        #expect(property("flag")?.defaultValue == .bool(true))
        #expect(property("mode")?.defaultValue == .enumValue(type: "Mode", rawValue: "fast"))
        #expect(property("when")?.type == .optional(.date))
        #expect(property("day")?.type == .optional(.string))
        #expect(property("maybe")?.type == .optional(.int))
        #expect(property("labels")?.type == .optional(.dictionary(.int)))
        #expect(property("free")?.type == .optional(.dictionary(.json)))
        #expect(property("optionalShape")?.type == .optional(.named("Shape")))
        #expect(property("default")?.name == "`default`")

        guard case .oneOf(let shape)? = api.model("Shape") else {
            Issue.record("Shape is not an enum")
            return
        }
        #expect(shape.discriminator?.property == "kind")
        #expect(shape.discriminator?.mapping.map(\.value) == ["circle", "square"])
        guard case .oneOf(let either)? = api.model("IdOrName") else {
            Issue.record("IdOrName is not an enum")
            return
        }
        #expect(either.cases.map(\.type) == [.int, .string, .array(.string)])
    }

    @Test func cyclesOfValueTypesAreBroken() throws {
        let (api, _, _) = try TestFiles.translate(String(decoding: try TestFiles.spec("constructs.yaml"), as: UTF8.self))
        guard case .structure(let node)? = api.model("Node") else {
            Issue.record("Node is not a struct")
            return
        }
        #expect(node.properties.first { $0.key == "parent" }?.indirect == true)
        #expect(node.properties.first { $0.key == "children" }?.indirect == false)
        var boxedOrIndirect = false
        if case .structure(let branch)? = api.model("Branch") { boxedOrIndirect = branch.properties.contains { $0.indirect } }
        if case .oneOf(let tree)? = api.model("Tree"), tree.isIndirect { boxedOrIndirect = true }
        #expect(boxedOrIndirect)
    }

    @Test func aCycleOfReferencesDoesNotHang() throws {
        let text = TestFiles.document(schemas: """
                A: {$ref: '#/components/schemas/B'}
                B: {$ref: '#/components/schemas/A'}
                C: {allOf: [{$ref: '#/components/schemas/C'}, {type: object, properties: {x: {type: string}}}]}
            """)
        let (api, summary, _) = try TestFiles.translate(text)
        #expect(summary.schemasGenerated == 3)
        #expect(api.models.count == 3)
    }

    /// Adyen's payment methods: no `discriminator`, but each member allows its own `type` values. Tried in
    /// order, the first member (all optional) took every object, and a card lost its number.
    @Test func membersWithTheirOwnEnumValuesImplyADiscriminator() throws {
        let text = TestFiles.document(schemas: """
                Method: {oneOf: [{$ref: '#/components/schemas/Ach'}, {$ref: '#/components/schemas/Card'}, {type: object}]}
                Ach: {type: object, properties: {type: {type: string, enum: [ach, ach_plaid]}, account: {type: string}}}
                Card: {allOf: [{type: object, properties: {type: {$ref: '#/components/schemas/CardType'}, number: {type: string}}}]}
                CardType: {type: string, enum: [scheme]}
                Either: {anyOf: [{$ref: '#/components/schemas/Ach'}, {$ref: '#/components/schemas/Same'}]}
                Same: {type: object, properties: {type: {type: string, enum: [ach]}}}
            """)
        let (api, _, _) = try TestFiles.translate(text)
        guard case .oneOf(let method)? = api.model("Method") else {
            Issue.record("Method is not an enum")
            return
        }
        #expect(method.discriminator?.property == "type")
        #expect(method.discriminator?.mapping.map(\.value) == ["ach", "ach_plaid", "scheme"])
        let names = method.cases.map(\.name)
        #expect(method.discriminator?.mapping.map(\.caseName) == [names[0], names[0], names[1]])
        // Values two members share decide nothing: the members are tried in order, as before.
        guard case .oneOf(let either)? = api.model("Either") else {
            Issue.record("Either is not an enum")
            return
        }
        #expect(either.discriminator == nil)
    }

    @Test func operationsCarryParametersBodyAndPagination() throws {
        let (api, _, _) = try TestFiles.translate(String(decoding: try TestFiles.spec("petstore-3.1.json"), as: UTF8.self))
        let list = try #require(api.operation("ListPets"))
        #expect(list.pagination == .linkHeader)
        #expect(list.response == .json(.array(.named("Pet"))))
        #expect(api.errorType == "Problem")
        #expect(api.secretHeaderNames == ["X-API-Key"])
        #expect(api.baseURL == "https://petstore.example/v2")
        let get = try #require(api.operation("GetPet"))
        #expect(get.segments == [[.literal("pets")], [.parameter(name: "petId", kind: .describable)]])
    }

    @Test func serverVariablesTakeTheirDefaults() throws {
        let (api, _, _) = try TestFiles.translate(String(decoding: try TestFiles.spec("petstore-3.0.yaml"), as: UTF8.self))
        #expect(api.baseURL == "https://api.petstore.example/v1")
        #expect(api.errorType == "SwaggerPetstoreError")
        #expect(api.credentials == [.bearer])
        let delete = try #require(api.operation("DeletePet"))
        #expect(delete.deprecated)
        let list = try #require(api.operation("ListPets"))
        #expect(list.parameters.first { $0.key == "tags" }?.encoding == .list(.string, explode: false, separator: ","))
    }

    @Test func filtersPullInTheSchemasTheyNeed() throws {
        let configuration = GeneratorConfiguration(include: .init(operations: ["showPetById"]))
        let (api, summary, _) = try TestFiles.translate(
            String(decoding: try TestFiles.spec("petstore-3.0.yaml"), as: UTF8.self), configuration)
        #expect(api.operations.map(\.name) == ["ShowPetById"])
        #expect(summary.operationsFiltered == 3)
        #expect(Set(api.models.map(\.name)) == ["Pet", "SwaggerPetstoreError"])
    }

    @Test func namingOverridesAndAccessLevel() throws {
        let configuration = GeneratorConfiguration(
            name: "Pets", accessLevel: .public, names: ["listPets": "AllPets", "Pet": "Animal"])
        let (api, _, _) = try TestFiles.translate(String(decoding: try TestFiles.spec("petstore-3.0.yaml"), as: UTF8.self), configuration)
        #expect(api.protocolName == "PetsAPI")
        #expect(api.operation("AllPets") != nil)
        #expect(api.model("Animal") != nil)
        #expect(api.access == .public)
    }

    @Test func identicalInlineSchemasAreDeclaredOnce() throws {
        let address = #"{"type": "object", "properties": {"city": {"type": "string"}}}"#
        let zip = #"{"type": "object", "properties": {"zip": {"type": "string"}}}"#
        func post(_ id: String, _ body: String, deprecated: Bool = false, form: Bool = false) -> String {
            let type = form ? "application/x-www-form-urlencoded" : "application/json"
            return #"{"post": {"operationId": "\#(id)", "deprecated": \#(deprecated), "requestBody": {"content": {"\#(type)": {"schema": \#(body)}}}, "responses": {"204": {"description": "ok"}}}}"#
        }
        let bodyB = #"{"type": "object", "properties": {"address": \#(address), "note": {"type": "string"}}}"#
        let text = TestFiles.document(schemas: "    X: {type: string}", paths: """
            {"/a": \(post("postA", #"{"type": "object", "properties": {"address": \#(address)}}"#)),
             "/b": \(post("postB", bodyB)),
             "/c": \(post("postC", #"{"type": "object", "properties": {"home": \#(address), "zip": \#(zip)}}"#, deprecated: true)),
             "/d": \(post("postD", #"{"type": "object", "properties": {"zip": \#(zip)}}"#)),
             "/e": \(post("postE", bodyB)),
             "/f": \(post("postF", #"{"type": "array", "items": {"type": "object", "properties": {"q": {"type": "string"}}}}"#, form: true)),
             "/g": \(post("postG", #"{"type": "array", "items": {"type": "object", "properties": {"q": {"type": "string"}}}}"#))}
            """)
        let (api, summary, _) = try TestFiles.translate(text)
        func property(_ operation: String, _ key: String) throws -> TypeRef? {
            let nested = api.operation(operation)?.nested.first { $0.name == "Body" }
            let body = try #require(nested ?? api.operation(operation).flatMap { operation in
                guard case .json(.named(let name))? = operation.body else { return nil }
                return api.model(name)
            })
            guard case .structure(let structure) = body else { return nil }
            return structure.properties.first { $0.key == key }?.type
        }
        // Declared once; used by several operations (also a deprecated one), a top-level type named after its property.
        #expect(try property("PostA", "address") == .optional(.named("Address")))
        #expect(try property("PostB", "address") == .optional(.named("Address")))
        #expect(try property("PostC", "home") == .optional(.named("Address")))
        #expect(api.model("Address") != nil)
        #expect(api.operation("PostA")?.nested.first { $0.name == "Body" }?.nested.isEmpty == true)
        // A deprecated operation's own types are not shared.
        #expect(try property("PostC", "zip") == .optional(.named("Zip")))
        #expect(try property("PostD", "zip") == .optional(.named("Zip")))
        // A whole body too: `Body` is the name of every body, so it takes the words its users' names
        // share (`PostB`, `PostE`: `Post`), not its first user's name.
        #expect(api.operation("PostB")?.body == .json(.named("PostBody")))
        #expect(api.operation("PostE")?.body == .json(.named("PostBody")))
        #expect(api.operation("PostE")?.nested.isEmpty == true)
        // What a skipped operation declared is not used: postF's form body is a list, not an object.
        #expect(summary.skippedOperations.count == 1)
        #expect(api.operation("PostG")?.body == .json(.array(.named("BodyItem"))))
    }

    @Test func unsupportedOperationsAreSkippedWithAReason() throws {
        let text = TestFiles.document(schemas: "    X: {type: string}", paths: """
            {"/a/{id}": {"get": {"operationId": "a", "parameters": [{"name": "id", "in": "path", "required": true, "content": {"application/json": {"schema": {"type": "string"}}}}], "responses": {"200": {"description": "ok"}}}},
             "/b": {"get": {"operationId": "b", "parameters": [{"name": "q", "in": "query", "content": {"application/json": {"schema": {"type": "object"}}}}], "responses": {"200": {"description": "ok"}}}}}
            """)
        let (api, summary, _) = try TestFiles.translate(text)
        // A query parameter described with `content` is sent as JSON text.
        #expect(api.operations.map(\.name) == ["B"])
        #expect(api.operation("B")?.parameters.first?.encoding == .jsonText)
        #expect(summary.skippedOperations.count == 1)
        #expect(summary.skippedOperations.contains { $0.hasPrefix("#/paths/~1a~1{id}/get") && $0.contains("`content`") })
    }
}
