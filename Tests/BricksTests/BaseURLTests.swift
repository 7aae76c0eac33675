import Bricks
import BricksTesting
import Foundation
import Testing

/// An API stated the way the docs teach: its base URL as text, checked by Bricks.
private nonisolated protocol TextAPI: BaseURLRequestType {}

private struct GetThing: TextAPI, GETRequestType, JSONResponseType {
    typealias Response = [String: Int]
    var baseURL: String
    let id: String
    var pathSegments: [String] { ["things", id] }
}

@Suite struct BaseURLTests {
    @Test func aBaseURLStatedAsTextIsSentAsWritten() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/v1/things/a b", reply: .json(#"{"n": 1}"#))
        let value = try await stub.session().send(GetThing(baseURL: "https://api.example.com/v1/", id: "a b"))
        #expect(value == ["n": 1])
        #expect(await stub.requests.map(\.head.urlString) == ["https://api.example.com/v1/things/a%20b"])
    }

    /// What a newcomer types by mistake: each fails the call with the value quoted and what to
    /// write, where `URL(string:)!` would be `nil` (on Linux, `"127.0.0.1:8765"`) and crash.
    @Test(arguments: [
        ("127.0.0.1:8765", "must start with http:// or https://"),
        ("localhost:8765", "must start with http:// or https://"),
        ("api.example.com", "must start with http:// or https://"),
        ("", "must start with http:// or https://"),
        ("https://", "has no host"),
        ("https://user:secret@api.example.com", "must not contain user info"),
        // Issue 54: a WebSocket URL for an HTTP endpoint says what to write instead.
        ("ws://127.0.0.1:8765/v1", "an HTTP endpoint's starts with http:// or https:// (\"http://127.0.0.1:8765/v1\")"),
        ("wss://api.example.com", "is a WebSocket URL, for a WebSocketEndpoint; an HTTP endpoint's starts with http:// or https:// (\"https://api.example.com\")"),
    ])
    func aBadBaseURLIsAnErrorThatQuotesIt(baseURL: String, says: String) async throws {
        let stub = StubTransport()
        let error = await #expect(throws: BricksError.self) {
            try await stub.session().send(GetThing(baseURL: baseURL, id: "1"))
        }
        guard case .invalidURL(let reason)? = error?.reason else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
        #expect(reason.contains(says), "\(reason)")
        if !baseURL.contains("@") { #expect(reason.contains("\"\(baseURL)\""), "\(reason)") }
        #expect(await stub.requests.isEmpty)
    }

    /// A URL is taken apart on its bytes: any case of the scheme, a port, a query with empty pairs,
    /// a fragment (dropped, also one before a `?`), and what has no host or has user info.
    @Test func aURLIsTakenApartIntoItsParts() throws {
        let head = try RequestHead(url: try #require(URL(string: "HTTP://Api.Example.com:8080/v1//?a=1&&b=%20#frag?x=1")))
        #expect(head.scheme == "http")
        #expect(head.authority == "Api.Example.com:8080")
        #expect(head.path == "/v1//")
        #expect(head.target == "/v1//?a=1&b=%20")
        #expect(head.queryItems.map(\.name) == ["a", "b"])
        #expect(head.queryItems.map(\.value) == ["1", " "])
        let fragmentFirst = try RequestHead(url: try #require(URL(string: "https://h.example/p#x?y=1")))
        #expect(fragmentFirst.urlString == "https://h.example/p")
        #expect(try RequestHead(url: try #require(URL(string: "https://h.example"))).target == "/")
        for refused in ["https://:443/x", "http://user@h.example/", "ftp://h.example/"] {
            #expect(throws: BricksError.self) { try RequestHead(url: try #require(URL(string: refused))) }
        }
    }

    @Test func aBaseURLWithASpaceIsRefusedBeforeAnythingIsSent() async throws {
        let stub = StubTransport()
        await #expect(throws: BricksError.self) {
            try await stub.session().send(GetThing(baseURL: "https://api.example.com/my api", id: "1"))
        }
        #expect(await stub.requests.isEmpty)
    }

    @Test func aBaseURLOverrideTakesTextOrAURL() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/things/1", reply: .json(#"{"n": 2}"#))
        let endpoint = GetThing(baseURL: "https://api.example.com", id: "1")
        _ = try await stub.session().send(endpoint.with(baseURL: "http://127.0.0.1:9"))
        let url = try #require(URL(string: "https://mirror.example.com"))
        _ = try await stub.session().send(endpoint.with(baseURL: url))
        let hosts = await stub.requests.map(\.head.authority)
        #expect(hosts == ["127.0.0.1:9", "mirror.example.com"])
    }
}

@Suite struct NewcomerErrorTests {
    private struct GetJSON: BaseURLRequestType, GETRequestType, JSONResponseType {
        typealias Response = [String: Int]
        var baseURL: String { "https://api.example.com" }
        var path: String
        var pathSegments: [String] = []
    }

    @Test func anHTMLReplyNamesItsContentType() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/page",
            reply: .init(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("<!DOCTYPE html><p>login".utf8)))
        let error = await #expect(throws: BricksError.self) { try await stub.session().send(GetJSON(path: "/page")) }
        let text = String(describing: error)
        #expect(text.contains("The body, of type text/html; charset=utf-8, began with: <!DOCTYPE html>"), "\(text)")
    }

    @Test func aJSONReplyThatDoesNotDecodeIsNotLabelled() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/page", reply: .json(#"{"n": "x"}"#))
        let error = await #expect(throws: BricksError.self) { try await stub.session().send(GetJSON(path: "/page")) }
        #expect(String(describing: error).contains("The body began with:"))
    }

    @Test func aNotFoundWithAnEncodedSlashHintsAtPathSegments() async throws {
        let stub = StubTransport()
        let error = await #expect(throws: BricksError.self) {
            try await stub.session().send(GetJSON(path: "", pathSegments: ["repos", "apple/swift"]))
        }
        let text = String(describing: error)
        #expect(error?.statusCode == 404)
        #expect(text.contains("%2F") && text.contains("Hint:") && text.contains("pathSegments"), "\(text)")
    }

    @Test func aNotFoundWithAnEncodedQuestionMarkHintsAtQueryItems() async throws {
        let stub = StubTransport()
        let error = await #expect(throws: BricksError.self) {
            try await stub.session().send(GetJSON(path: "/search?q=swift"))
        }
        let text = String(describing: error)
        #expect(text.contains("Hint:") && text.contains("queryItems"), "\(text)")
    }

    @Test func aPlainNotFoundHasNoHint() async throws {
        let stub = StubTransport()
        let error = await #expect(throws: BricksError.self) { try await stub.session().send(GetJSON(path: "/missing")) }
        #expect(!String(describing: error).contains("Hint:"))
    }
}
