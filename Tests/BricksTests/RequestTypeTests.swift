import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct RequestTypeTests {
    @Test func buildsURLFromBasePathSegmentsAndQuery() throws {
        let request = try Custom(
            path: "/search/repositories", pathSegments: ["a b"],
            queryItems: [URLQueryItem(name: "q", value: "swift & c++ = ♥"), URLQueryItem(name: "flag", value: nil)]
        ).makeURLRequest()
        #expect(
            request.url?.absoluteString
                == "https://api.example.com/search/repositories/a%20b?q=swift%20%26%20c%2B%2B%20%3D%20%E2%99%A5&flag")
        #expect(request.httpMethod == "GET")
    }

    @Test(arguments: [
        ("a/b", "a%2Fb"), ("..", "%2E%2E"), (".", "%2E"), ("what?", "what%3F"), ("x#y", "x%23y"),
        ("with space", "with%20space"), ("100%", "100%25"), ("ü", "%C3%BC"),
    ])
    func pathSegmentStaysOneSegment(segment: String, encoded: String) throws {
        let request = try Custom(pathSegments: ["files", segment]).makeURLRequest()
        #expect(request.url?.absoluteString == "https://api.example.com/files/\(encoded)")
    }

    @Test func baseURLPathPrefixIsKept() throws {
        let base = URL(string: "https://host.example/api/v3/")!
        #expect(try Custom(baseURL: base, path: "/users").makeURLRequest().url?.absoluteString
            == "https://host.example/api/v3/users")
        #expect(try Custom(baseURL: base, pathSegments: ["users"]).makeURLRequest().url?.absoluteString
            == "https://host.example/api/v3/users")
        #expect(try Custom(baseURL: base, path: "users").makeURLRequest().url?.absoluteString
            == "https://host.example/api/v3/users")
    }

    @Test func baseURLQueryIsKeptBeforeTheRequestsItems() throws {
        let base = URL(string: "https://host.example/api?key=1")!
        let request = try Custom(baseURL: base, path: "/x", queryItems: [URLQueryItem(name: "b", value: "2")])
            .makeURLRequest()
        #expect(request.url?.absoluteString == "https://host.example/api/x?key=1&b=2")
    }

    @Test(arguments: ["HTTPS://host.example/api", "Http://host.example/api"])
    func schemeOfTheBaseURLIsReadInAnyCase(string: String) throws {
        let base = try #require(URL(string: string))
        let url = try #require(try Custom(baseURL: base, path: "/x").makeURLRequest().url)
        #expect(url.absoluteString.lowercased().hasSuffix("://host.example/api/x"))
    }

    @Test(arguments: [
        "example.com/path", "/relative", "ftp://example.com", "https://user:secret@example.com", "httpS:/host.example",
    ])
    func badBaseURLIsAnInvalidURLError(string: String) throws {
        let base = try #require(URL(string: string))
        #expect(throws: BricksError(.invalidURL(""))) { try Custom(baseURL: base).makeURLRequest() }
    }

    @Test(arguments: ["a\r\nInjected: yes", "a\nb", "nul\u{0}", "bell\u{7}", "del\u{7F}"])
    func headerValueWithLineBreaksIsRejected(value: String) {
        #expect(throws: BricksError(.invalidHeader(name: "X-Value", reason: ""))) {
            try Custom(headerFields: ["X-Value": value]).makeURLRequest()
        }
    }

    @Test(arguments: ["", "Bad Name", "Colon:", "Line\nBreak"])
    func headerNameThatIsNotATokenIsRejected(name: String) {
        #expect(throws: BricksError(.invalidHeader(name: name, reason: ""))) {
            try Custom(headerFields: [name: "v"]).makeURLRequest()
        }
    }

    @Test func headerFieldsOverrideTheBodyContentType() throws {
        let request = try Custom(method: .post, headerFields: ["content-type": "text/plain"], body: Data("x".utf8))
            .makeURLRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(request.httpBody == Data("x".utf8))
    }

    @Test func bodyOnAGETIsRejected() {
        #expect(throws: BricksError(.invalidRequest(""))) {
            try Custom(method: .get, body: Data("x".utf8)).makeURLRequest()
        }
    }

    @Test(arguments: [0, -1, Double.nan, Double.infinity])
    func nonsenseTimeoutIsRejected(timeout: Double) {
        #expect(throws: BricksError(.invalidRequest(""))) { try Custom(timeoutInterval: timeout).makeURLRequest() }
    }

    @Test func jsonBodyThatCannotBeEncodedIsABodyEncodingError() {
        struct Measurement: ExampleRequest, POSTRequestType, JSONBodyRequestType, EmptyResponseType {
            let body: [String: Double]
            var path: String { "/measurements" }
        }
        #expect(throws: BricksError(.bodyEncoding(CancellationError()))) {
            try Measurement(body: ["value": .nan]).makeURLRequest()
        }
    }

    @Test func jsonBodySetsContentTypeAndEncodes() throws {
        struct Create: ExampleRequest, POSTRequestType, JSONBodyRequestType, JSONResponseType {
            typealias Response = User
            let body: User
            var path: String { "/users" }
        }
        let request = try Create(body: User(id: 1, login: "o")).makeURLRequest()
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try JSONDecoder().decode(User.self, from: try #require(request.httpBody)) == User(id: 1, login: "o"))
    }

    @Test func methodTokensAreValidated() {
        #expect(HTTPMethod(rawValue: "PROPFIND")?.rawValue == "PROPFIND")
        #expect(HTTPMethod(rawValue: "GET /x") == nil)
        #expect(HTTPMethod(rawValue: "") == nil)
        #expect(HTTPMethod.put.isIdempotent && !HTTPMethod.post.isIdempotent && !HTTPMethod.patch.isIdempotent)
    }
}
