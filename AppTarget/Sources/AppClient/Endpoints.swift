import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Every endpoint shape the docs show, written as the docs write them. This one file is compiled
// twice: in AppClient, an app target with Xcode 26's defaults (every declaration here is then
// main-actor-isolated), and in ServerClient, a plain target (a link to this file). Nothing in it
// is annotated for the app target but the app-wide protocol (see BaseURLRequestType).

// MARK: The API, once

/// The local httpbin the tests start (scripts/test.sh exports its address).
nonisolated protocol HTTPBinRequest: BaseURLRequestType where APIError == HTTPBinError {}

extension HTTPBinRequest {
    var baseURL: URL {
        URL(string: ProcessInfo.processInfo.environment["BRICKS_HTTPBIN_URL"] ?? "http://127.0.0.1:9")!
    }
    var headerFields: [String: String] { ["Accept": "application/json"] }
}

/// What the API answers with an error status.
struct HTTPBinError: Error, Decodable, Sendable {
    let message: String
}

// MARK: Models

struct Echo: Decodable, Sendable {
    let url: String
    let args: [String: String]
    let headers: [String: String]
}

struct Note: Codable, Equatable, Sendable {
    let title: String
    let count: Int
}

/// What `/post`, `/put`, `/patch` and `/delete` echo back.
struct BodyEcho: Decodable, Sendable {
    let json: Note?
    let form: [String: String]
    let files: [String: String]
    let data: String
    let headers: [String: String]
}

struct BearerCheck: Decodable, Sendable {
    let authenticated: Bool
    let token: String
}

/// One line of `/stream/{n}`.
struct StreamLine: Decodable, Sendable {
    let id: Int
    let url: String
}

struct Tick: Decodable, Sendable {
    let price: Int
}

struct Settings: Decodable, Sendable {
    let name: String
}

struct Envelope<Item: Decodable>: Decodable {
    let items: [Item]
    let next: String?
}

// MARK: Methods, bodies and responses

struct GetEcho: HTTPBinRequest, GETRequestType, JSONResponseType {
    typealias Response = Echo
    let query: String
    var path: String { "/get" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: query)] }
}

struct SearchNotes: HTTPBinRequest, GETRequestType, QueryParametersRequestType, JSONResponseType {
    typealias Response = Echo
    struct Parameters: Encodable {
        var title: String
        var perPage = 30
        enum CodingKeys: String, CodingKey { case title, perPage = "per_page" }
    }
    var queryParameters: Parameters
    var path: String { "/get" }
}

struct CreateNote: HTTPBinRequest, POSTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = BodyEcho
    let body: Note
    var path: String { "/post" }
}

struct ReplaceNote: HTTPBinRequest, PUTRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = BodyEcho
    let body: Note
    var path: String { "/put" }
}

struct UpdateNote: HTTPBinRequest, PATCHRequestType, JSONBodyRequestType, JSONResponseType {
    typealias Response = BodyEcho
    let body: Note
    var path: String { "/patch" }
}

struct DeleteNote: HTTPBinRequest, DELETERequestType, EmptyResponseType {
    var path: String { "/delete" }
}

struct NoteExists: HTTPBinRequest, HEADRequestType, EmptyResponseType {
    var path: String { "/get" }
}

struct SubmitNoteForm: HTTPBinRequest, POSTRequestType, FormURLEncodedBodyRequestType, JSONResponseType {
    typealias Response = BodyEcho
    let body: Note
    var path: String { "/post" }
}

struct UploadNoteParts: HTTPBinRequest, POSTRequestType, MultipartFormBodyRequestType, JSONResponseType {
    typealias Response = BodyEcho
    let text: String
    var path: String { "/post" }
    var parts: [MultipartFormPart] {
        [.text(name: "title", value: text), MultipartFormPart(name: "file", filename: "note.txt", contentType: "text/plain", data: Data(text.utf8))]
    }
}

struct UploadBytes: HTTPBinRequest, POSTRequestType, DataBodyRequestType, DataResponseType {
    let body: Data
    var path: String { "/post" }
}

struct UploadFile: HTTPBinRequest, POSTRequestType, FileBodyRequestType, JSONResponseType {
    typealias Response = BodyEcho
    let fileURL: URL
    var path: String { "/post" }
}

struct GetRobots: HTTPBinRequest, GETRequestType, StringResponseType {
    var path: String { "/robots.txt" }
}

struct GetSettings: HTTPBinRequest, GETRequestType, PropertyListResponseType {
    typealias Response = Settings
    var path: String { "/settings.plist" }
}

struct GetEchoURL: HTTPBinRequest, GETRequestType, EnvelopeResponseType {
    typealias Response = String
    var path: String { "/get" }
    func unwrap(_ envelope: Echo) throws -> String { envelope.url }
}

// MARK: Pagination, the four strategies

struct ListNotesByLink: HTTPBinRequest, GETRequestType, LinkHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [Note]
    var pageLink: String?
    var path: String { "/notes" }
}

struct ListNotesByPage: HTTPBinRequest, GETRequestType, PageNumberPaginatedRequestType, JSONResponseType {
    typealias Response = [Note]
    var page = 1
    var pageSize: Int { 1 }
    var path: String { "/notes" }
}

struct ListNotesByCursor: HTTPBinRequest, GETRequestType, CursorPaginatedRequestType, JSONResponseType {
    typealias Response = Envelope<Note>
    var cursor: String?
    var path: String { "/notes" }
    func nextCursor(in response: Envelope<Note>) -> String? { response.next }
}

struct ListNotesByHeader: HTTPBinRequest, GETRequestType, NextPageHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [Note]
    var page = 1
    var path: String { "/notes" }
}

// MARK: Streams

struct StreamLines: HTTPBinRequest, GETRequestType, JSONLinesResponseType {
    typealias Event = StreamLine
    let count: Int
    var pathSegments: [String] { ["stream", String(count)] }
}

struct Ticker: HTTPBinRequest, GETRequestType, ServerSentEventsResponseType {
    typealias Event = Tick
    var path: String { "/ticker" }
}

struct DownloadBytes: HTTPBinRequest, GETRequestType, DataResponseType {
    let count: Int
    var pathSegments: [String] { ["bytes", String(count)] }
}

// MARK: Proxies

struct CheckBearer: HTTPBinRequest, GETRequestType, JSONResponseType {
    typealias Response = BearerCheck
    var path: String { "/bearer" }
}

/// A proxy of the app's own: every call it wraps carries a trace header.
struct Traced<Base: RequestContextType>: RequestProxy {
    var base: Base
    let traceID: String
    func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        var head = try base.makeRequestHead(body: body)
        head.headerFields["X-Trace"] = traceID
        return head
    }
}

// MARK: Value endpoints

enum HTTPBin {
    static let api = WebAPI(
        ProcessInfo.processInfo.environment["BRICKS_HTTPBIN_URL"] ?? "http://127.0.0.1:9",
        headers: ["Accept": "application/json"], error: HTTPBinError.self)
    static func echo(_ query: String) -> Endpoint<Echo> { api.get("get", query: ["q": query]) }
    static func create(_ note: Note) -> Endpoint<BodyEcho> { api.post("post", json: note) }
    static func remove() -> Endpoint<Void> { api.delete("delete") }
}
