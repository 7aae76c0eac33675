// The runtime test of an output generated with its models in a module of their own
// (`--models-module`); Generator/test.sh copies it into the generated package's `TwoModulesTests`
// target, which imports the endpoints' module only.

import Bricks
import BricksTesting
import ConstructsSplit
import Foundation
import Testing

/// The constructs spec with its models in `ConstructsSplitModels`: this file imports
/// `ConstructsSplit` only and names the models as if they were in it.
///
/// One at a time: `oneBaseURLForEveryEndpoint` sets the API's one base URL, a value for the whole
/// process, to a bad one for a moment (a test beside it once built its request then and failed).
@Suite(.serialized) struct GeneratedInTwoModulesTests {
    @Test func modelsOfTheirOwnModuleDecodeAndEndpointsSendThem() async throws {
        let json = #"""
            {"name": "n", "count": 1, "mode": "brand-new", "either": [ "x" ], "shape": {"kind": "square", "side": 2}}
            """#
        let value = try ConstructsSplitCoding.decoder.decode(Everything.self, from: Data(json.utf8))
        #expect(value.mode.rawValue == "brand-new")
        #expect(value.limit == 10)
        #expect(value.shape == .square(Square(kind: "square", side: 2)))
        let stub = StubTransport()
        await stub.register(
            .get, "/events", reply: .text(#"data: {"name": "a", "parent": {"name": "b"}}"# + "\n\n", headers: ["Content-Type": "text/event-stream"]))
        let nodes: [Node] = try await Session(transport: stub).send(StreamEvents())
        #expect(nodes.map(\.name) == ["a"])
        #expect(nodes.first?.parent?.name == "b")
    }

    /// The one place at run time that points the whole API elsewhere (the only test that sets it:
    /// it is one value for the process).
    @Test func oneBaseURLForEveryEndpoint() async throws {
        let original = ConstructsSplitCoding.baseURL
        #expect(original == "https://constructs.example")
        ConstructsSplitCoding.baseURL = "http://127.0.0.1:8000/api"
        defer { ConstructsSplitCoding.baseURL = original }
        #expect(try StreamEvents().makeURLRequest().url?.absoluteString == "http://127.0.0.1:8000/api/events")
        #expect(try GetText().makeURLRequest().url?.absoluteString == "http://127.0.0.1:8000/api/text")
        // One call elsewhere still.
        #expect(try GetText().with(baseURL: "http://localhost:9").makeURLRequest().url?.absoluteString == "http://localhost:9/text")
        // A typo is an error that quotes it, not a crash.
        ConstructsSplitCoding.baseURL = "127.0.0.1:8000"
        #expect(throws: BricksError.self) { try GetText().makeURLRequest() }
    }
}
