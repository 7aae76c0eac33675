import Bricks
import BricksTesting
import Foundation
import Testing

@testable import AppClient
@testable import ServerClient

// An app target (Xcode 26's defaults) that calls the same endpoints declared twice: in its own
// module (main-actor-isolated, like everything there) and in a plain module (nonisolated, as a
// package's are). Every test runs on the main actor.

@Suite struct WhereDecodingRuns {
    /// Where `init(from:)` runs for a reply of several megabytes sent from main-actor code: on
    /// the main actor for the app target's endpoint (its conformance, and so its decoding, is
    /// main-actor-isolated), away from it for the same endpoint compiled in a plain target.
    @Test func aLargeReplyDecodesOffTheMainActorWhenItsEndpointIsNonisolated() async throws {
        #expect(AppClient.MainActorProbe.isRunningOnMainActor)
        let notes = (0..<60_000).map { #"{"title": "note number \#($0)", "count": \#($0)}"# }
        let body = Data(#"{"items": [\#(notes.joined(separator: ","))]}"#.utf8)
        #expect(body.count > 2_500_000)
        let stub = StubTransport()
        await stub.register(.get, "/big", reply: .init(headers: ["Content-Type": "application/json"], body: body))
        let session = stub.session(limits: ResponseLimits(maximumBodySize: 16 << 20))

        let nonisolatedReply = try await session.send(ServerClient.GetBigReply())
        #expect(nonisolatedReply.items.count == 60_000)
        #expect(nonisolatedReply.decodedOnMainActor == false)

        let mainActorReply = try await session.send(AppClient.GetBigReply())
        #expect(mainActorReply.items.count == 60_000)
        #expect(mainActorReply.decodedOnMainActor == true)
        #expect(AppClient.MainActorProbe.isRunningOnMainActor)
    }

}

@Suite(.enabled(if: ProcessInfo.processInfo.environment["BRICKS_HTTPBIN_URL"] != nil
    || ProcessInfo.processInfo.environment["BRICKS_REQUIRE_INTEGRATION"] == "1",
    "set BRICKS_HTTPBIN_URL (bash scripts/test.sh does) to run against httpbin"))
struct PlainEndpointsFromAnAppTarget {
    @Test func aRealCallRunsFromADetachedTaskToo() async throws {
        // A plain target's endpoint (ServerClient's copy of the same file) is Sendable and
        // nonisolated: it can go to any task.
        let echo = try await Task.detached { try await Session().send(ServerClient.GetEcho(query: "d")) }.value
        #expect(echo.args == ["q": "d"])
    }
}
