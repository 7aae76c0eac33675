import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private struct Fetch<Response: Decodable & Sendable>: ExampleRequest, GETRequestType, JSONResponseType {
    var path: String { "/r" }
}

private struct FetchText: ExampleRequest, GETRequestType, StringResponseType {
    var path: String { "/r" }
}

private struct FetchLatin1Default: ExampleRequest, GETRequestType, StringResponseType {
    var path: String { "/r" }
    var defaultEncoding: String.Encoding { .isoLatin1 }
}

private struct FetchPlist: ExampleRequest, GETRequestType, PropertyListResponseType {
    typealias Response = [String: Int]
    var path: String { "/r" }
}

private struct Page<Item: Decodable & Sendable>: Decodable, Sendable {
    let totalCount: Int
    let items: [Item]
    enum CodingKeys: String, CodingKey { case totalCount = "total_count", items }
}

private struct Search: ExampleRequest, GETRequestType, EnvelopeResponseType {
    typealias Response = [User]
    var path: String { "/r" }
    func unwrap(_ envelope: Page<User>) throws -> [User] { envelope.items }
}

private struct SlackError: Error, Equatable { let code: String }

private struct SlackCall: ExampleRequest, POSTRequestType, EnvelopeResponseType {
    typealias Response = String
    struct Envelope: Decodable { let ok: Bool; let error: String?; let channel: String? }
    var path: String { "/r" }
    func unwrap(_ envelope: Envelope) throws -> String {
        guard envelope.ok, let channel = envelope.channel else { throw SlackError(code: envelope.error ?? "unknown") }
        return channel
    }
}

/// Sends `request` to a stub that answers `/r` with `body` and `contentType`.
private func send<Request: RequestContextType>(
    _ request: Request, body: Data, contentType: String?, method: HTTPMethod = .get
) async throws -> Request.Response {
    let stub = StubTransport()
    let headers: HeaderFields = contentType.map { ["Content-Type": $0] } ?? [:]
    await stub.register(method, "/r", reply: .init(headers: headers, body: body))
    return try await Session(transport: stub).send(request)
}

@Suite struct ResponseMixinTests {
    @Test func jsonDecodesObjectsArraysAndTopLevelScalars() async throws {
        let users = try await send(Fetch<[User]>(), body: Data(#"[{"id":1,"login":"a"}]"#.utf8), contentType: nil)
        #expect(users == [User(id: 1, login: "a")])
        #expect(try await send(Fetch<Int>(), body: Data("42".utf8), contentType: nil) == 42)
        #expect(try await send(Fetch<String>(), body: Data(#""hi""#.utf8), contentType: nil) == "hi")
        #expect(try await send(Fetch<Bool?>(), body: Data("null".utf8), contentType: nil) == nil)
    }

    @Test func jsonUsesTheRequestsDecoder() async throws {
        struct Snake: ExampleRequest, GETRequestType, JSONResponseType {
            struct Response: Decodable, Sendable { let createdAt: Date }
            var path: String { "/r" }
            var decoder: JSONDecoder {
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                decoder.dateDecodingStrategy = .iso8601
                return decoder
            }
        }
        let body = Data(#"{"created_at":"1970-01-01T00:01:00Z"}"#.utf8)
        let value = try await send(Snake(), body: body, contentType: nil)
        #expect(value.createdAt == Date(timeIntervalSince1970: 60))
    }

    @Test(arguments: [
        ("text/plain", Data("héllo ✓".utf8), "héllo ✓"),
        ("text/html; charset=UTF-8", Data("<p>✓</p>".utf8), "<p>✓</p>"),
        ("text/plain; charset=\"iso-8859-1\"", Data([0x68, 0xE9]), "hé"),
        ("text/csv;charset=windows-1252", Data([0x80, 0x31]), "€1"),
        ("text/plain; format=flowed; charset=utf-16le", Data([0x41, 0x00, 0x42, 0x00]), "AB"),
        ("application/xml", Data("<a/>".utf8), "<a/>"),
    ])
    func stringUsesTheCharsetOfTheContentType(contentType: String, body: Data, expected: String) async throws {
        #expect(try await send(FetchText(), body: body, contentType: contentType) == expected)
    }

    @Test func stringWithoutContentTypeUsesTheDefaultEncoding() async throws {
        #expect(try await send(FetchText(), body: Data("✓".utf8), contentType: nil) == "✓")
        #expect(try await send(FetchLatin1Default(), body: Data([0xE9]), contentType: "text/plain") == "é")
    }

    @Test func unknownCharsetIsADecodingErrorThatNamesIt() async throws {
        do {
            _ = try await send(FetchText(), body: Data("x".utf8), contentType: "text/plain; charset=x-klingon")
            Issue.record("decoded an unknown charset")
        } catch let failure as BricksError {
            guard case .decoding(let error, let excerpt) = failure.reason else { throw failure }
            #expect("\(error)".contains("charset \"x-klingon\""))
            #expect(excerpt == "x")
        }
    }

    @Test func undecodableBytesAreADecodingError() async throws {
        do {
            _ = try await send(FetchText(), body: Data([0x61, 0xFF, 0xFE]), contentType: "text/plain; charset=utf-8")
            Issue.record("decoded invalid UTF-8")
        } catch let failure as BricksError {
            guard case .decoding(let error, _) = failure.reason else { throw failure }
            #expect("\(error)".contains("not valid utf-8 text"))
        }
    }

    @Test func propertyListDecodes() async throws {
        let xml = try PropertyListEncoder().encode(["a": 1, "b": 2])
        #expect(try await send(FetchPlist(), body: xml, contentType: "application/x-plist") == ["a": 1, "b": 2])
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        #expect(try await send(FetchPlist(), body: try encoder.encode(["c": 3]), contentType: nil) == ["c": 3])
    }

    @Test func envelopeIsUnwrapped() async throws {
        let body = Data(#"{"total_count": 2, "items": [{"id":1,"login":"a"},{"id":2,"login":"b"}]}"#.utf8)
        #expect(try await send(Search(), body: body, contentType: "application/json").map(\.login) == ["a", "b"])
    }

    @Test func envelopeErrorReachesTheCaller() async throws {
        let ok = Data(#"{"ok": true, "channel": "C1"}"#.utf8)
        #expect(try await send(SlackCall(), body: ok, contentType: nil, method: .post) == "C1")
        let failed = Data(#"{"ok": false, "error": "channel_not_found"}"#.utf8)
        do {
            _ = try await send(SlackCall(), body: failed, contentType: nil, method: .post)
            Issue.record("unwrapped a failed envelope")
        } catch let error as SlackError {
            #expect(error == SlackError(code: "channel_not_found"))
        }
    }

    @Test func dataAndEmptyResponses() async throws {
        struct Bytes: ExampleRequest, GETRequestType, DataResponseType { var path: String { "/r" } }
        struct Nothing: ExampleRequest, GETRequestType, EmptyResponseType { var path: String { "/r" } }
        let bytes = Data((0...255).map(UInt8.init))
        #expect(try await send(Bytes(), body: bytes, contentType: "application/octet-stream") == bytes)
        try await send(Nothing(), body: Data("ignored".utf8), contentType: "text/plain")
    }
}
