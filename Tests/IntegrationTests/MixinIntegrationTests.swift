import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// httpbin's full echo of `/anything`: repeated query or form names come back as lists.
private struct AnythingEcho: Decodable, Sendable {
    let method: String
    let args: [String: JSONValue]
    let form: [String: JSONValue]
    let files: [String: JSONValue]
    let headers: [String: String]
    let data: String
    let json: JSONValue?
}

/// The app-wide brick of these tests: the local httpbin, with one shared header.
private protocol HTTPBinAPI: BaseURLRequestType {}
extension HTTPBinAPI {
    var baseURL: URL { HTTPBin.url ?? URL(string: "http://127.0.0.1:9")! }
    var headerFields: [String: String] { ["X-App": "bricks-tests", "Accept": "application/json"] }
}

private struct GetAnything: HTTPBinAPI, GETRequestType, QueryParametersRequestType, JSONResponseType {
    typealias Response = AnythingEcho
    struct Parameters: Encodable {
        var query = "a b&c=d+e ü"
        var tags = ["x", "y"]
        var page: Int? = 2
        var missing: Int?
        var flag = true
        var filter = ["state": "open"]
    }
    var queryParameters = Parameters()
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "first", value: "1")] }
    var path: String { "/anything" }
    var additionalHeaderFields: [String: String] { ["accept": "application/json; q=1", "X-Endpoint": "get"] }
}

private struct Thing: Codable, Equatable, Sendable {
    let name: String
    let tags: [String]
    let count: Int
}

private struct SendJSON: HTTPBinAPI, JSONBodyRequestType, JSONResponseType {
    typealias Response = AnythingEcho
    let method: HTTPMethod
    let body: Thing
    var path: String { "/anything" }
}

private struct PostForm: HTTPBinAPI, POSTRequestType, FormURLEncodedBodyRequestType, JSONResponseType {
    typealias Response = AnythingEcho
    struct Form: Encodable {
        let text: String
        let symbols: String
        let choices: [String]
    }
    let body: Form
    var path: String { "/anything" }
}

private struct PostItems: HTTPBinAPI, PUTRequestType, FormURLEncodedBodyRequestType, JSONResponseType {
    typealias Response = AnythingEcho
    let body: [URLQueryItem]
    var path: String { "/anything" }
}

private struct Upload: HTTPBinAPI, POSTRequestType, MultipartFormBodyRequestType, JSONResponseType {
    typealias Response = AnythingEcho
    let parts: [MultipartFormPart]
    var path: String { "/anything" }
}

private struct SendData: HTTPBinAPI, PATCHRequestType, DataBodyRequestType, JSONResponseType {
    typealias Response = AnythingEcho
    let body: Data
    var contentType: String? { "text/plain; charset=utf-8" }
    var path: String { "/anything" }
}

private struct DeleteAnything: HTTPBinAPI, DELETERequestType, EmptyResponseType {
    var path: String { "/anything" }
}

private struct Text: HTTPBinAPI, GETRequestType, StringResponseType {
    let path: String
}

private struct Bytes: HTTPBinAPI, GETRequestType, DataResponseType {
    let count: Int
    var pathSegments: [String] { ["bytes", String(count)] }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "seed", value: "7")] }
}

private struct HeadGet: HTTPBinAPI, HEADRequestType, DataResponseType {
    var path: String { "/get" }
}

private struct SlideshowTitle: HTTPBinAPI, GETRequestType, EnvelopeResponseType {
    struct Envelope: Decodable {
        struct Show: Decodable { let title: String }
        let slideshow: Show
    }
    typealias Response = String
    var path: String { "/json" }
    func unwrap(_ envelope: Envelope) throws -> String { envelope.slideshow.title }
}

/// `/base64/<value>` answers with the decoded bytes: a way to get any body back.
private struct PropertyListEcho: HTTPBinAPI, GETRequestType, PropertyListResponseType {
    typealias Response = [String: [Int]]
    let plist: Data
    var pathSegments: [String] {
        let base64url = plist.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        return ["base64", base64url]
    }
}

@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct MixinIntegrationTests {
    let session = Session(transport: TestTransport.make())

    @Test func getWithQueryItemsAndTypedParameters() async throws {
        _ = try HTTPBin.base()
        let echo = try await session.send(GetAnything())
        #expect(echo.method == "GET")
        #expect(
            echo.args == [
                "first": .string("1"), "filter[state]": .string("open"), "flag": .string("true"),
                "page": .string("2"), "query": .string("a b&c=d+e ü"), "tags": .array([.string("x"), .string("y")]),
            ])
        #expect(echo.headers["Accept"] == "application/json; q=1")
        #expect(echo.headers["X-App"] == "bricks-tests")
        #expect(echo.headers["X-Endpoint"] == "get")
        #expect(echo.data.isEmpty)
        #expect(echo.json == nil)
        #expect(echo.form.isEmpty && echo.files.isEmpty)
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch, .delete])
    func jsonBodyWithEveryMethodThatTakesOne(method: HTTPMethod) async throws {
        _ = try HTTPBin.base()
        let thing = Thing(name: "brick \"ü\"", tags: ["a", "b"], count: 3)
        let echo = try await session.send(SendJSON(method: method, body: thing))
        #expect(echo.method == method.rawValue)
        #expect(echo.headers["Content-Type"] == "application/json")
        #expect(
            echo.json
                == .object([
                    "name": .string("brick \"ü\""), "tags": .array([.string("a"), .string("b")]), "count": .number(3),
                ]))
        #expect(try JSONDecoder().decode(Thing.self, from: Data(echo.data.utf8)) == thing)
        #expect(echo.form.isEmpty && echo.files.isEmpty)
    }

    @Test func formFromAnEncodable() async throws {
        _ = try HTTPBin.base()
        let form = PostForm.Form(text: "a b+c", symbols: "&=%#?/ü✓", choices: ["one", "two words"])
        let echo = try await session.send(PostForm(body: form))
        #expect(echo.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(
            echo.form == [
                "text": .string("a b+c"), "symbols": .string("&=%#?/ü✓"),
                "choices": .array([.string("one"), .string("two words")]),
            ])
        #expect(echo.files.isEmpty && echo.json == nil)
    }

    @Test func formFromQueryItems() async throws {
        _ = try HTTPBin.base()
        let items = [URLQueryItem(name: "k e y", value: "1+1=2"), URLQueryItem(name: "empty", value: nil)]
        let echo = try await session.send(PostItems(body: items))
        #expect(echo.method == "PUT")
        #expect(echo.form == ["k e y": .string("1+1=2"), "empty": .string("")])
    }

    @Test func multipartWithTwoFilesAndAField() async throws {
        _ = try HTTPBin.base()
        let tricky = "--Bricks-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n"
            + "not a part\r\n--Bricks-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA--\r\n--\r\n"
        let parts: [MultipartFormPart] = [
            .text(name: "caption", value: "Holiday ✓"),
            .file(
                name: "notes", filename: "résumé ✓.txt", contentType: "text/plain; charset=utf-8",
                data: Data(tricky.utf8)),
            .file(
                name: "pièce-jointe", filename: "数据.csv", contentType: "text/csv", data: Data("a,b\r\n1,2\r\n".utf8)),
        ]
        let echo = try await session.send(Upload(parts: parts))
        #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=Bricks-") == true)
        #expect(echo.form == ["caption": .string("Holiday ✓")])
        #expect(echo.files == ["notes": .string(tricky), "pièce-jointe": .string("a,b\r\n1,2\r\n")])
    }

    @Test func rawDataBody() async throws {
        _ = try HTTPBin.base()
        let echo = try await session.send(SendData(body: Data("raw ✓ text\n".utf8)))
        #expect(echo.method == "PATCH")
        #expect(echo.data == "raw ✓ text\n")
        #expect(echo.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(echo.form.isEmpty && echo.json == nil)
    }

    @Test func emptyResponseIgnoresTheBody() async throws {
        _ = try HTTPBin.base()
        try await session.send(DeleteAnything())
    }

    @Test func utf8TextThroughStringResponse() async throws {
        _ = try HTTPBin.base()
        let reply = try await session.response(for: Text(path: "/encoding/utf8"))
        #expect(reply.head.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")
        #expect(reply.value.contains("UTF-8 encoded sample plain-text file"))
        #expect(reply.value.contains("Markus Kuhn [ˈmaʳkʊs kuːn]"))
        #expect(reply.value.contains("∮ E⋅da = Q"))
    }

    @Test func xmlThroughStringResponse() async throws {
        _ = try HTTPBin.base()
        let xml = try await session.send(Text(path: "/xml"))
        #expect(xml.hasPrefix("<?xml version='1.0' encoding='us-ascii'?>"))
        #expect(xml.contains("<slideshow"))
    }

    @Test(arguments: [0, 1, 1000, 100_000])
    func bytesThroughDataResponse(count: Int) async throws {
        _ = try HTTPBin.base()
        let data = try await session.send(Bytes(count: count))
        #expect(data.count == count)
    }

    @Test func headOnGetHasHeadersAndNoBody() async throws {
        _ = try HTTPBin.base()
        let reply = try await session.response(for: HeadGet())
        #expect(reply.value.isEmpty)
        #expect(reply.head.statusCode == 200)
        #expect(reply.head.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func envelopeUnwrapsOneField() async throws {
        _ = try HTTPBin.base()
        #expect(try await session.send(SlideshowTitle()) == "Sample Slide Show")
    }

    @Test func propertyListResponse() async throws {
        _ = try HTTPBin.base()
        let value = ["primes": [2, 3, 5, 7]]
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        #expect(try await session.send(PropertyListEcho(plist: try encoder.encode(value))) == value)
    }
}
