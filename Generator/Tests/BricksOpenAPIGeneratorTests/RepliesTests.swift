import Foundation
import Testing
@testable import BricksOpenAPIGenerator

/// Replies a document gets wrong, and `null` as a value a request can send (issue 55): the
/// declarations and the text. The runtime side (what is sent, what an error says) is
/// Tests/Runtime/RepliesTests.swift.
@Suite struct RepliesTests {
    private static func translated() throws -> APIDecl {
        try TestFiles.translate(String(decoding: try TestFiles.spec("replies.yaml"), as: UTF8.self)).0
    }

    private static func generated() throws -> GenerationResult {
        try TestFiles.generate("replies.yaml")
    }

    @Test func a204IsEmptyWhateverTheDocumentDeclares() throws {
        let api = try Self.translated()
        let blacklist = try #require(api.operations.first { $0.operationId == "api_token_blacklist_create" })
        #expect(blacklist.response == .empty)
        #expect(blacklist.nested.isEmpty)
    }

    @Test func aReplyToHEADIsEmpty() throws {
        let head = try #require(try Self.translated().operations.first { $0.operationId == "projects_head" })
        #expect(head.response == .empty)
    }

    @Test func aReplyWithoutDeclaredContentKeepsItsBytes() throws {
        let download = try #require(try Self.translated().operations.first { $0.operationId == "data_upload_retrieve" })
        #expect(download.response == .data)
        let text = try #require(try Self.generated().files.first { $0.contents.contains("struct GetDataUpload") }).contents
        #expect(text.contains("Bricks.DataResponseType"))
    }

    @Test func anOptionalNullableMemberOfATypeOnlySentIsNullable() throws {
        let api = try Self.translated()
        guard case .structure(let patch)? = api.model("PatchedProjectRequest"), case .structure(let project)? = api.model("Project") else {
            Issue.record("the models are not structs")
            return
        }
        func type(_ decl: StructDecl, _ key: String) -> TypeRef? { decl.properties.first { $0.key == key }?.type }
        // Sent only: `T??`, nil leaves it out, .null (`.some(nil)`) clears it.
        #expect(type(patch, "pinned_at") == .optional(.nullable(.date)))
        #expect(type(patch, "title") == .optional(.nullable(.string)))
        #expect(type(patch, "maximum_annotations") == .optional(.nullable(.int)))
        // Not nullable: nil leaves it out, as before; required and nullable: nil is null.
        #expect(type(patch, "color") == .optional(.string))
        #expect(type(patch, "expert_instruction") == .optional(.string))
        #expect(patch.properties.first { $0.key == "expert_instruction" }?.sendsNull == true)
        // Read by a reply: as short to read as before.
        #expect(type(project, "pinned_at") == .optional(.date))
    }

    @Test func anOptionalNullableMemberIsWrittenAndReadAsADoubleOptional() throws {
        let all = try Self.generated().files.map(\.contents).joined(separator: "\n")
        #expect(all.contains("public var pinnedAt: Foundation.Date??\n"))
        #expect(all.contains("pinnedAt: Foundation.Date?? = nil,"))
        #expect(all.contains(#"pinnedAt = try c.decodeIfContained("pinned_at")"#))
        #expect(all.contains(#"try c.encodeIfPresent(pinnedAt, forKey: "pinned_at")"#))
        #expect(all.contains("func decodeIfContained<Value: Swift.Decodable>(_ key: Key) throws -> Value?"))
        // Read by a reply: `T?`, read with `decodeIfPresent`.
        #expect(all.contains("public var pinnedAt: Foundation.Date?\n"))
        // Required and nullable: written even when nil.
        #expect(all.contains(#"try c.encode(expertInstruction, forKey: "expert_instruction")"#))
        // A document without such a member has none of it.
        let petstore = try TestFiles.generate("petstore-3.0.yaml").files.map(\.contents).joined()
        #expect(!petstore.contains("decodeIfContained"))
    }

    @Test func aModelThatDoesNotDecodeNamesItsSchemaAsAnOverlayTarget() throws {
        let all = try Self.generated().files.map(\.contents).joined(separator: "\n")
        #expect(all.contains(#"let c = try StudioCoding.Reader(decoder, schema: "$.components.schemas.UserSimple")"#))
        #expect(all.contains("do { return try container.decode(Value.self, forKey: key) } catch { throw StudioCoding.located(error, schema: schema, decoder: decoder) }"))
        // 3.0: the hint makes a member nullable with `nullable: true`.
        #expect(all.contains("update {nullable: true}"))
        #expect(all.contains("target \\(schema).required[?@ == '\\(key.stringValue)'], remove: true"))
        let petstore31 = try TestFiles.generate("petstore-3.1.json").files.map(\.contents).joined()
        #expect(petstore31.contains(#"return "{type: [\(kind.split(separator: " ")[0]), \"null\"]}""#))
    }

    @Test func pointersAreWrittenAsJSONPaths() {
        #expect(Pointer.jsonPath("#/components/schemas/UserSimple") == "$.components.schemas.UserSimple")
        #expect(Pointer.jsonPath("#/paths/~1api~1projects~1/get/responses/200/content/application~1json/schema")
            == "$.paths['/api/projects/'].get.responses['200'].content['application/json'].schema")
        #expect(Pointer.jsonPath("#/components/schemas/it's") == #"$.components.schemas['it\'s']"#)
    }
}
