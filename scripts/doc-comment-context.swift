// What the examples of the doc comments of Sources/ assume without showing it — the GitHub API of
// Docs/GettingStarted.md, a few other APIs an example names, the chat API of Docs/WebSockets.md,
// and the values an example only passes along: scripts/check-doc-snippets.py compiles this as a
// module that their blocks import (a block that declares one of these names itself uses its own).
// Stand-ins only: the examples are type-checked, never run.
import Bricks
import BricksTesting
import Foundation

/// A session whose transports answer nothing.
public let session = Session(transport: StubTransport())

// MARK: - The GitHub API of the guides

/// GitHub's error body.
public struct GitHubError: Error, Codable, Sendable {
    public let message: String
}

/// Every GitHub endpoint: its base URL and error type.
public nonisolated protocol GitHubRequest: BaseURLRequestType where APIError == GitHubError {}

extension GitHubRequest {
    public var baseURL: String { "https://api.github.com" }
}

/// The app's own errors.
public enum AppError: Error {
    case invalidToken
}

/// The GitHub API as values (``WebAPI``).
public enum GitHub {
    public static let api = WebAPI("https://api.github.com", error: GitHubError.self)
}

/// A GitHub user.
public struct User: Codable, Sendable {
    public let id: Int
    public let login: String
    public init(id: Int, login: String) {
        self.id = id
        self.login = login
    }
}

/// An issue.
public nonisolated struct Issue: Codable, Sendable {
    public let number: Int
    public let title: String
    public init(number: Int, title: String) {
        self.number = number
        self.title = title
    }
}

/// The body of a new issue.
public nonisolated struct NewIssue: Codable, Sendable {
    public let title: String
    public init(title: String) { self.title = title }
}

/// A repository.
public nonisolated struct Repository: Decodable, Sendable {
    public let fullName: String
}

/// A label.
public struct Label: Decodable, Sendable {
    public let name: String
}

/// A page of search results.
public struct SearchPage<Item: Decodable & Sendable>: Decodable, Sendable {
    public let items: [Item]
}

/// `GET /users/{login}`.
public struct GetUser: GitHubRequest, GETRequestType, JSONResponseType {
    public typealias Response = User
    public let login: String
    public init(login: String) { self.login = login }
    public var pathSegments: [String] { ["users", login] }
}

/// `GET /user`.
public struct GetAuthenticatedUser: GitHubRequest, GETRequestType, JSONResponseType {
    public typealias Response = User
    public init() {}
    public var path: String { "/user" }
}

/// `GET /repos/{owner}/{name}`.
public struct GetRepository: GitHubRequest, GETRequestType, JSONResponseType {
    public typealias Response = Repository
    public let owner: String, name: String
    public init(owner: String, name: String) {
        self.owner = owner
        self.name = name
    }
    public var pathSegments: [String] { ["repos", owner, name] }
}

/// `GET /repos/{owner}/{repo}/issues`, page by page.
public struct ListIssues: GitHubRequest, LinkHeaderPaginatedRequestType, JSONResponseType {
    public typealias Response = [Issue]
    public let owner: String, repo: String
    public var pageLink: String?
    public init(owner: String, repo: String) {
        self.owner = owner
        self.repo = repo
    }
    public var pathSegments: [String] { ["repos", owner, repo, "issues"] }
}

/// `GET /repos/{owner}/{repo}/labels`.
public struct ListLabels: GitHubRequest, GETRequestType, JSONResponseType {
    public typealias Response = [Label]
    public let owner: String, repo: String
    public init(owner: String, repo: String) {
        self.owner = owner
        self.repo = repo
    }
    public var pathSegments: [String] { ["repos", owner, repo, "labels"] }
}

/// `POST /repos/apple/swift/labels`.
public struct CreateLabel: GitHubRequest, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    public typealias Response = Label
    public struct Body: Encodable, Sendable { public let name: String }
    public let body: Body
    public init(name: String) { body = Body(name: name) }
    public var path: String { "/repos/apple/swift/labels" }
}

/// `GET /search/repositories`, page by page.
public struct SearchRepositories: GitHubRequest, PageNumberPaginatedRequestType, JSONResponseType {
    public typealias Response = SearchPage<Repository>
    public let query: String
    public var page = 1
    public var pageSize: Int { 100 }
    public init(query: String) { self.query = query }
    public var path: String { "/search/repositories" }
    public var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: query)] }
    public func itemCount(in response: SearchPage<Repository>) -> Int { response.items.count }
}

// MARK: - Other APIs an example names

/// An example API of one's own.
public nonisolated protocol APIRequest: BaseURLRequestType {}

extension APIRequest {
    public var baseURL: String { "https://api.example.com" }
}

/// The endpoints of a sign-in server: `nonisolated`, with its extension, because a token store's
/// refresh sends them away from the main actor.
public nonisolated protocol AuthRequest: BaseURLRequestType {}

nonisolated extension AuthRequest {
    public var baseURL: String { "https://auth.example.com" }
}

/// The endpoints of a profile service.
public nonisolated protocol ProfileRequest: BaseURLRequestType {}

extension ProfileRequest {
    public var baseURL: String { "https://profile.example.com" }
}

/// The endpoints of an app's configuration server.
public nonisolated protocol AppConfigRequest: BaseURLRequestType {}

extension AppConfigRequest {
    public var baseURL: String { "https://config.example.com" }
}

/// GitLab's API, which pages with `X-Next-Page`.
public nonisolated protocol GitLabRequest: BaseURLRequestType {}

extension GitLabRequest {
    public var baseURL: String { "https://gitlab.example.com/api/v4" }
}

/// Label Studio's API, a Django REST framework server that pages with a `next` link in the body.
public nonisolated protocol LabelStudioRequest: BaseURLRequestType {}

extension LabelStudioRequest {
    public var baseURL: String { "http://127.0.0.1:8080" }
}

/// A page of projects, as Django REST framework writes it.
public struct ProjectPage: Decodable, Sendable {
    public let next: String?
    public let results: [Project]
}

/// A profile.
public struct Profile: Decodable, Sendable {
    public let name: String
}

/// A news feed.
public struct Feed: Decodable, Sendable {
    public let items: [String]
}

/// A service's status.
public struct Status: Decodable, Sendable {
    public let healthy: Bool
}

/// An uploaded file.
public struct Asset: Decodable, Sendable {
    public let id: Int
}

/// Exchange rates.
public struct Rates: Decodable, Sendable {
    public let rates: [String: Double]
}

/// A page of events and the cursor of the next one.
public struct EventPage: Decodable, Sendable {
    public let events: [String]
    public let nextCursor: String?
}

/// A GitLab project.
public struct Project: Decodable, Sendable {
    public let id: Int
}

/// An OAuth token reply.
public nonisolated struct Token: Decodable, Sendable {
    public let accessToken: String
    public let refreshToken: String
}

/// An app's configuration.
public struct Manifest: Decodable, Sendable {
    public let version: String
}

/// A prompt for a completion.
public struct CompletionRequest: Encodable, Sendable {
    public let prompt: String
}

/// A piece of a streamed completion.
public struct CompletionChunk: Decodable, Sendable {
    public let text: String
}

/// A price on a ticker.
public struct Tick: Decodable, Sendable {
    public let symbol: String
    public let price: Double
}

/// `GET /profile`.
public struct GetProfile: APIRequest, GETRequestType, JSONResponseType {
    public typealias Response = Profile
    public init() {}
    public var path: String { "/profile" }
}

/// `GET /feed`.
public struct GetFeed: APIRequest, GETRequestType, JSONResponseType {
    public typealias Response = Feed
    public init() {}
    public var path: String { "/feed" }
}

/// `GET /status`.
public struct GetStatus: APIRequest, GETRequestType, JSONResponseType {
    public typealias Response = Status
    public init() {}
    public var path: String { "/status" }
}

/// `GET /archives/{id}`: a large file.
public struct GetArchive: APIRequest, GETRequestType, DataResponseType {
    public let id: Int
    public init(id: Int) { self.id = id }
    public var pathSegments: [String] { ["archives", String(id)] }
}

/// `GET /logs/{id}`: a body read as it arrives.
public struct GetLog: APIRequest, GETRequestType, DataResponseType {
    public let id: Int
    public init(id: Int) { self.id = id }
    public var pathSegments: [String] { ["logs", String(id)] }
}

/// `GET /ticker`: prices as server-sent events.
public struct Ticker: APIRequest, GETRequestType, ServerSentEventsResponseType {
    public typealias Event = Tick
    public init() {}
    public var path: String { "/ticker" }
}

/// `POST /assets`: a file's bytes.
public struct UploadAsset: APIRequest, POSTRequestType, FileBodyRequestType, JSONResponseType {
    public typealias Response = Asset
    public let fileURL: URL
    public init(fileURL: URL) { self.fileURL = fileURL }
    public var path: String { "/assets" }
}

/// `POST /oauth/token` with a refresh token.
public nonisolated struct RefreshGrant: AuthRequest, POSTRequestType, FormURLEncodedBodyRequestType, JSONResponseType {
    public typealias Response = Token
    public struct Form: Encodable, Sendable {
        public let refreshToken: String
        public let grantType = "refresh_token"
    }
    public let body: Form
    public init(refreshToken: String) { body = Form(refreshToken: refreshToken) }
    public var path: String { "/oauth/token" }
}

/// The session of the sign-in server.
public nonisolated let authSession = Session(transport: StubTransport())

// MARK: - Values an example only passes along

// What a middleware, a `TokenProvider` or a token store's refresh uses runs away from the main
// actor, so in an app target it is declared `nonisolated` (Docs/GettingStarted.md, "In an app
// target"); the other stand-ins take the target's default.

/// The token a previous launch saved, if any.
public nonisolated let savedToken: String? = nil
/// Where the app keeps its refresh token.
public nonisolated let keychain = Keychain()
/// A keychain's entries.
public nonisolated struct Keychain: Sendable {
    public var refreshToken: String { "" }
}
/// Asks the sign-in server for a new token.
public nonisolated func renewToken() async throws -> String { "" }
/// Tokens for ``AuthorizationMiddleware``.
public let tokens = TokenStore(token: savedToken) { _ in try await renewToken() }
/// A bearer token.
public let token = ""
/// `user:password` in Base64.
public let base64Credentials = ""
/// An `ETag` a previous reply gave.
public let etag = "\"abc\""
/// A file of the app's.
public let fileURL = URL(fileURLWithPath: "/tmp/upload.bin")
/// A large video file.
public let movie = URL(fileURLWithPath: "/tmp/movie.mov")
/// Where a download goes.
public let archiveURL = URL(fileURLWithPath: "/tmp/archive.zip")
/// A recording of exchanges.
public let fixtureURL = URL(fileURLWithPath: "/tmp/fixture.json")
/// A photo's bytes.
public let jpeg = Data()
/// A prompt.
public let prompt = CompletionRequest(prompt: "Say hello")
/// A test's stub transport.
public let stub = StubTransport()
/// A reply's head.
public let head = ResponseHead(statusCode: 200, url: URL(fileURLWithPath: "/"))
/// A file being written.
public let output = FileHandle.standardOutput
/// Another file being written.
public let file = FileHandle.standardError
/// A reply whose body is read as it arrives.
public let response = RawResponse(head: head)
/// Shows a page of items.
public func show<Item>(_ items: [Item]) {}

/// A client of a StatsD server.
public nonisolated struct StatsD: Sendable {
    /// Reports a duration.
    public func timing(_ name: String, _ duration: Duration) {}
}
/// The app's StatsD client.
public nonisolated let statsd = StatsD()

/// A parser of lines, for an `EventReader`.
public struct LineParser: Sendable {
    public func parse(_ chunk: Data) throws -> [String] { [] }
    public func finish() throws -> [String] { [] }
}
/// The parser of an `EventReader`'s example.
public let parser = LineParser()

/// A view that shows work in progress.
@MainActor public final class Spinner {
    public var isHidden = true
}
/// A progress bar.
@MainActor public final class ProgressBar {
    public var value = 0.0
}
/// The screen's spinner.
@MainActor public let spinner = Spinner()
/// The screen's progress bar.
@MainActor public let bar = ProgressBar()

// MARK: - The chat API of Docs/WebSockets.md

/// The chat API of the WebSockets guide.
public nonisolated protocol ChatAPI: RequestType {}

extension ChatAPI {
    public var baseURL: String { "https://chat.example.com/v1" }
}

/// What the app sends.
public enum ChatCommand: Encodable, Sendable {
    case join(room: String)
    case say(text: String)
}

/// What the server sends.
public struct ChatEvent: Decodable, Sendable {
    public let from: String
    public let text: String
}

/// A chat room's socket.
public struct ChatRoom: ChatAPI, WebSocketEndpoint, Sendable {
    public typealias Outgoing = ChatCommand
    public typealias Incoming = ChatEvent
    public let room: String
    public init(room: String) { self.room = room }
    public var pathSegments: [String] { ["rooms", room, "socket"] }
}
