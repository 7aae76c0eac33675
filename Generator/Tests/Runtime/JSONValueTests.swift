// Runs in the temporary package Generator/test.sh builds (see GeneratedCodeTests.swift): the
// generated `JSONValue` of the constructs spec, written as literals, sent and read with its numbers
// as written, printed as JSON; recursive models printed with their content.
import Bricks
import Constructs
import Foundation
import Testing

@Suite struct GeneratedJSONValueTests {
    private func sent(_ value: JSONValue) throws -> String {
        String(decoding: try ConstructsCoding.encoder.encode(value), as: UTF8.self)
    }

    private func read(_ text: String) throws -> JSONValue {
        try ConstructsCoding.decoder.decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func literalsOfEveryKind() {
        let filter: JSONValue = ["n": ["$gte": 2], "ratio": ["$lt": 2.5], "tags": ["a", true, nil]]
        #expect(filter == .object([
            "n": .object(["$gte": .integer(2)]),
            "ratio": .object(["$lt": .number(2.5)]),
            "tags": .array([.string("a"), .bool(true), .null]),
        ]))
        let metadata: [String: JSONValue] = ["n": 1, "name": "first"]
        #expect(metadata["n"] == .integer(1))
    }

    @Test func aUnionOfValuesIsWrittenAsALiteralToo() throws {
        // `anyOf: [integer, string, [string]]`: ChromaDB's metadata values are such a union.
        let values: [IdOrName] = [7, "seven"]
        #expect(values == [.integer(7), .string("seven")])
        let body = String(decoding: try ConstructsCoding.encoder.encode(values), as: UTF8.self)
        #expect(body == #"[7,"seven"]"#)
    }

    @Test func aWholeFloatIsSentAsAFloatAndAnIntegerExactly() throws {
        #expect(try sent(["r": 2.0]) == #"{"r":2.0}"#)
        #expect(try sent(["r": 2]) == #"{"r":2}"#)
        #expect(try sent([2.0, 2, 0.5, -3.0, -0.0, 9_007_199_254_740_993, 1e20]) == "[2.0,2,0.5,-3.0,-0.0,9007199254740993,1e+20]")
        // A string that looks like the encoder's mark stays a string.
        #expect(try sent(["s": "2.0"]) == #"{"s":"2.0"}"#)
    }

    @Test func readingKeepsHowANumberWasWritten() throws {
        let value = try read(#"{"a": 2.0, "b": 2, "c": [1.0, 1, {"d": 5e0}], "k\"ey": 3.0, "e": 2.5, "s": "2.0"}"#)
        #expect(value == [
            "a": .number(2.0), "b": .integer(2), "c": [.number(1.0), .integer(1), ["d": .number(5.0)]], "k\"ey": .number(3.0),
            "e": 2.5, "s": "2.0",
        ])
        // Sent back as it came.
        #expect(try sent(try read("[1.0,1,[2.0]]")) == "[1.0,1,[2.0]]")
        // Inside a model too.
        let model = try ConstructsCoding.decoder.decode(Everything.self, from: Data(#"{"name": "n", "count": 1, "free": {"x": 4.0}, "anything": 7}"#.utf8))
        #expect(model.free?["x"] == .number(4.0))
        #expect(model.anything == .integer(7))
    }

    @Test func anEndpointSendsItsBodyAsWritten() throws {
        // ChromaDB's shape: metadata values are a union of scalars, the filter is free-form.
        let request = AddRecords(body: .init(
            ids: ["a"], metadatas: [["n": 1, "ratio": 2.0, "kind": "x", "ok": true]], extra: ["w": 3.0], where: ["n": ["$gte": 2.0]]))
        let body = String(decoding: try #require(try request.makeRequestBody()?.data), as: UTF8.self)
        #expect(body.contains(#""where":{"n":{"$gte":2.0}}"#))
        #expect(body.contains(#""ratio":2.0"#))
        #expect(body.contains(#""n":1"#))
        #expect(body.contains(#""w":3.0"#))
    }

    @Test func aUnionOfAnIntegerAndANumberKeepsItsForm() throws {
        let values = try ConstructsCoding.decoder.decode([MetadataValue].self, from: Data("[2.0, 2, 2.5, true, \"x\"]".utf8))
        #expect(values == [.number(2.0), .integer(2), .number(2.5), .bool(true), .string("x")])
        #expect(String(decoding: try ConstructsCoding.encoder.encode(values), as: UTF8.self) == #"[2.0,2,2.5,true,"x"]"#)
        let literals: [MetadataValue] = [1, 1.0, "one", false]
        #expect(literals == [.integer(1), .number(1.0), .string("one"), .bool(false)])
    }

    @Test func printedAsJSON() {
        let value: JSONValue = ["n": ["$gte": 2], "list": [1.5, "a\"b", nil, false]]
        #expect(value.description == #"{"list":[1.5,"a\"b",null,false],"n":{"$gte":2}}"#)
        #expect("\(JSONValue.number(2))" == "2.0")
    }

    @Test func aRecursiveModelPrintsItsContent() {
        let tree = Branch(left: .leaf(Leaf(value: 1)), right: .branch(Branch(left: .leaf(Leaf(value: 2)))))
        let text = String(describing: tree)
        #expect(!text.contains("Indirect"))
        #expect(!text.contains("storage"))
        #expect(text.hasPrefix("Branch(_left: "))
        #expect(text.contains("Leaf(value: Optional(2))"))
        #expect(String(describing: Indirect(wrappedValue: 2)) == "2")
        #expect(String(reflecting: Indirect(wrappedValue: "a")) == #""a""#)
    }
}
