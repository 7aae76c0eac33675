import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Passes requests to the test transport and keeps their URLs, to count what reached the wire.
private actor CountingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private(set) var urls: [URL] = []

    init(_ base: any HTTPTransport) { self.base = base }

    func exchange(_ request: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        urls.append(try request.makeURL())
        return try await base.exchange(request, body: body, context: context)
    }
}

/// httpbin's `/response-headers` echo, as far as the tests read it.
private struct HeadersEcho: Decodable, Sendable {
    let page: String
}

/// `/response-headers?page=1&Link=…`: httpbin answers with the `Link` header it is given, which
/// names the next page, whose own query carries the following `Link`, and so on.
private struct LinkedPages: RequestContextType, LinkHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = HeadersEcho
    let baseURL: URL
    let firstLink: String
    var pageLink: String?
    var path: String { "/response-headers" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "page", value: "1"), URLQueryItem(name: "Link", value: firstLink)] }

    /// The first request of a chain of `count` pages, and the URLs of pages 2 to `count`.
    static func chain(of count: Int, on base: URL) -> (LinkedPages, [String]) {
        var unreserved = CharacterSet.alphanumerics
        unreserved.insert(charactersIn: "-._~")
        var urls: [String] = []
        var link: String?
        for page in (2...count).reversed() {
            var url = "\(base.absoluteString)/response-headers?page=\(page)"
            if let link { url += "&Link=" + link.addingPercentEncoding(withAllowedCharacters: unreserved)! }
            urls.insert(url, at: 0)
            link = "<\(url)>; rel=\"next\""
        }
        return (LinkedPages(baseURL: base, firstLink: link!), urls)
    }
}

/// `/anything?q=swift&page=N&per_page=5`: httpbin echoes the page parameters; the server is
/// imagined to hold `fullPages` full pages and then a short one.
private struct AnythingPages: RequestContextType, PageNumberPaginatedRequestType, JSONResponseType {
    typealias Response = Echo
    let baseURL: URL
    var fullPages: Int
    var page = 1
    var pageSize: Int { 5 }
    var path: String { "/anything" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "q", value: "swift")] }
    func itemCount(in response: Echo) -> Int {
        (Int(response.args["page"] ?? "") ?? .max) <= fullPages ? pageSize : 2
    }
}

@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct PaginationIntegrationTests {
    @Test func followsAChainOfLinkHeaders() async throws {
        let base = try HTTPBin.base()
        let (first, urls) = LinkedPages.chain(of: 4, on: base)
        let transport = CountingTransport(TestTransport.make())
        var pages: [String] = []
        for try await page in Session(transport: transport).pages(of: first) { pages.append(page.page) }
        #expect(pages == ["1", "2", "3", "4"])
        let sent = await transport.urls.map(\.absoluteString)
        #expect(sent.count == 4)
        #expect(Array(sent.dropFirst()) == urls)
    }

    @Test func pagesThroughAnythingWithPageParameters() async throws {
        let base = try HTTPBin.base()
        let transport = CountingTransport(TestTransport.make())
        let request = AnythingPages(baseURL: base, fullPages: 2).authorized(with: "tok")
        let echoes = try await Session(transport: transport).all(of: request) { [$0] }
        #expect(echoes.map(\.args) == (1...3).map { ["q": "swift", "page": String($0), "per_page": "5"] })
        #expect(echoes.allSatisfy { $0.headers["Authorization"] == "Bearer tok" })
        #expect(await transport.urls.count == 3)
    }

    @Test func cancellationAfterTheSecondPageSendsNoThirdRequest() async throws {
        let base = try HTTPBin.base()
        let (first, _) = LinkedPages.chain(of: 4, on: base)
        let transport = CountingTransport(TestTransport.make())
        let session = Session(transport: transport)
        let task = Task {
            var received: [String] = []
            for try await page in session.pages(of: first) {
                received.append(page.page)
                if received.count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return received
        }
        await #expect(throws: BricksError.cancelled) { try await task.value }
        #expect(await transport.urls.count == 2)
    }

    @Test func allStopsFetchingAtTheLimit() async throws {
        let base = try HTTPBin.base()
        let transport = CountingTransport(TestTransport.make())
        let request = AnythingPages(baseURL: base, fullPages: .max)
        let echoes = try await Session(transport: transport).all(of: request, limit: 2) { [$0, $0] }
        #expect(echoes.map { $0.args["page"] } == ["1", "1"])
        #expect(await transport.urls.count == 1)
    }
}
