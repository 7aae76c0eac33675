import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The GitHub endpoints of the recorded exchanges, declared with bricks only: no hand-written
// makeURLRequest or decode.

private protocol RecordedGitHubAPI: BaseURLRequestType {}
extension RecordedGitHubAPI {
    var baseURL: URL { URL(string: "https://api.github.com")! }
    var headerFields: [String: String] { ["Accept": "application/vnd.github.v3+json"] }
}

private struct RecordedLabel: Decodable, Equatable, Sendable {
    let id: Int
    let name: String
    let color: String
    let `default`: Bool
    let description: String?
}

private struct ListLabels: RecordedGitHubAPI, GETRequestType, JSONResponseType {
    typealias Response = [RecordedLabel]
    let owner: String, repo: String
    var pathSegments: [String] { ["repos", owner, repo, "labels"] }
}

private struct RecordedCreateLabel: RecordedGitHubAPI, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = RecordedLabel
    struct Body: Encodable { let name: String; let color: String }
    let owner: String, repo: String
    let body: Body
    var pathSegments: [String] { ["repos", owner, repo, "labels"] }
}

private struct GetLabel: RecordedGitHubAPI, GETRequestType, JSONResponseType {
    typealias Response = RecordedLabel
    let owner: String, repo: String, name: String
    var pathSegments: [String] { ["repos", owner, repo, "labels", name] }
}

private struct UpdateLabel: RecordedGitHubAPI, PATCHRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = RecordedLabel
    struct Body: Encodable {
        let newName: String?
        let color: String?
        enum CodingKeys: String, CodingKey { case newName = "new_name", color }
    }
    let owner: String, repo: String, name: String
    let body: Body
    var pathSegments: [String] { ["repos", owner, repo, "labels", name] }
}

private struct DeleteLabel: RecordedGitHubAPI, DELETERequestType, EmptyResponseType {
    let owner: String, repo: String, name: String
    var pathSegments: [String] { ["repos", owner, repo, "labels", name] }
}

private struct RenderMarkdown: RecordedGitHubAPI, POSTRequestType, JSONBodyRequestType, StringResponseType {
    struct Body: Encodable { let text: String; let context: String?; let mode: String }
    let body: Body
    var path: String { "/markdown" }
    var additionalHeaderFields: [String: String] { ["Accept": "text/html"] }
}

private struct RenderRawMarkdown: RecordedGitHubAPI, POSTRequestType, DataBodyRequestType, StringResponseType {
    let text: String
    var path: String { "/markdown/raw" }
    var body: Data { Data(text.utf8) }
    var contentType: String? { "text/plain; charset=utf-8" }
    var additionalHeaderFields: [String: String] { ["Accept": "text/html"] }
}

private struct CreateFile: RecordedGitHubAPI, PUTRequestType, JSONBodyRequestType, JSONResponseType {
    struct Body: Encodable { let message: String; let content: String }
    struct Response: Decodable, Sendable {
        struct Content: Decodable, Sendable { let name: String; let sha: String; let size: Int }
        struct Commit: Decodable, Sendable { let sha: String; let message: String }
        let content: Content
        let commit: Commit
    }
    // Not `path`: that name is the endpoint's URL path (a RequestType requirement).
    let owner: String, repo: String, filePath: String
    let message: String, content: Data
    var body: Body { Body(message: message, content: content.base64EncodedString()) }
    var pathSegments: [String] { ["repos", owner, repo, "contents", filePath] }
}

private struct LockIssue: RecordedGitHubAPI, PUTRequestType, EmptyResponseType {
    let owner: String, repo: String, number: Int
    var pathSegments: [String] { ["repos", owner, repo, "issues", String(number), "lock"] }
}

private struct UnlockIssue: RecordedGitHubAPI, DELETERequestType, EmptyResponseType {
    let owner: String, repo: String, number: Int
    var pathSegments: [String] { ["repos", owner, repo, "issues", String(number), "lock"] }
}

private struct FoundIssue: Decodable, Sendable {
    let number: Int
    let title: String
}

private struct SearchIssues: RecordedGitHubAPI, GETRequestType, QueryParametersRequestType, EnvelopeResponseType {
    struct Page: Decodable {
        let totalCount: Int
        let items: [FoundIssue]
        enum CodingKeys: String, CodingKey { case totalCount = "total_count", items }
    }
    struct Parameters: Encodable {
        let query: String
        enum CodingKeys: String, CodingKey { case query = "q" }
    }
    typealias Response = [FoundIssue]
    let queryParameters: Parameters
    var path: String { "/search/issues" }
    func unwrap(_ envelope: Page) throws -> [FoundIssue] { envelope.items }
}

/// Answers `request` with the recording and checks that what Bricks sent is what was recorded:
/// method, path and query, and the body (compared as JSON when it is JSON).
private func replay<Request: RequestContextType>(
    _ request: Request, _ exchange: RecordedExchange, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> (Request.Response, SentRequest) {
    let recordedURL = try #require(URLComponents(string: "https://api.github.com" + exchange.path))
    let method = try #require(HTTPMethod(rawValue: exchange.method))
    let stub = StubTransport()
    await stub.register(
        method, recordedURL.path,
        reply: .init(status: exchange.status, headers: HeaderFields(exchange.headers), body: exchange.responseBody))
    let value = try await Session(transport: stub).send(request)
    let sent = try #require(await stub.requests.first, sourceLocation: sourceLocation)
    let sentURL = try #require(sent.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) })

    #expect(sent.httpMethod == exchange.method, sourceLocation: sourceLocation)
    #expect(sentURL.host == "api.github.com", sourceLocation: sourceLocation)
    #expect(sentURL.path == recordedURL.path, sourceLocation: sourceLocation)
    #expect(sentURL.queryItems == recordedURL.queryItems, sourceLocation: sourceLocation)
    let body = sent.httpBody ?? Data()
    if let recordedJSON = exchange.requestJSON, !(recordedJSON is String) {
        let sentJSON = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        let normalised = try JSONSerialization.data(withJSONObject: sentJSON, options: [.fragmentsAllowed, .sortedKeys])
        #expect(
            String(decoding: normalised, as: UTF8.self) == String(decoding: exchange.requestBody, as: UTF8.self),
            sourceLocation: sourceLocation)
    } else {
        #expect(body == exchange.requestBody, sourceLocation: sourceLocation)
    }
    return (value, sent)
}

@Suite struct GitHubReplayTests {
    let owner = "octokit-fixture-org"

    @Test func labelsCreateReadUpdateDelete() async throws {
        let recorded = try GitHubFixture.load("labels")
        try #require(recorded.count == 5)

        let (labels, _) = try await replay(ListLabels(owner: owner, repo: "labels"), recorded[0])
        #expect(labels.first?.name == "bug")
        #expect(labels.count > 1)

        let (created, createRequest) = try await replay(
            RecordedCreateLabel(owner: owner, repo: "labels", body: .init(name: "test-label", color: "663399")), recorded[1])
        #expect(created == RecordedLabel(id: 1009, name: "test-label", color: "663399", default: false, description: nil))
        #expect(createRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(createRequest.value(forHTTPHeaderField: "Accept") == "application/vnd.github.v3+json")

        let (read, _) = try await replay(GetLabel(owner: owner, repo: "labels", name: "test-label"), recorded[2])
        #expect(read == created)

        let (updated, _) = try await replay(
            UpdateLabel(
                owner: owner, repo: "labels", name: "test-label",
                body: .init(newName: "test-label-updated", color: "BADA55")),
            recorded[3])
        #expect(updated.name == "test-label-updated")
        #expect(updated.color == "BADA55")

        let (_, deleteRequest) = try await replay(
            DeleteLabel(owner: owner, repo: "labels", name: "test-label-updated"), recorded[4])
        #expect(deleteRequest.httpBody == nil)
    }

    @Test func markdownJSONBodyAnsweredWithHTML() async throws {
        let recorded = try GitHubFixture.load("markdown")
        let request = RenderMarkdown(
            body: .init(text: "### Hello\n\nb597b5d", context: "octokit-fixture-org/hello-world", mode: "gfm"))
        let (html, sent) = try await replay(request, recorded[0])
        #expect(html == String(decoding: recorded[0].responseBody, as: UTF8.self))
        #expect(html.hasPrefix("<h3 dir=\"auto\">Hello</h3>"))
        #expect(sent.value(forHTTPHeaderField: "Accept") == "text/html")
    }

    @Test func markdownRawTextBody() async throws {
        let recorded = try GitHubFixture.load("markdown")
        let (html, sent) = try await replay(RenderRawMarkdown(text: "### Hello\n\nb597b5d"), recorded[1])
        #expect(html.contains("<p>b597b5d</p>"))
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func createFileWithPUT() async throws {
        let recorded = try GitHubFixture.load("create-file")
        let request = CreateFile(
            owner: owner, repo: "create-file", filePath: "test.txt", message: "create test.txt",
            content: Data("Test content".utf8))
        let (result, _) = try await replay(request, recorded[0])
        #expect(result.content.name == "test.txt")
        #expect(result.content.size == 12)
        #expect(result.commit.message == "create test.txt")
    }

    @Test func lockAndUnlockAnsweredWith204() async throws {
        let recorded = try GitHubFixture.load("lock-issue")
        let (_, lock) = try await replay(LockIssue(owner: owner, repo: "lock-issue", number: 1), recorded[0])
        let (_, unlock) = try await replay(UnlockIssue(owner: owner, repo: "lock-issue", number: 1), recorded[1])
        #expect([lock.httpMethod, unlock.httpMethod] == ["PUT", "DELETE"])
    }

    @Test func searchQueryParametersAndEnvelope() async throws {
        let recorded = try GitHubFixture.load("search-issues")
        let request = SearchIssues(queryParameters: .init(query: "sesame repo:octokit-fixture-org/search-issues"))
        let (issues, _) = try await replay(request, recorded[0])
        #expect(!issues.isEmpty)
        #expect(issues.allSatisfy { $0.number > 0 })
    }
}
