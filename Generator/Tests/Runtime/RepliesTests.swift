// The code generated from Tests/BricksOpenAPIGeneratorTests/Specs/replies.yaml (Label Studio's
// shapes, issue 55) against Bricks' StubTransport: replies the document gets wrong, and `null` as a
// value a request sends.
import Bricks
import BricksTesting
import Foundation
import Replies
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct GeneratedRepliesTests {
    /// The JSON `data` holds, its keys sorted: bodies compared whatever their order.
    private func sorted(_ data: Data?) throws -> String {
        let value = try JSONSerialization.jsonObject(with: try #require(data))
        return String(decoding: try JSONSerialization.data(withJSONObject: value, options: .sortedKeys), as: UTF8.self)
    }

    /// Label Studio's `POST /api/token/blacklist/` declares a 204 with JSON: the empty body is not decoded.
    @Test func a204IsEmptyWhateverTheDocumentDeclares() async throws {
        let stub = StubTransport()
        await stub.register(.post, "/api/token/blacklist/", reply: .init(status: 204, headers: ["Content-Type": "application/json"]))
        let session = Session(transport: stub)
        let nothing: Void = try await session.send(CreateTokenBlacklist(body: Refresh(refresh: "r")))
        _ = nothing
        await stub.register(.head, "/api/projects/", reply: .init(status: 200, headers: ["Content-Type": "application/json"]))
        let head = try await session.response(for: ProjectsHead())
        #expect(head.head.statusCode == 200)
    }

    /// A hand-written endpoint whose `Response` is optional reads a 204 (or a reply to HEAD) as `nil`;
    /// one whose `Response` is not says why it cannot.
    @Test func anEmpty204IsNilForAnOptionalResponse() async throws {
        struct MaybeProject: RepliesAPI, GETRequestType, JSONResponseType, Sendable {
            typealias Response = Project?
            var path: String { "/maybe" }
        }
        struct SurelyProject: RepliesAPI, GETRequestType, JSONResponseType, Sendable {
            typealias Response = Project
            var path: String { "/maybe" }
        }
        let stub = StubTransport()
        await stub.register(.get, "/maybe", reply: .init(status: 204))
        let session = Session(transport: stub)
        #expect(try await session.send(MaybeProject()) == nil)
        do {
            _ = try await session.send(SurelyProject())
            Issue.record("an empty 204 decoded as a project")
        } catch let error as BricksError {
            #expect("\(error)".contains("a 204 reply has no body, and Project is read from one"))
        }
    }

    /// A 200 that declares no content (Label Studio's "download file") keeps its bytes and their type.
    @Test func aReplyWithoutDeclaredContentKeepsItsBody() async throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2])
        let stub = StubTransport()
        await stub.register(.get, "/data/upload/a.png", reply: .init(headers: ["Content-Type": "image/png"], body: bytes))
        let reply = try await Session(transport: stub).response(for: GetDataUpload(filename: "a.png"))
        #expect(reply.value == bytes)
        #expect(reply.head.value(forHTTPHeaderField: "Content-Type") == "image/png")
    }

    /// An optional nullable member of a type only sent (`T??`): absent, `null` or a value, each as written.
    @Test func nullIsAValueARequestSends() async throws {
        let stub = StubTransport()
        await stub.register(.patch, "/api/projects/7/", reply: .json(#"{"id": 7, "created_by": {"id": 1, "avatar": "a.png"}}"#))
        let session = Session(transport: stub)
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        _ = try await session.send(UpdateProject(id: 7, body: .init(color: "red")))
        _ = try await session.send(UpdateProject(id: 7, body: .init(title: "Cats", pinnedAt: .null, maximumAnnotations: 3)))
        _ = try await session.send(UpdateProject(id: 7, body: .init(pinnedAt: when, expertInstruction: "look")))
        let bodies = try await stub.requests(matching: .patch, "/api/projects/7/").map { try sorted($0.httpBody) }
        // Left out (nil), except the required nullable member, which is `null` rather than missing.
        #expect(bodies == [
            #"{"color":"red","expert_instruction":null}"#,
            // `.null` clears; values and literals read as for a `T?`.
            #"{"expert_instruction":null,"maximum_annotations":3,"pinned_at":null,"title":"Cats"}"#,
            #"{"expert_instruction":"look","pinned_at":"2023-11-14T22:13:20Z"}"#,
        ])
    }

    /// What is sent reads back as itself: `null` as `.null`, a missing member as `nil`.
    @Test func aNullableMemberRoundTrips() throws {
        for value in [
            PatchedProjectRequest(title: .null, pinnedAt: Date(timeIntervalSince1970: 1_700_000_000), expertInstruction: nil),
            PatchedProjectRequest(title: "x", color: "blue", maximumAnnotations: .null, expertInstruction: "e"),
            PatchedProjectRequest(),
        ] {
            let data = try RepliesCoding.encoder.encode(value)
            #expect(try RepliesCoding.decoder.decode(PatchedProjectRequest.self, from: data) == value)
        }
        let cleared = try RepliesCoding.decoder.decode(PatchedProjectRequest.self, from: Data(#"{"title": null}"#.utf8))
        #expect(cleared.title == .null)
        #expect(cleared.pinnedAt == nil)
    }

    /// A reply that contradicts its document says where, what was sent and the overlay that fixes the document.
    @Test func aReplyThatContradictsItsDocumentSaysWhere() async throws {
        let stub = StubTransport()
        let user = #"{"id": 1, "avatar": "a.png"}"#
        await stub.register(
            .get, "/api/projects/",
            replies: [
                .json(#"[{"id": 1, "created_by": \#(user)}, {"id": 2, "created_by": {"id": 3, "avatar": null}}]"#),
                .json(#"[{"id": 1}]"#),
                .json(#"[{"id": "one", "created_by": \#(user)}]"#),
            ])
        let session = Session(transport: stub)
        func failure() async throws -> String {
            do {
                _ = try await session.send(ListProjects())
            } catch let error as BricksError {
                return "\(error)"
            }
            Issue.record("the reply decoded")
            return ""
        }
        #expect(try await failure().contains(
            "[1].created_by.avatar: null, but the document says a required string; an overlay can make it nullable: "
                + "target $.components.schemas.UserSimple.properties.avatar, update {nullable: true}."))
        #expect(try await failure().contains(
            "[0].created_by: missing, but the document says it is required; an overlay can make it optional: "
                + "target $.components.schemas.Project.required[?@ == 'created_by'], remove: true."))
        #expect(try await failure().contains(
            #"[0].id: "one", but the document says an integer; an overlay can change its type: "#
                + "target $.components.schemas.Project.properties.id."))
    }
}
