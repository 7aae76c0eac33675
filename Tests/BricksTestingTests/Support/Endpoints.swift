import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct NewIssue: Codable, Equatable, Sendable {
    let title: String
    let labels: [String]
}

struct CreateIssue: ExampleRequest, POSTRequestType, JSONBodyRequestType, DataResponseType {
    let owner: String, repo: String
    let body: NewIssue
    var pathSegments: [String] { ["repos", owner, repo, "issues"] }
}

/// Any request, answered with its raw body whatever the status: for looking at replies as sent.
struct Probe: RequestContextType, DataResponseType {
    var baseURL: URL = exampleBase
    var method: HTTPMethod = .get
    var path: String = ""
    var queryItems: [URLQueryItem] = []
    var headerFields: [String: String] = [:]
    var body: Data?
    var contentType: String?
    var acceptableStatusCodes: Range<Int> { 100..<600 }
    func makeRequestBody() throws -> RequestBody? { body.map { RequestBody($0, contentType: contentType) } }

    /// A probe for an absolute URL such as a `Link` header names.
    init(url: URL) throws {
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        var origin = components
        (origin.path, origin.query) = ("", nil)
        baseURL = try #require(origin.url)
        path = components.path
        queryItems = components.queryItems ?? []
    }

    init(
        _ method: HTTPMethod = .get, _ path: String, queryItems: [URLQueryItem] = [], headers: [String: String] = [:],
        body: Data? = nil, contentType: String? = nil
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headerFields = headers
        self.body = body
        self.contentType = contentType
    }
}

/// A request to the example API, for calling a transport directly.
func request(_ method: String = "GET", _ target: String, body: Data? = nil, headers: [String: String] = [:])
    -> SentRequest
{
    var head = try! RequestHead(method: HTTPMethod(rawValue: method)!, url: URL(string: "https://api.example.com" + target)!)
    for (name, value) in headers { head.headerFields[name] = value }
    return SentRequest(head: head, httpBody: body)
}

/// A fresh folder for files a test writes, removed by the caller.
func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "BricksTestingTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// A recorded GitHub scenario bundled with the tests, such as `fixtureURL("labels")`.
func fixtureURL(_ scenario: String) throws -> URL {
    try #require(Bundle.module.url(forResource: scenario, withExtension: "json", subdirectory: "Fixtures/GitHub"))
}

extension HTTPTransport {
    /// One exchange straight through the transport (no Session: no redirects, limits or error
    /// mapping), with the body collected: what a test of the transport itself looks at.
    func roundTrip(_ request: SentRequest) async throws -> (Data, ResponseHead) {
        let response = try await exchange(request)
        return (try await response.body.collect(upTo: .max), response.head)
    }

    /// One exchange of `request` (its head, and its body in memory) with a default context.
    func exchange(_ request: SentRequest) async throws -> RawResponse {
        try await exchange(request.head, body: request.httpBody.map { RequestBody($0) }, context: CallContext())
    }
}

/// The request `endpoint` builds, as a transport receives it (a body in memory).
func sent(_ endpoint: some RequestType) throws -> SentRequest {
    let body = try endpoint.makeRequestBody()
    return SentRequest(head: try endpoint.makeRequestHead(body: body), httpBody: body?.data)
}
