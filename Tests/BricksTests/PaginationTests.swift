import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `GET /numbers`, paged by `page` and `per_page`.
private struct ListNumbers: ExampleRequest, PageNumberPaginatedRequestType, JSONResponseType {
    typealias Response = [Int]
    var page = 1
    var pageSize = 2
    var path: String { "/numbers" }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "sort", value: "a b"), URLQueryItem(name: "page", value: "9")] }
}

private struct EventPage: Decodable, Sendable {
    let events: [String]
    let nextCursor: String?
    enum CodingKeys: String, CodingKey { case events, nextCursor = "next_cursor" }
}

/// `GET /events`, paged by a cursor in the body.
private struct ListEvents: ExampleRequest, CursorPaginatedRequestType, JSONResponseType {
    typealias Response = EventPage
    var cursor: String?
    var path: String { "/events" }
    func nextCursor(in response: EventPage) -> String? { response.nextCursor }
}

/// `GET /projects`, paged by the `X-Next-Page` header.
private struct ListProjects: ExampleRequest, NextPageHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [String]
    var page = 1
    var path: String { "/projects" }
}

/// `GET /v3/items`, paged by `Link` headers the tests write.
private struct ListItems: RequestContextType, LinkHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [Int]
    var baseURL = URL(string: "https://api.example.com/v3")!
    var pageLink: String?
    var path: String { "/items" }
}

/// A Django REST framework page: `{"count": 3, "next": "…?page=2", "previous": null, "results": […]}`.
private struct ProjectPage: Decodable, Sendable {
    let next: String?
    let results: [Int]
}

/// `GET /v3/projects/`, paged by the `next` link in each page's body.
private struct ListPagedProjects: RequestContextType, BodyLinkPaginatedRequestType, JSONResponseType {
    typealias Response = ProjectPage
    var baseURL = URL(string: "https://api.example.com/v3")!
    var pageLink: String?
    var path: String { "/projects/" }
    func nextPageLink(in page: ProjectPage) -> String? { page.next }
}

private func pageReply(_ results: [Int], next: String?) -> StubTransport.Reply {
    let link = next.map { "\"\($0)\"" } ?? "null"
    return .json(#"{"count": 5, "next": \#(link), "previous": null, "results": \#(results)}"#)
}

private func linkReply(_ json: String, next: String?) -> StubTransport.Reply {
    .json(json, headers: next.map { ["Link": "<\($0)>; rel=\"next\""] } ?? [:])
}

@Suite struct PaginationTests {
    // MARK: The recorded GitHub exchange

    private let issueNumbers = Array((1...13).reversed())

    @Test func replaysTheRecordedIssuePagesInOrder() async throws {
        let exchanges = try GitHubFixture.load("paginate-issues")
        let transport = QueryRoutedStub(exchanges: exchanges)
        var pages: [[GitHubIssue]] = []
        for try await page in Session(transport: transport).pages(of: ListRepoIssues()) { pages.append(page) }
        #expect(pages.map(\.count) == [3, 3, 3, 3, 1])
        #expect(pages.joined().map(\.number) == issueNumbers)
        #expect(pages.joined().first?.title == "Test issue 13")
        #expect(await transport.targets == exchanges.map(\.path))
        #expect(await transport.requests.allSatisfy { $0.url?.host == "api.github.com" })
        #expect(await transport.requests.allSatisfy {
            $0.value(forHTTPHeaderField: "Accept") == "application/vnd.github.v3+json"
        })
    }

    @Test func allCollectsEveryIssueOrStopsAtTheLimit() async throws {
        let exchanges = try GitHubFixture.load("paginate-issues")
        let everything = QueryRoutedStub(exchanges: exchanges)
        #expect(try await Session(transport: everything).all(of: ListRepoIssues()).map(\.number) == issueNumbers)

        let limited = QueryRoutedStub(exchanges: exchanges)
        let seven = try await Session(transport: limited).all(of: ListRepoIssues(), limit: 7)
        #expect(seven.map(\.number) == Array(issueNumbers.prefix(7)))
        #expect(await limited.requests.count == 3)

        let none = QueryRoutedStub(exchanges: exchanges)
        #expect(try await Session(transport: none).all(of: ListRepoIssues(), limit: 0).isEmpty)
        #expect(await none.requests.isEmpty)
        await #expect(throws: BricksError(.invalidRequest(""))) {
            try await Session(transport: none).all(of: ListRepoIssues(), limit: -1)
        }
    }

    @Test func anAuthorizedProxyPagesWithItsHeaderOnEveryPage() async throws {
        let transport = QueryRoutedStub(exchanges: try GitHubFixture.load("paginate-issues"))
        let all = try await Session(transport: transport).all(of: ListRepoIssues().authorized(with: "tok").with(timeout: 5))
        #expect(all.map(\.number) == issueNumbers)
        let requests = await transport.requests
        #expect(requests.count == 5)
        #expect(requests.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == "Bearer tok" })
        #expect(requests.allSatisfy { $0.timeoutInterval == 5 })
    }

    @Test func recordedLinksAreRefusedFromAnotherOrigin() async throws {
        // Sent to a staging server, the recording's links still name api.github.com: following
        // them would send the staging credentials to another server.
        let transport = QueryRoutedStub(exchanges: try GitHubFixture.load("paginate-issues"))
        let staging = ListRepoIssues().with(baseURL: URL(string: "https://staging.example.com")!)
        await transport.register(
            .get, "/repos/octokit-fixture-org/paginate-issues/issues?per_page=3",
            reply: linkReply("[]", next: "https://api.github.com/repositories/1000/issues?per_page=3&page=2"))
        var iterator = Session(transport: transport).pages(of: staging).makeAsyncIterator()
        // The page that carries the bad link is delivered; asking for the next one fails.
        #expect(try await iterator.next() == [])
        do {
            _ = try await iterator.next()
            Issue.record("expected an error")
        } catch let error as BricksError {
            guard case .invalidURL(let reason) = error.reason else { throw error }
            #expect(reason.contains("origin"))
        }
        #expect(try await iterator.next() == nil)
        #expect(await transport.requests.count == 1)
    }

    // MARK: Link headers

    @Test func relativeLinksAndABaseURLOverrideStayOnTheOverridingServer() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/v3/items", reply: linkReply("[1]", next: "/v3/items?page=2"))
        await transport.register(.get, "/v3/items?page=2", reply: linkReply("[2]", next: "?page=3"))
        await transport.register(.get, "/v3/items?page=3", reply: linkReply("[3]", next: nil))
        let request = ListItems().with(baseURL: URL(string: "http://localhost:8080/v3")!)
        #expect(try await Session(transport: transport).all(of: request) == [1, 2, 3])
        #expect(await transport.requests.map { $0.url?.absoluteString } == [
            "http://localhost:8080/v3/items", "http://localhost:8080/v3/items?page=2", "http://localhost:8080/v3/items?page=3",
        ])
    }

    @Test(arguments: [
        "https://evil.example/v3/items?page=2", "http://api.example.com/v3/items?page=2",
        "https://api.example.com:8443/v3/items?page=2", "//evil.example/steal", "https://user@api.example.com/v3/items",
    ])
    func linksToAnotherOriginAreRefused(link: String) async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/v3/items", reply: linkReply("[1]", next: link))
        await #expect(throws: BricksError(.invalidURL(""))) {
            try await Session(transport: transport).all(of: ListItems())
        }
        #expect(await transport.requests.count == 1)
    }

    @Test func aLinkWithTheDefaultPortIsTheSameOrigin() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/v3/items", reply: linkReply("[1]", next: "https://API.example.com:443/v3/items?page=2"))
        await transport.register(.get, "/v3/items?page=2", reply: linkReply("[2]", next: nil))
        #expect(try await Session(transport: transport).all(of: ListItems()) == [1, 2])
        #expect(await transport.requests.last?.url?.absoluteString == "https://api.example.com/v3/items?page=2")
    }

    @Test func aLinkToThePageJustFetchedEndsThePaging() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/v3/items", reply: linkReply("[1]", next: "/v3/items?page=2"))
        await transport.register(.get, "/v3/items?page=2", reply: linkReply("[2]", next: "https://api.example.com/v3/items?page=2"))
        #expect(try await Session(transport: transport).all(of: ListItems()) == [1, 2])
        #expect(await transport.requests.count == 2)
    }

    @Test(arguments: ["items?page=2", "https://api.example.com/items", "/items#top"])
    func aHandWrittenPageLinkMustBeAPathAndQuery(pageLink: String) {
        #expect(throws: BricksError(.invalidURL(""))) { try ListItems(pageLink: pageLink).makeURLRequest() }
    }

    @Test func aPageLinkReplacesPathAndQueryButKeepsTheRest() throws {
        let request = try ListItems(pageLink: "/v3/items?page=2&q=a%20b").authorized(with: "t").makeURLRequest()
        #expect(request.url?.absoluteString == "https://api.example.com/v3/items?page=2&q=a%20b")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer t")
    }

    // MARK: Links in the body

    @Test func bodyLinksAreFollowedOnTheEndpointsOriginUntilNull() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/v3/projects/", reply: pageReply([1, 2], next: "https://api.example.com/v3/projects/?page=2"))
        await transport.register(.get, "/v3/projects/?page=2", reply: pageReply([3, 4], next: "?page=3"))  // relative to the page
        await transport.register(.get, "/v3/projects/?page=3", reply: pageReply([5], next: nil))
        #expect(try await Session(transport: transport).all(of: ListPagedProjects()) { $0.results } == [1, 2, 3, 4, 5])
        #expect(await transport.requests.map { $0.url?.absoluteString ?? "" } == [
            "https://api.example.com/v3/projects/", "https://api.example.com/v3/projects/?page=2",
            "https://api.example.com/v3/projects/?page=3",
        ])
    }

    @Test func aBodyLinkToAnotherOriginIsRefusedAndAnEmptyOneEndsThePaging() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/v3/projects/", reply: pageReply([1], next: "http://api.example.com/v3/projects/?page=2"))
        do {
            _ = try await Session(transport: transport).all(of: ListPagedProjects()) { $0.results }
            Issue.record("expected an error")
        } catch let error as BricksError {
            guard case .invalidURL(let reason) = error.reason else { throw error }
            #expect(reason.contains("the next-page link <http://api.example.com/v3/projects/?page=2> leaves the origin"))
        }
        #expect(await transport.requests.count == 1)

        let ending = QueryRoutedStub()
        await ending.register(.get, "/v3/projects/", reply: pageReply([1], next: ""))
        #expect(try await Session(transport: ending).all(of: ListPagedProjects()) { $0.results } == [1])
    }

    // MARK: Page numbers, cursors and headers

    @Test func pageNumbersStopOnAShortPage() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/numbers?sort=a%20b&page=1&per_page=2", reply: .json("[1, 2]"))
        await transport.register(.get, "/numbers?sort=a%20b&page=2&per_page=2", reply: .json("[3, 4]"))
        await transport.register(.get, "/numbers?sort=a%20b&page=3&per_page=2", reply: .json("[5]"))
        #expect(try await Session(transport: transport).all(of: ListNumbers()) == [1, 2, 3, 4, 5])
        #expect(await transport.requests.count == 3)
    }

    @Test func pageNumbersStopOnAnEmptyPage() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/numbers?sort=a%20b&page=1&per_page=2", reply: .json("[1, 2]"))
        await transport.register(.get, "/numbers?sort=a%20b&page=2&per_page=2", reply: .json("[]"))
        #expect(try await Session(transport: transport).all(of: ListNumbers()) == [1, 2])
        #expect(await transport.requests.count == 2)
    }

    @Test func pageNumbersNeedAPositivePageSize() {
        #expect(throws: BricksError(.invalidRequest(""))) { try ListNumbers(pageSize: 0).makeURLRequest() }
    }

    @Test func cursorsComeFromTheBody() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/events", reply: .json(#"{"events": ["a", "b"], "next_cursor": "c1+/="}"#))
        await transport.register(.get, "/events?cursor=c1%2B/%3D", reply: .json(#"{"events": ["c"], "next_cursor": "c2"}"#))
        await transport.register(.get, "/events?cursor=c2", reply: .json(#"{"events": ["d"], "next_cursor": ""}"#))
        let events = try await Session(transport: transport).all(of: ListEvents()) { $0.events }
        #expect(events == ["a", "b", "c", "d"])
        #expect(await transport.requests.count == 3)
    }

    @Test func aRepeatedCursorEndsThePaging() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/events", reply: .json(#"{"events": ["a"], "next_cursor": "same"}"#))
        await transport.register(.get, "/events?cursor=same", reply: .json(#"{"events": ["b"], "next_cursor": "same"}"#))
        #expect(try await Session(transport: transport).all(of: ListEvents(), items: \.events) == ["a", "b"])
    }

    @Test func nextPageNumbersComeFromAHeader() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/projects?page=1", reply: .json(#"["a"]"#, headers: ["X-Next-Page": "2"]))
        await transport.register(.get, "/projects?page=2", reply: .json(#"["b"]"#, headers: ["x-next-page": " 4 "]))
        await transport.register(.get, "/projects?page=4", reply: .json(#"["c"]"#, headers: ["X-Next-Page": ""]))
        #expect(try await Session(transport: transport).all(of: ListProjects()) == ["a", "b", "c"])
        #expect(await transport.requests.count == 3)
    }

    @Test func aNextPageHeaderThatIsNotANumberIsAnError() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/projects?page=1", reply: .json(#"["a"]"#, headers: ["X-Next-Page": "two"]))
        do {
            _ = try await Session(transport: transport).all(of: ListProjects())
            Issue.record("expected an error")
        } catch let failure as BricksError {
            guard case .decoding(let error, _) = failure.reason else { throw failure }
            #expect("\(error)".contains(#"the X-Next-Page header "two" is not a page number"#))
        }
    }

    @Test func aNextPageHeaderThatDoesNotMoveOnEndsThePaging() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/projects?page=1", reply: .json(#"["a"]"#, headers: ["X-Next-Page": "1"]))
        #expect(try await Session(transport: transport).all(of: ListProjects()) == ["a"])
    }

    // MARK: Driving pages by hand

    @Test func pagesCanBeFetchedOneAtATime() async throws {
        let session = Session(transport: QueryRoutedStub(exchanges: try GitHubFixture.load("paginate-issues")))
        var page = try await session.page(for: ListRepoIssues())
        var numbers = page.value.map(\.number)
        #expect(page.head.statusCode == 200)
        #expect(page.request.pageLink == nil)
        #expect(page.nextRequest?.pageLink == "/repositories/1000/issues?per_page=3&page=2")
        while let next = page.nextRequest {
            page = try await session.page(for: next)
            numbers += page.value.map(\.number)
        }
        #expect(numbers == issueNumbers)
        #expect(!page.hasNextPage)
        #expect(page.request.pageLink == "/repositories/1000/issues?per_page=3&page=5")
    }

    // MARK: Laziness, cancellation and errors

    @Test func pagesAreFetchedOnlyWhenAskedFor() async throws {
        let transport = QueryRoutedStub(exchanges: try GitHubFixture.load("paginate-issues"))
        let pages = Session(transport: transport).pages(of: ListRepoIssues())
        #expect(await transport.requests.isEmpty)
        for try await _ in pages { break }
        #expect(await transport.requests.count == 1)
    }

    @Test func cancellationAfterTheSecondPageSendsNoThirdRequest() async throws {
        let transport = QueryRoutedStub(exchanges: try GitHubFixture.load("paginate-issues"))
        let session = Session(transport: transport)
        let task = Task {
            var received = 0
            for try await _ in session.pages(of: ListRepoIssues()) {
                received += 1
                if received == 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return received
        }
        await #expect(throws: BricksError.cancelled) { try await task.value }
        #expect(await transport.requests.count == 2)
    }

    @Test func anErrorOnALaterPageIsThrownAfterTheEarlierPages() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/v3/items", reply: linkReply("[1]", next: "/v3/items?page=2"))
        await transport.register(.get, "/v3/items?page=2", reply: .init(status: 503, body: Data("down".utf8)))
        var iterator = Session(transport: transport).pages(of: ListItems()).makeAsyncIterator()
        #expect(try await iterator.next() == [1])
        await #expect(throws: BricksError.unacceptable(status: 503)) {
            try await iterator.next()
        }
        #expect(try await iterator.next() == nil)
        #expect(await transport.requests.count == 2)
    }

    @Test func eachIteratorStartsAgainFromTheFirstPage() async throws {
        let transport = QueryRoutedStub()
        await transport.register(.get, "/v3/items", reply: linkReply("[1]", next: "/v3/items?page=2"))
        await transport.register(.get, "/v3/items?page=2", reply: linkReply("[2]", next: nil))
        let pages = Session(transport: transport).pages(of: ListItems())
        for _ in 0..<2 {
            var all: [[Int]] = []
            for try await page in pages { all.append(page) }
            #expect(all == [[1], [2]])
        }
        #expect(await transport.requests.count == 4)
    }
}
