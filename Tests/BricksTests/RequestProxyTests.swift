import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private struct TeapotError: Error, Decodable, Equatable, Sendable {
    let brewing: String
}

private enum MappedError: Error, Equatable { case gone }

/// A request that customises every requirement of `RequestType` and `ResponseType`, including
/// `makeURLRequest()` (it signs the request) and the response side.
private struct Everything: RequestContextType {
    typealias Response = String
    typealias APIError = TeapotError

    var method: HTTPMethod { .put }
    var baseURL: URL { URL(string: "https://api.example.com/v2?key=k1")! }
    var path: String { "/things" }
    var pathSegments: [String] { ["a b", "c/d"] }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: "x y&z")] }
    var headerFields: [String: String] { ["Accept": "text/plain", "X-Base": "1"] }
    var timeoutInterval: TimeInterval { 12.5 }
    func makeRequestBody() throws -> RequestBody? { RequestBody(Data("payload".utf8), contentType: "text/plain; charset=utf-8") }

    /// Built by hand, and signed: a proxy must start from this, not rebuild from the properties.
    func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        let url = URL(string: "https://api.example.com/v2/things/a%20b/c%2Fd?key=k1&q=x%20y%26z")!
        var head = try RequestHead(method: method, url: url)
        head.headerFields["Content-Type"] = body?.contentType
        for (name, value) in headerFields.sorted(by: { $0.key < $1.key }) { head.headerFields[name] = value }
        head.headerFields["X-Signature"] = "signed"
        return head
    }

    var acceptableStatusCodes: Range<Int> { 201..<202 }
    var maximumResponseSize: Int? { 4096 }
    func decode(_ data: Data, response: ResponseHead) throws -> String {
        "decoded:" + String(decoding: data, as: UTF8.self)
    }
    func decodeAPIError(from data: Data, response: ResponseHead) throws -> TeapotError {
        TeapotError(brewing: String(decoding: data, as: UTF8.self))
    }
    func error(forStatus status: Int, data: Data, response: ResponseHead) -> (any Error)? {
        status == 410 ? MappedError.gone : nil
    }
}

@Suite struct RequestProxyTests {
    private let staging = URL(string: "https://staging.example.com/api?env=s")!

    /// `Everything` wrapped in all four built-in proxies (so each is a proxy of a proxy).
    private var wrapped: TimeoutOverride<BaseURLOverride<AuthorizedRequest<HeaderOverride<Everything>>>> {
        Everything().with(header: "X-Trace", value: "t1").authorized(with: "tok").with(baseURL: staging).with(timeout: 3)
    }

    @Test func wrappedTwiceBuildsTheSameRequestExceptForTheProxiesChanges() throws {
        let base = try Everything().makeURLRequest()
        let twice = try Everything().with(header: "X-Trace", value: "t1").authorized(with: "tok").makeURLRequest()
        #expect(twice.url == base.url)
        #expect(twice.httpMethod == base.httpMethod)
        #expect(twice.httpBody == base.httpBody)
        #expect(twice.timeoutInterval == base.timeoutInterval)
        var expectedHeaders = try #require(base.allHTTPHeaderFields)
        expectedHeaders["X-Trace"] = "t1"
        expectedHeaders["Authorization"] = "Bearer tok"
        #expect(twice.allHTTPHeaderFields == expectedHeaders)
        #expect(twice.value(forHTTPHeaderField: "X-Signature") == "signed")
    }

    @Test func fourProxiesDeepChangeOnlyWhatTheyOverride() throws {
        let base = try Everything().makeURLRequest()
        let request = try wrapped.makeURLRequest()
        #expect(request.url?.absoluteString == "https://staging.example.com/api/things/a%20b/c%2Fd?env=s&q=x%20y%26z")
        #expect(request.timeoutInterval == 3)
        #expect(request.httpMethod == "PUT")
        #expect(request.httpBody == base.httpBody)
        #expect(request.value(forHTTPHeaderField: "X-Signature") == "signed")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer tok")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func everyPropertyIsForwardedOrChanged() throws {
        let base = Everything()
        let proxy = wrapped
        #expect(proxy.method == base.method)
        #expect(proxy.baseURL == staging.absoluteString)
        #expect(proxy.path == base.path)
        #expect(proxy.pathSegments == base.pathSegments)
        #expect(proxy.queryItems == base.queryItems)
        #expect(proxy.headerFields == base.headerFields)  // the proxies' headers are in the head
        let head = try proxy.makeRequestHead(body: proxy.makeRequestBody())
        #expect(head.headerFields["X-Trace"] == "t1")
        #expect(head.headerFields["Authorization"] == "Bearer tok")
        #expect(head.headerFields["X-Base"] == "1")
        #expect(proxy.timeoutInterval == 3)
        #expect(try proxy.makeRequestBody()?.data == base.makeRequestBody()?.data)
        #expect(try proxy.makeRequestBody()?.contentType == "text/plain; charset=utf-8")
        #expect(proxy.acceptableStatusCodes == 201..<202)
        #expect(proxy.maximumResponseSize == 4096)
        #expect(type(of: proxy).Response.self == String.self)
        #expect(type(of: proxy).APIError.self == TeapotError.self)
    }

    @Test func responseSideIsForwarded() async throws {
        let stub = StubTransport()
        await stub.register(.put, "/api/things/a b/c%2Fd", reply: .init(status: 201, body: Data("ok".utf8)))
        let session = Session(transport: stub)
        #expect(try await session.send(wrapped) == "decoded:ok")

        await stub.register(.put, "/api/things/a b/c%2Fd", reply: .init(status: 200, body: Data("earl grey".utf8)))
        let teapot = try #require(await #expect(throws: TypedAPIError<TeapotError>.self) { try await session.send(wrapped) })
        #expect(teapot.value == TeapotError(brewing: "earl grey"))
        #expect(teapot.statusCode == 200)

        await stub.register(.put, "/api/things/a b/c%2Fd", reply: .init(status: 410, body: Data("gone".utf8)))
        await #expect(throws: MappedError.gone) { try await session.send(wrapped) }
    }

    @Test func authorizedAcceptsAnySchemeAndReplacesTheBasesAuthorization() throws {
        let base = Custom(headerFields: ["authorization": "old", "Accept": "*/*"])
        let request = try base.authorized(with: "dXNlcjpwYXNz", scheme: "Basic").makeURLRequest()
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Basic dXNlcjpwYXNz")
        #expect(request.allHTTPHeaderFields?.count == 2)
        let head = try base.authorized(with: "t").makeRequestHead(body: nil)
        #expect(head.headerFields.count == 2)
        #expect(head.headerFields["authorization"] == "Bearer t")
    }

    @Test func authorizedDescriptionHidesTheCredentials() {
        let request = GetUser(login: "octocat").authorized(with: "secret-token")
        #expect(!"\(request)".contains("secret-token"))
        #expect(!String(reflecting: request).contains("secret-token"))
        #expect("\(request)".contains("Bearer"))
        var dumped = ""
        dump(request, to: &dumped)
        #expect(!dumped.contains("secret-token"))
        #expect(dumped.contains("octocat"))
    }

    @Test(arguments: [
        ("Bearer", "tok\r\nX-Evil: 1"), ("Bea rer", "tok"), ("", "tok"), ("Bearer", "tok\u{0}"),
    ])
    func authorizedRejectsHeaderInjection(scheme: String, credentials: String) {
        #expect(throws: BricksError(.invalidHeader(name: "Authorization", reason: ""))) {
            try Custom().authorized(with: credentials, scheme: scheme).makeURLRequest()
        }
    }

    @Test func headerOverrideSetsReplacesOrRemoves() throws {
        let base = Custom(headerFields: ["x-mode": "a", "Accept": "*/*"])
        let replaced = try base.with(header: "X-Mode", value: "b").makeURLRequest()
        #expect(replaced.value(forHTTPHeaderField: "X-Mode") == "b")
        #expect(replaced.allHTTPHeaderFields?.count == 2)
        let removed = try base.with(header: "Accept", value: nil).makeURLRequest()
        #expect(removed.value(forHTTPHeaderField: "Accept") == nil)
        #expect(removed.allHTTPHeaderFields?.count == 1)
        #expect(removed.value(forHTTPHeaderField: "x-mode") == "a")
        #expect(throws: BricksError(.invalidHeader(name: "X Bad", reason: ""))) {
            try base.with(header: "X Bad", value: "v").makeURLRequest()
        }
        #expect(throws: BricksError(.invalidHeader(name: "X-Ok", reason: ""))) {
            try base.with(header: "X-Ok", value: "a\nb").makeURLRequest()
        }
    }

    @Test func headerOverrideCanReplaceTheBodysContentType() throws {
        let request = try Custom(method: .post, body: Data("x".utf8)).with(header: "Content-Type", value: "text/csv")
            .makeURLRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/csv")
    }

    @Test(arguments: [0.0, -1, .infinity, .nan])
    func timeoutOverrideRejectsNonPositiveTimeouts(seconds: Double) {
        #expect(throws: BricksError(.invalidRequest(""))) { try Custom().with(timeout: seconds).makeURLRequest() }
    }

    @Test func timeoutOverrideKeepsFractions() throws {
        #expect(try Custom().with(timeout: 0.25).makeURLRequest().timeoutInterval == 0.25)
    }

    @Test(arguments: [
        ("https://api.example.com", "https://staging.example.com/v2/", "/users", "x=1",
            "https://staging.example.com/v2/users?x=1"),
        ("https://api.example.com/v1/", "http://127.0.0.1:8080", "/users", "x=1", "http://127.0.0.1:8080/users?x=1"),
        ("https://api.example.com/v1?k=1", "https://s.example.com/v1", "/users", "x=1",
            "https://s.example.com/v1/users?x=1"),
        ("https://api.example.com/v1?k=1", "https://s.example.com?k=2", "", nil, "https://s.example.com?k=2"),
        ("https://api.example.com", "https://s.example.com?k=2", "/a", "x=1", "https://s.example.com/a?k=2&x=1"),
    ])
    func baseURLOverrideRepointsThePrefix(old: String, new: String, path: String, query: String?, expected: String)
        throws
    {
        let items = query.map { [URLQueryItem(name: "x", value: String($0.dropFirst(2)))] } ?? []
        let base = Custom(baseURL: URL(string: old)!, path: path, queryItems: items)
        let request = try base.with(baseURL: URL(string: new)!).makeURLRequest()
        #expect(request.url?.absoluteString == expected)
    }

    @Test func baseURLOverrideOfTheDefaultBuilderKeepsPathSegmentsAndQuery() throws {
        let base = Custom(path: "/search", pathSegments: ["a/b"], queryItems: [URLQueryItem(name: "q", value: "a+b")])
        let request = try base.with(baseURL: URL(string: "http://localhost:9000/mock")!).makeURLRequest()
        #expect(request.url?.absoluteString == "http://localhost:9000/mock/search/a%2Fb?q=a%2Bb")
    }

    @Test(arguments: ["ftp://files.example.com", "https://user:pw@example.com", "/relative"])
    func baseURLOverrideRejectsWhatNoBaseURLMayBe(url: String) {
        #expect(throws: BricksError(.invalidURL(""))) {
            try Custom().with(baseURL: URL(string: url)!).makeURLRequest()
        }
    }

    @Test func baseURLOverrideRefusesAURLTheBaseDidNotBuildFromItsBaseURL() {
        struct Elsewhere: RequestContextType, DataResponseType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            func makeRequestHead(body: RequestBody?) throws -> RequestHead {
                try RequestHead(url: URL(string: "https://api.example.com.evil.org/x")!)
            }
        }
        #expect(throws: BricksError(.invalidURL(""))) {
            try Elsewhere().with(baseURL: URL(string: "https://staging.example.com")!).makeURLRequest()
        }
    }

    @Test func proxiesAreSentByTheSession() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/octocat", json: #"{"id": 1, "login": "octocat"}"#)
        let user = try await Session(transport: stub).send(GetUser(login: "octocat").authorized(with: "t"))
        #expect(user == User(id: 1, login: "octocat"))
        #expect(await stub.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }
}
