// Runs in the temporary package Generator/test.sh builds: the code generated from GitHub's and
// Stripe's descriptions and from Tests/BricksOpenAPIGeneratorTests/Specs/constructs.yaml, against
// Bricks' StubTransport, the recorded GitHub exchanges of Tests/BricksTests/Fixtures/GitHub and the
// local SSE server (scripts/sse-server.py, BRICKS_SSE_URL); and the code the two SwiftPM plugins
// wrote (PluginBuilt at build time, PluginCommitted by `swift package generate-bricks`).
import Bricks
import BricksTesting
import Constructs
import Foundation
import GitHub
import PluginBuilt
import PluginCommitted
import Stripe
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One exchange of a recorded GitHub scenario (octokit/fixtures format).
struct Recorded {
    var method: String
    var path: String
    var query: String?
    var status: Int
    var headers: [String: String]
    var body: Data

    static func load(_ scenario: String) throws -> [Recorded] {
        let folder = ProcessInfo.processInfo.environment["BRICKS_GITHUB_FIXTURES"] ?? "."
        let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(scenario + ".json"))
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try list.map { entry in
            let full = entry["path"] as? String ?? "/"
            let parts = full.split(separator: "?", maxSplits: 1).map(String.init)
            let response = entry["response"]
            let body: Data
            switch response {
            case let text as String: body = Data(text.utf8)
            case nil, is NSNull: body = Data()
            case let value?: body = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            }
            return Recorded(
                method: (entry["method"] as? String ?? "get").uppercased(), path: parts[0], query: parts.count > 1 ? parts[1] : nil,
                status: entry["status"] as? Int ?? 200,
                headers: (entry["headers"] as? [String: Any] ?? [:]).compactMapValues { "\($0)" }, body: body)
        }
    }

    /// A stub that answers each recorded request (path and query) with its recorded reply.
    static func stub(_ exchanges: [Recorded]) async -> StubTransport {
        let stub = StubTransport()
        for exchange in exchanges {
            let path = exchange.path
            let method = exchange.method
            let query = exchange.query.map { Set($0.split(separator: "&").map(String.init)) } ?? []
            await stub.register(
                where: { request in
                    guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return false }
                    let sent = Set((components.percentEncodedQuery ?? "").split(separator: "&").map(String.init))
                    return components.path == path && sent == query && request.httpMethod == method
                },
                reply: .init(status: exchange.status, headers: HeaderFields(exchange.headers), body: exchange.body))
        }
        return stub
    }
}

@Suite struct GeneratedGitHubTests {
    /// A generated endpoint is `Sendable` from another module (a public struct is not by
    /// inference), so Session's overload for `Sendable` endpoints sends it, decoding the reply
    /// away from the caller's actor. Checked at compile time: a generated struct that is not
    /// `Sendable` fails this file's build.
    @Test func endpointsAreSendableFromAnotherModule() async throws {
        func sent<Request: RequestContextType & Sendable>(_ request: Request) -> String { "\(Request.self)" }
        #expect(sent(ReposGet(owner: "o", repo: "r")) == "ReposGet")
        #expect(sent(GetCustomers()) == "GetCustomers")
    }

    @Test func aRepositoryDecodes() async throws {
        let stub = await Recorded.stub(try Recorded.load("get-repository"))
        let repository = try await Session(transport: stub).send(ReposGet(owner: "octokit-fixture-org", repo: "hello-world"))
        #expect(repository.fullName == "octokit-fixture-org/hello-world")
        #expect(repository.owner.login == "octokit-fixture-org")
    }

    @Test func issuesPageByLinkHeader() async throws {
        let stub = await Recorded.stub(try Recorded.load("paginate-issues"))
        let request = IssuesListForRepo(owner: "octokit-fixture-org", repo: "paginate-issues", perPage: 3)
        var pages = 0
        var issues: [GitHub.Issue] = []
        for try await page in Session(transport: stub).pages(of: request) {
            pages += 1
            issues += page
        }
        #expect(pages == 5)
        #expect(issues.count == 13)
        #expect(issues.first?.number == 13)
    }

    @Test func anErrorReplyIsTheTypedAPIError() async throws {
        let stub = await Recorded.stub(try Recorded.load("errors"))
        let request = IssuesCreateLabel(
            owner: "octokit-fixture-org", repo: "errors", body: .init(name: "foo", color: "invalid"))
        do {
            _ = try await Session(transport: stub).send(request)
            Testing.Issue.record("expected a 422")
        } catch let error as TypedAPIError<BasicError> {
            #expect(error.statusCode == 422)
            #expect(error.value.message == "Validation Failed")
        }
    }

}

@Suite struct GeneratedStripeTests {
    @Test func formBodiesEncodeAsStripeExpects() throws {
        var body = PostCustomers.Body()
        body.metadata = .value(["key": "value"])
        body.expand = ["a", "b"]
        body.description = "A customer"
        // A list of objects, as Stripe reads it: `tax_id_data[0][type]=…` (under `[]` it cannot be said).
        body.taxIdData = [.init(type: .auAbn, value: "12345678912"), .init(type: .euVat, value: "DE123456789")]
        let request = PostCustomers(body: body)
        let sent = String(decoding: try #require(try request.makeRequestBody()?.data), as: UTF8.self)
        let pairs = Set(sent.split(separator: "&").map { String($0).removingPercentEncoding ?? String($0) })
        #expect(pairs.contains("metadata[key]=value"))
        #expect(pairs.contains("expand[0]=a"))
        #expect(pairs.contains("expand[1]=b"))
        #expect(pairs.contains("tax_id_data[0][type]=au_abn"))
        #expect(pairs.contains("tax_id_data[0][value]=12345678912"))
        #expect(pairs.contains("tax_id_data[1][type]=eu_vat"))
        #expect(pairs.contains("tax_id_data[1][value]=DE123456789"))
        #expect(request.contentType == "application/x-www-form-urlencoded")
    }

    @Test func listsPageByCursor() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/v1/customers", replies: [
            .json(#"{"object": "list", "url": "/v1/customers", "has_more": true, "data": [{"id": "cus_1", "object": "customer", "created": 1, "livemode": false}]}"#),
            .json(#"{"object": "list", "url": "/v1/customers", "has_more": false, "data": [{"id": "cus_2", "object": "customer", "created": 2, "livemode": false}]}"#),
        ])
        var ids: [String] = []
        for try await page in Session(transport: stub).pages(of: GetCustomers(limit: 1)) {
            ids += page.data.map(\.id)
        }
        #expect(ids == ["cus_1", "cus_2"])
        let second = try #require(await stub.requests.last?.url?.query)
        #expect(second.contains("starting_after=cus_1"))
    }
}

@Suite struct GeneratedConstructsTests {
    @Test func credentialsAreOneLineAndTheirHeaderIsSecret() {
        #expect(StreamEvents().secretHeaderNames == ["Authorization"])
        let basic = ConstructsCredentials.basic(username: "u", password: "p")
        #expect(basic.name == "Authorization")
        #expect(basic.value == "Basic dTpw")
        #expect(ConstructsCredentials.apiKey("k").inQuery)
    }

    @Test func serverSentEventsDecodeTheirSchema() async throws {
        let stub = StubTransport()
        await stub.register(
            .get, "/events",
            reply: .text("data: {\"name\": \"a\"}\n\ndata: {\"name\": \"b\", \"parent\": {\"name\": \"a\"}}\n\n", headers: ["Content-Type": "text/event-stream"]))
        let nodes = try await Session(transport: stub).send(StreamEvents())
        #expect(nodes.map(\.name) == ["a", "b"])
        #expect(nodes.last?.parent?.name == "a")
    }

    @Test func unknownEnumValuesDefaultsDatesAndUnions() throws {
        let json = #"""
            {"name": "n", "count": 1, "mode": "brand-new", "when": "2024-05-01T12:00:00.123Z",
             "either": [ "x" ], "shape": {"kind": "square", "side": 2}}
            """#
        let value = try ConstructsCoding.decoder.decode(Everything.self, from: Data(json.utf8))
        #expect(value.mode.rawValue == "brand-new")
        #expect(value.flag == true)
        #expect(value.limit == 10)
        #expect(value.when != nil)
        #expect(value.either == .stringList(["x"]))
        #expect(value.shape == .square(Square(kind: "square", side: 2)))
        let plain = try ConstructsCoding.decoder.decode(Everything.self, from: Data(#"{"name": "n", "count": 1, "when": "2024-05-01T12:00:00Z"}"#.utf8))
        #expect(plain.mode == .fast)
        #expect(plain.when != nil)
    }

    /// A union of a string and objects told apart by a discriminator reads both (OpenAI's
    /// `EvalItemContentItem`: its string case failed to decode, asked for an object's key).
    @Test func aDiscriminatedUnionWithAStringCaseReadsBoth() throws {
        let decoder = ConstructsCoding.decoder
        #expect(try decoder.decode(Constructs.Label.self, from: Data(#""text""#.utf8)) == .string("text"))
        #expect(try decoder.decode(Constructs.Label.self, from: Data(#"{"kind": "circle", "radius": 1}"#.utf8)) == .circle(Constructs.Circle(kind: "circle", radius: 1)))
        #expect(throws: DecodingError.self) { try decoder.decode(Constructs.Label.self, from: Data("3".utf8)) }
    }
}

/// `with(baseURL:)` re-points a request but does not make the result a streaming endpoint, which
/// `Session.events(of:)` needs: for these tests, the re-pointed request streams as its base does.
extension BaseURLOverride: @retroactive StreamingResponseType, @retroactive ServerSentEventsResponseType
where Base: ServerSentEventsResponseType {
    public typealias Event = Base.Event
    public func event(from event: ServerSentEvent) throws -> Base.Event? { try base.event(from: event) }
}

/// A generated Server-Sent Events operation against the local SSE server, on URLSessionTransport.
@Suite struct GeneratedStreamingTests {
    @Test func aGeneratedOperationStreamsEventsFromTheSSEServer() async throws {
        let server = try #require(
            ProcessInfo.processInfo.environment["BRICKS_SSE_URL"].flatMap(URL.init(string:)),
            "BRICKS_SSE_URL is not set: Generator/test.sh starts scripts/sse-server.py and sets it")
        let session = Session(transport: URLSessionTransport())
        // `GET /slow?count=3&delay=0.4`: `{"n": 1}`, `{"n": 2}`, `{"n": 3}`, 0.4 s apart.
        let request = StreamTicks(count: 3, delay: 0.4).with(baseURL: server)
        var ticks: [Constructs.Tick] = []
        var arrivals: [ContinuousClock.Instant] = []
        for try await tick in session.events(of: request) {
            ticks.append(tick)
            arrivals.append(ContinuousClock.now)
        }
        #expect(ticks.map(\.n) == [1, 2, 3])
        // Each event is handed out as it arrives, not all of them when the stream ends.
        let first = try #require(arrivals.first)
        let last = try #require(arrivals.last)
        #expect(last - first >= .milliseconds(300), "the events came \(last - first) apart")
    }
}

/// The output of the build-tool plugin (petstore 3.0, one file) and of the command plugin
/// (petstore 3.1, written into the target's folder) compiled: their requests build as expected.
@Suite struct GeneratedByThePluginsTests {
    @Test func bothPluginsOutputsCompileAndWork() {
        #expect(PluginBuilt.ShowPetById(petId: "7").pathSegments == ["pets", "7"])
        #expect(PluginBuilt.ShowPetById(petId: "7").baseURL == PluginBuiltCoding.baseURL)
        #expect(PluginCommitted.GetPet(petId: 8).pathSegments == ["pets", "8"])
        #expect(PluginCommitted.GetPet(petId: 8).baseURL == PluginCommittedCoding.baseURL)
    }
}
