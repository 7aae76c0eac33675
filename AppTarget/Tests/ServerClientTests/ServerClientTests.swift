import Bricks
import BricksTesting
import Foundation
import Testing

@testable import ServerClient

// A plain target: the same endpoints as the app target's, sent from a detached task, from an
// actor and from main-actor code, as server code and libraries send them.

/// A store that owns its session, as a server's service would.
actor NoteStore {
    let session: Session
    var lastTitle: String?

    init(session: Session) { self.session = session }

    func create(_ note: Note) async throws -> Note? {
        let echoed = try await session.send(CreateNote(body: note)).json
        lastTitle = echoed?.title
        return echoed
    }
}

@Suite struct ServerTargetWithStubs {
    static func stub() async -> StubTransport {
        let stub = StubTransport()
        await stub.register(.post, "/post") { request in
            let body = String(decoding: request.httpBody ?? Data(), as: UTF8.self)
            return .json(#"{"json": \#(body), "form": {}, "files": {}, "data": "", "headers": {}}"#)
        }
        return stub
    }

    @Test func anActorSendsAndKeepsTheResult() async throws {
        let store = NoteStore(session: await Self.stub().session())
        #expect(try await store.create(Note(title: "t", count: 1)) == Note(title: "t", count: 1))
        #expect(await store.lastTitle == "t")
    }

    @Test func aDetachedTaskSendsAnEndpointMadeElsewhere() async throws {
        let session = await Self.stub().session()
        let endpoint = CreateNote(body: Note(title: "d", count: 2))
        let echoed = try await Task.detached { try await session.send(endpoint).json }.value
        #expect(echoed == Note(title: "d", count: 2))
    }

    @Test @MainActor func mainActorCodeGetsItsReplyDecodedElsewhere() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/big", reply: .json(#"{"items": [{"title": "x", "count": 1}]}"#))
        let reply = try await stub.session().send(GetBigReply())
        #expect(reply.items.count == 1)
        #expect(reply.decodedOnMainActor == false)
    }
}
