import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The defects a newcomer met in the first hour, each pinned by a test.

struct PagedItem: Codable, Equatable, Sendable {
    let id: Int
}

/// `GET /repos/{owner}/{repo}/items`, paged by `Link`, on an API without a path prefix.
struct ListPagedItems: BaseURLRequestType, GETRequestType, LinkHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [PagedItem]
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var pageLink: String?
    var pathSegments: [String] { ["repos", "o", "r", "items"] }
}

@Suite struct PagingDefectTests {
    /// GitHub Enterprise style: the override's `/api/v3` prefix once, on every page.
    @Test func aBaseURLOverrideWithAPathPrefixIsNotDoubledOnLaterPages() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/api/v3/repos/o/r/items", handler: { request in
            let page = request.url?.query == "page=2" ? 2 : 1
            let link = page == 1 ? #"<https://ghe.example.com/api/v3/repos/o/r/items?page=2>; rel="next""# : ""
            return .json("[{\"id\": \(page)}]", headers: link.isEmpty ? [:] : ["Link": link])
        })
        let endpoint = ListPagedItems().with(baseURL: URL(string: "https://ghe.example.com/api/v3")!)
        var ids: [Int] = []
        for try await page in stub.session().pages(of: endpoint) { ids += page.map(\.id) }
        #expect(ids == [1, 2])
        let paths = await stub.requests.map { $0.url?.path ?? "" }
        #expect(paths == ["/api/v3/repos/o/r/items", "/api/v3/repos/o/r/items"])
    }

    @Test func aLinkToThePageItselfEndsThePaging() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/repos/o/r/items", reply: .json(#"[{"id": 1}]"#, headers: ["Link": #"<>; rel="next""#]))
        var pages = 0
        for try await _ in stub.session().pages(of: ListPagedItems()) { pages += 1 }
        #expect(pages == 1)
    }

    @Test func aPageWithABadNextLinkIsDeliveredBeforeTheError() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/repos/o/r/items",
            reply: .json(#"[{"id": 7}]"#, headers: ["Link": #"<https://elsewhere.example.com/x>; rel="next""#]))
        var iterator = stub.session().pages(of: ListPagedItems()).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first == [PagedItem(id: 7)])
        await #expect(throws: BricksError.self) { _ = try await iterator.next() }
    }
}

@Suite struct ValueEndpointTests {
    struct APIFailure: Error, Decodable, Sendable, Equatable {
        let message: String
    }

    struct NewItem: Encodable, Sendable {
        let name: String
    }

    static let api = WebAPI(
        "https://api.example.com/v1", headers: ["Accept": "application/json"], bearer: { "t0ken" },
        error: APIFailure.self)
    static func item(_ name: String) -> Endpoint<PagedItem> { api.get("items", name, query: ["expand": "all", "skip": nil]) }
    static func items() -> Endpoint<[PagedItem]> { api.get("items") }
    static func create(_ item: NewItem) -> Endpoint<PagedItem> { api.post("items", json: item) }
    static func remove(_ name: String) -> Endpoint<Void> { api.delete("items", name) }

    @Test func aOneLineEndpointSendsItsPathQueryHeadersAndToken() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/v1/items/*", json: #"{"id": 3}"#)
        let item = try await stub.session().send(Self.item("a b/c"))
        #expect(item == PagedItem(id: 3))
        let request = try #require(await stub.requests.first)
        #expect(request.url?.absoluteString == "https://api.example.com/v1/items/a%20b%2Fc?expand=all")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t0ken")
    }

    @Test func aJSONBodyIsEncodedAndAVoidResponseNeedsNoBody() async throws {
        let stub = StubTransport()
        await stub.register(.post, "/v1/items", json: #"{"id": 9}"#)
        await stub.register(.delete, "/v1/items/*", reply: .init(status: 204))
        #expect(try await stub.session().send(Self.create(NewItem(name: "x"))) == PagedItem(id: 9))
        try await stub.session().send(Self.remove("x"))
        let sent = try #require(await stub.requests(matching: .post, "/v1/items").first)
        #expect(sent.httpBody == Data(#"{"name":"x"}"#.utf8))
        #expect(sent.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func theAPIsErrorArrivesTypedWithItsStatus() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/v1/items/*", status: 404, json: #"{"message": "no such item"}"#)
        let error = await #expect(throws: TypedAPIError<APIFailure>.self) { try await stub.session().send(Self.item("x")) }
        #expect(error?.value == APIFailure(message: "no such item"))
        #expect(error?.statusCode == 404)
        // It names the call, as a struct endpoint's does (it was `nil` for value endpoints).
        #expect(error?.request?.endpoint == "Endpoint<PagedItem>")
        #expect(error?.request?.method == "GET")
        #expect("\(error.map { "\($0)" } ?? "")".hasPrefix("GET https://api.example.com/v1/items/x?expand=all (Endpoint<PagedItem>): "))
    }

    @Test func aValueEndpointPagesByLink() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/v1/items", handler: { request in
            request.url?.query == "page=2"
                ? .json(#"[{"id": 2}]"#)
                : .json(#"[{"id": 1}]"#, headers: ["Link": #"</v1/items?page=2>; rel="next""#])
        })
        #expect(try await stub.session().all(of: Self.items()) == [PagedItem(id: 1), PagedItem(id: 2)])
    }

    @Test func anEmptyOrMissingBearerTokenIsRefusedBeforeSending() async throws {
        let stub = StubTransport()
        for token in ["", nil] as [String?] {
            let api = WebAPI("https://api.example.com", bearer: { token })
            let endpoint: Endpoint<PagedItem> = api.get("items")
            let error = await #expect(throws: BricksError.self) { try await stub.session().send(endpoint) }
            #expect(error.map { "\($0)" }?.contains("bearer token is missing or empty") == true)
        }
        #expect(await stub.requests.isEmpty)
    }

    @Test func theSessionsOneLineBearerTokenIsSentAndAMissingOneRefused() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/*", json: #"{"id": 1, "login": "x"}"#)
        let session = Session(transport: stub, middleware: [AuthorizationMiddleware(bearer: { "abc" })])
        _ = try await session.send(GetUser(login: "x"))
        #expect(await stub.requests.last?.value(forHTTPHeaderField: "Authorization") == "Bearer abc")
        let refusing = Session(transport: stub, middleware: [AuthorizationMiddleware(bearer: { nil })])
        await #expect(throws: BricksError.self) { _ = try await refusing.send(GetUser(login: "x")) }
        #expect(await stub.requests.count == 1)
    }
}
