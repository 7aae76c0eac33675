import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The Bricks samples of Docs/Mixins.md, compiled and sent through a stub, so the guide cannot drift
// from the API. Keep the two in step.

private protocol GitHubRequest: BaseURLRequestType {}
extension GitHubRequest {
    var baseURL: URL { URL(string: "https://api.github.com")! }
    var headerFields: [String: String] { ["Accept": "application/vnd.github+json"] }
}

private struct DocLabel: Decodable, Sendable { let name: String; let color: String }
private struct DocNewLabel: Encodable, Sendable { let name: String; let color: String }
private struct DocIssue: Decodable, Sendable { let number: Int; let title: String }
private struct SearchPage<Item: Decodable & Sendable>: Decodable, Sendable {
    let totalCount: Int
    let items: [Item]
    enum CodingKeys: String, CodingKey { case totalCount = "total_count", items }
}

// MARK: Method mixins

private struct LockIssue: GitHubRequest, PUTRequestType, EmptyResponseType {
    let owner: String, repo: String, number: Int
    var pathSegments: [String] { ["repos", owner, repo, "issues", String(number), "lock"] }
}

private struct UnlockIssue: GitHubRequest, DELETERequestType, EmptyResponseType {
    let owner: String, repo: String, number: Int
    var pathSegments: [String] { ["repos", owner, repo, "issues", String(number), "lock"] }
}

private struct RepositoryExists: GitHubRequest, HEADRequestType, EmptyResponseType {
    let owner: String, repo: String
    var pathSegments: [String] { ["repos", owner, repo] }
}

private struct AllowedMethods: GitHubRequest, EmptyResponseType {
    var method: HTTPMethod { .options }
    var path: String { "/user" }
}

// MARK: Body mixins

private struct DocCreateLabel: GitHubRequest, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = DocLabel
    let owner: String, repo: String
    let body: DocNewLabel
    var pathSegments: [String] { ["repos", owner, repo, "labels"] }
}

private struct UpdateLabel: GitHubRequest, PATCHRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = DocLabel
    struct Changes: Encodable, Sendable { var newName: String?; var color: String? }
    let owner: String, repo: String, name: String
    let body: Changes
    var pathSegments: [String] { ["repos", owner, repo, "labels", name] }
    var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase  // newName → new_name
        return encoder
    }
}

private protocol GitHubLogin: BaseURLRequestType {}
extension GitHubLogin {
    var baseURL: URL { URL(string: "https://github.com/login")! }
    var headerFields: [String: String] { ["Accept": "application/json"] }
}

private struct Token: Decodable, Sendable {
    let accessToken: String
    enum CodingKeys: String, CodingKey { case accessToken = "access_token" }
}

private struct PollDeviceToken: GitHubLogin, POSTRequestType, FormURLEncodedBodyRequestType, JSONResponseType {
    typealias Response = Token
    struct Form: Encodable, Sendable {
        let clientID: String
        let deviceCode: String
        var grantType = "urn:ietf:params:oauth:grant-type:device_code"
        enum CodingKeys: String, CodingKey {
            case clientID = "client_id", deviceCode = "device_code", grantType = "grant_type"
        }
    }
    let body: Form
    var path: String { "/oauth/access_token" }
}

private struct LegacyLogin: GitHubLogin, POSTRequestType, FormURLEncodedBodyRequestType, DataResponseType {
    let user: String, password: String
    var path: String { "/session" }
    var body: [URLQueryItem] {
        [URLQueryItem(name: "login", value: user), URLQueryItem(name: "password", value: password)]
    }
}

private protocol UploadsRequest: BaseURLRequestType {}
extension UploadsRequest {
    var baseURL: URL { URL(string: "https://uploads.example.com/v1")! }
}

private struct Attachment: Decodable, Sendable { let id: String }

private struct UploadAttachment: UploadsRequest, POSTRequestType, MultipartFormBodyRequestType, JSONResponseType {
    typealias Response = Attachment
    let comment: String, fileName: String, pdf: Data
    var path: String { "/attachments" }
    var parts: [MultipartFormPart] {
        [.text(name: "comment", value: comment),
         .file(name: "file", filename: fileName, contentType: "application/pdf", data: pdf)]
    }
}

private struct RenderRawMarkdown: GitHubRequest, POSTRequestType, DataBodyRequestType, StringResponseType {
    let text: String
    var path: String { "/markdown/raw" }
    var body: Data { Data(text.utf8) }
    var contentType: String? { "text/plain; charset=utf-8" }
}

// MARK: Query

private struct ListIssues: GitHubRequest, GETRequestType, QueryParametersRequestType, JSONResponseType {
    typealias Response = [DocIssue]
    struct Parameters: Encodable, Sendable {
        var state: String? = "open"
        var labels: [String] = []
        var since: Date?
        var perPage = 30
        enum CodingKeys: String, CodingKey { case state, labels, since, perPage = "per_page" }
    }
    let owner: String, repo: String
    var queryParameters = Parameters()
    var pathSegments: [String] { ["repos", owner, repo, "issues"] }
}

// MARK: Response mixins

private struct ListLabels: GitHubRequest, GETRequestType, JSONResponseType {
    typealias Response = [DocLabel]
    let owner: String, repo: String
    var pathSegments: [String] { ["repos", owner, repo, "labels"] }
}

private struct DownloadTarball: GitHubRequest, GETRequestType, DataResponseType {
    let owner: String, repo: String, ref: String
    var pathSegments: [String] { ["repos", owner, repo, "tarball", ref] }
}

private struct RenderMarkdown: GitHubRequest, POSTRequestType, JSONBodyRequestType, StringResponseType {
    struct Body: Encodable, Sendable { let text: String; var mode = "gfm" }
    let body: Body
    var path: String { "/markdown" }
    var additionalHeaderFields: [String: String] { ["Accept": "text/html"] }
}

private struct DeleteLabel: GitHubRequest, DELETERequestType, EmptyResponseType {
    let owner: String, repo: String, name: String
    var pathSegments: [String] { ["repos", owner, repo, "labels", name] }
}

private struct Manifest: Decodable, Sendable { let version: String }

private struct GetManifest: UploadsRequest, GETRequestType, PropertyListResponseType {
    typealias Response = Manifest
    var path: String { "/manifest.plist" }
}

private struct SearchIssues: GitHubRequest, GETRequestType, EnvelopeResponseType {
    typealias Response = [DocIssue]
    let query: String
    var path: String { "/search/issues" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: query)] }
    func unwrap(_ envelope: SearchPage<DocIssue>) throws -> [DocIssue] { envelope.items }
}

private struct SlackFailure: Error { let code: String }

private protocol SlackRequest: BaseURLRequestType {}
extension SlackRequest {
    var baseURL: URL { URL(string: "https://slack.com/api")! }
}

private struct PostMessage: SlackRequest, POSTRequestType, JSONBodyRequestType, EnvelopeResponseType {
    struct Body: Encodable, Sendable { let channel: String; let text: String }
    struct Envelope: Decodable { let ok: Bool; let error: String?; let ts: String? }
    typealias Response = String
    let body: Body
    var path: String { "/chat.postMessage" }
    func unwrap(_ envelope: Envelope) throws -> String {
        guard envelope.ok, let ts = envelope.ts else { throw SlackFailure(code: envelope.error ?? "unknown") }
        return ts
    }
}

@Suite struct MixinDocSamplesTests {
    @Test func samplesBuildTheRequestsTheGuideDescribes() throws {
        #expect(try LockIssue(owner: "o", repo: "r", number: 1).makeURLRequest().httpMethod == "PUT")
        #expect(try UnlockIssue(owner: "o", repo: "r", number: 1).makeURLRequest().httpMethod == "DELETE")
        #expect(try RepositoryExists(owner: "o", repo: "r").makeURLRequest().httpMethod == "HEAD")
        #expect(try AllowedMethods().makeURLRequest().httpMethod == "OPTIONS")
        let create = try DocCreateLabel(owner: "o", repo: "r", body: DocNewLabel(name: "bug", color: "f00")).makeURLRequest()
        #expect(create.url?.absoluteString == "https://api.github.com/repos/o/r/labels")
        let update = try UpdateLabel(owner: "o", repo: "r", name: "bug", body: .init(newName: "defect"))
            .makeURLRequest()
        #expect(update.httpBody == Data(#"{"new_name":"defect"}"#.utf8))
        let poll = try PollDeviceToken(body: .init(clientID: "Iv1", deviceCode: "3584")).makeURLRequest()
        #expect(
            poll.httpBody
                == Data(
                    "client_id=Iv1&device_code=3584&grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code"
                        .utf8))
        let login = try LegacyLogin(user: "a b", password: "p&w").makeURLRequest()
        #expect(login.httpBody == Data("login=a+b&password=p%26w".utf8))
        let upload = try UploadAttachment(comment: "c", fileName: "f.pdf", pdf: Data("%PDF".utf8)).makeURLRequest()
        #expect(upload.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(try RenderRawMarkdown(text: "# Hi").makeURLRequest().httpBody == Data("# Hi".utf8))
        var list = ListIssues(owner: "o", repo: "r")
        list.queryParameters.labels = ["bug", "ui"]
        #expect(
            try list.makeURLRequest().url?.absoluteString
                == "https://api.github.com/repos/o/r/issues?labels=bug&labels=ui&per_page=30&state=open")
        let render = try RenderMarkdown(body: .init(text: "# Hi")).makeURLRequest()
        #expect(render.value(forHTTPHeaderField: "Accept") == "text/html")
        #expect(try DownloadTarball(owner: "o", repo: "r", ref: "main").makeURLRequest().httpMethod == "GET")
        #expect(try DeleteLabel(owner: "o", repo: "r", name: "bug").makeURLRequest().httpMethod == "DELETE")
        #expect(
            try GetManifest().makeURLRequest().url?.absoluteString == "https://uploads.example.com/v1/manifest.plist")
    }

    @Test func responseSamplesDecode() async throws {
        let stub = StubTransport()
        let session = Session(transport: stub)
        await stub.register(.get, "/repos/o/r/labels", json: #"[{"name":"bug","color":"f00"}]"#)
        #expect(try await session.send(ListLabels(owner: "o", repo: "r")).map(\.name) == ["bug"])
        await stub.register(.get, "/search/issues", json: #"{"total_count":1,"items":[{"number":7,"title":"t"}]}"#)
        #expect(try await session.send(SearchIssues(query: "is:open")).map(\.number) == [7])
        await stub.register(.post, "/api/chat.postMessage", json: #"{"ok":false,"error":"not_in_channel"}"#)
        do {
            _ = try await session.send(PostMessage(body: .init(channel: "C1", text: "hi")))
            Testing.Issue.record("a failed envelope was unwrapped")
        } catch let error as SlackFailure {
            #expect(error.code == "not_in_channel")
        }
    }
}
