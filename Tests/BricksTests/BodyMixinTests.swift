import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct BodyMixinTests {
    struct Profile: Encodable {
        let displayName: String
        let joined: Date
    }

    @Test func jsonBodyUsesTheRequestsEncoder() throws {
        struct Update: ExampleRequest, PUTRequestType, JSONBodyRequestType, EmptyResponseType {
            let body: Profile
            var encoder: JSONEncoder {
                let encoder = JSONEncoder()
                encoder.keyEncodingStrategy = .convertToSnakeCase
                encoder.dateEncodingStrategy = .secondsSince1970
                encoder.outputFormatting = .sortedKeys
                return encoder
            }
        }
        let request = try Update(body: Profile(displayName: "Ada", joined: Date(timeIntervalSince1970: 10)))
            .makeURLRequest()
        // The seconds are a Double: written with their point (JSONEncoder alone writes `10`).
        #expect(request.httpBody == Data(#"{"display_name":"Ada","joined":10.0}"#.utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    struct Login: ExampleRequest, POSTRequestType, FormURLEncodedBodyRequestType, DataResponseType {
        struct Form: Encodable {
            let username: String
            let password: String
            var scopes = ["read", "write"]
            var remember: Bool?
        }
        let body: Form
        var path: String { "/login" }
    }

    @Test func formBodyFromAnEncodableUsesTheFormCharacterSet() throws {
        let request = try Login(body: .init(username: "ada lovelace", password: "p+w&d=1 ü")).makeURLRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(
            String(decoding: try #require(request.httpBody), as: UTF8.self)
                == "password=p%2Bw%26d%3D1+%C3%BC&scopes=read&scopes=write&username=ada+lovelace")
    }

    @Test func formBodyFromQueryItemsKeepsTheirOrder() throws {
        struct Legacy: ExampleRequest, POSTRequestType, FormURLEncodedBodyRequestType, DataResponseType {
            let body: [URLQueryItem]
        }
        let items = [
            URLQueryItem(name: "z", value: "1"), URLQueryItem(name: "a b", value: "*-._~!"),
            URLQueryItem(name: "flag", value: nil),
        ]
        let request = try Legacy(body: items).makeURLRequest()
        #expect(String(decoding: try #require(request.httpBody), as: UTF8.self) == "z=1&a+b=*-._%7E%21&flag=")
    }

    @Test func formBodyUsesTheRequestsEncoderOptions() throws {
        struct Search: ExampleRequest, POSTRequestType, FormURLEncodedBodyRequestType, DataResponseType {
            var body: [String: [Bool]] { ["on": [true, false]] }
            var formEncoder: QueryEncoder { QueryEncoder(arrayEncoding: .indexed, boolEncoding: .numeric) }
        }
        #expect(try Search().makeURLRequest().httpBody == Data("on%5B0%5D=1&on%5B1%5D=0".utf8))
    }

    @Test func formBodyThatCannotBeEncodedIsABodyEncodingError() {
        struct Bad: ExampleRequest, POSTRequestType, FormURLEncodedBodyRequestType, DataResponseType {
            var body: [String] { ["not", "keyed"] }
        }
        #expect(throws: BricksError(.bodyEncoding(CancellationError()))) { try Bad().makeURLRequest() }
    }

    @Test func dataBodyIsSentAsItIsWithItsContentType() throws {
        struct Upload: ExampleRequest, POSTRequestType, DataBodyRequestType, EmptyResponseType {
            let body: Data
        }
        struct Text: ExampleRequest, POSTRequestType, DataBodyRequestType, EmptyResponseType {
            var body: Data { Data("héllo".utf8) }
            var contentType: String? { "text/plain; charset=utf-8" }
        }
        let bytes = Data([0, 1, 2, 0xFF])
        let upload = try Upload(body: bytes).makeURLRequest()
        #expect(upload.httpBody == bytes)
        #expect(upload.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        let text = try Text().makeURLRequest()
        #expect(text.httpBody == Data("héllo".utf8))
        #expect(text.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func emptyDataBodyIsStillABody() throws {
        struct Touch: ExampleRequest, PUTRequestType, DataBodyRequestType, EmptyResponseType {
            var body: Data { Data() }
        }
        #expect(try Touch().makeURLRequest().httpBody == Data())
    }

    @Test func contentTypeWithALineBreakIsRejected() {
        struct Evil: ExampleRequest, POSTRequestType, DataBodyRequestType, EmptyResponseType {
            var body: Data { Data("x".utf8) }
            var contentType: String? { "text/plain\r\nX-Injected: 1" }
        }
        #expect(throws: BricksError(.invalidHeader(name: "Content-Type", reason: ""))) { try Evil().makeURLRequest() }
    }
}
