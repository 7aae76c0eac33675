import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct ReplayTransportTests {
    @Test func realRecordingReplaysAsItIs() async throws {
        let replay = try ReplayTransport(contentsOf: fixtureURL("labels"), options: .init(matchesBody: true))
        let session = replay.session()
        let labels = try await session.send(ListLabels())
        #expect(labels.count == 9)
        #expect(labels.first == Label(name: "bug", color: "d73a4a"))
        let created = try await session.send(CreateLabel(body: Label(name: "test-label", color: "663399")))
        #expect(created == Label(name: "test-label", color: "663399"))
        #expect(try await session.send(GetLabel(name: "test-label")).name == "test-label")
        let updated = try await session.send(
            UpdateLabel(name: "test-label", body: .init(newName: "test-label-updated", color: "BADA55")))
        #expect(updated == Label(name: "test-label-updated", color: "BADA55"))
        try await session.send(DeleteLabel(name: "test-label-updated"))
        #expect(await replay.unservedExchanges.isEmpty)
    }

    @Test func replyKeepsRecordedHeadersWithTheLengthOfTheReplayedBody() async throws {
        let replay = try ReplayTransport(contentsOf: fixtureURL("labels"))
        let (body, response) = try await replay.roundTrip(try sent(ListLabels()))
        #expect(response.value(forHTTPHeaderField: "x-ratelimit-used") == "1")  // a number in the recording
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json; charset=utf-8")
        #expect(response.value(forHTTPHeaderField: "ETag") == "\"00000000000000000000000000000000\"")
        #expect(response.value(forHTTPHeaderField: "Content-Length") == String(body.count))
    }

    @Test func contentLengthIsThatOfTheBodyServed() async throws {
        let replay = ReplayTransport(exchanges: [
            RecordedExchange(
                method: .get, path: "/x", headers: ["content-length": "999"], responseBody: Data("{}".utf8))
        ])
        let (_, response) = try await replay.roundTrip(request("GET", "/x"))
        #expect(response.value(forHTTPHeaderField: "Content-Length") == "2")
    }

    @Test func hostIsIgnoredAndLinkHeadersCanBeFollowed() async throws {
        let replay = try ReplayTransport(contentsOf: fixtureURL("paginate-issues"))
        let session = replay.session()
        var next: URL? = URL(
            string: "http://127.0.0.1:8080/repos/octokit-fixture-org/paginate-issues/issues?per_page=3")
        var pages = 0
        var issues = 0
        while let url = next {
            let reply = try await session.response(for: try Probe(url: url))
            #expect(reply.head.statusCode == 200)
            issues += try #require(try JSONSerialization.jsonObject(with: reply.value) as? [Any]).count
            pages += 1
            next = Self.nextLink(reply.head.value(forHTTPHeaderField: "Link"))
        }
        #expect(pages == 5)
        #expect(issues == 13)
        #expect(await replay.unservedExchanges.isEmpty)
    }

    /// The `rel="next"` URL of a `Link` header.
    private static func nextLink(_ header: String?) -> URL? {
        guard let header else { return nil }
        for part in header.split(separator: ",") where part.contains(#"rel="next""#) {
            guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">") else { continue }
            return URL(string: String(part[part.index(after: open)..<close]))
        }
        return nil
    }

    @Test func queryOrderDoesNotMatter() async throws {
        let replay = try ReplayTransport(contentsOf: fixtureURL("paginate-issues"))
        let (_, response) = try await replay.roundTrip(request("GET", "/repositories/1000/issues?page=2&per_page=3"))
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Link")?.contains("page=3") == true)
    }

    @Test func percentEncodingIsNormalized() async throws {
        // Recorded as q=sesame%20repo%3Aoctokit-fixture-org%2Fsearch-issues; Bricks may encode otherwise.
        let replay = try ReplayTransport(contentsOf: fixtureURL("search-issues"))
        let page = try await replay.session().send(SearchIssues(query: "sesame repo:octokit-fixture-org/search-issues"))
        #expect(page.totalCount == page.items.count && page.totalCount > 0)
    }

    @Test func textRepliesStayText() async throws {
        let replay = try ReplayTransport(contentsOf: fixtureURL("markdown"), options: .init(matchesBody: true))
        let html = try await replay.session().send(RenderMarkdown(text: "### Hello\n\nb597b5d"))
        #expect(String(decoding: html, as: UTF8.self).hasPrefix("<h3>"))
        let error = try #require(await #expect(throws: BricksError.self) {
            try await replay.session().send(RenderMarkdown(text: "something else"))
        })
        #expect(Self.replayError(in: error) != nil, "\(error)")
    }

    @Test func repeatedRequestsGetSuccessiveRecordingsThenFail() async throws {
        let exchanges = ["1", "2"].map {
            RecordedExchange(method: .get, path: "/counter", responseBody: Data($0.utf8))
        }
        let replay = ReplayTransport(exchanges: exchanges)
        var bodies: [String] = []
        for _ in 0..<2 {
            bodies.append(String(decoding: try await replay.roundTrip(request("GET", "/counter")).0, as: UTF8.self))
        }
        #expect(bodies == ["1", "2"])
        do {
            _ = try await replay.roundTrip(request("GET", "/counter"))
            Issue.record("expected an error")
        } catch let error as BricksTestingError {
            #expect(
                error.description
                    == "ReplayTransport has already served the 2 recorded exchanges for GET /counter. Record the "
                    + "request again, or replay with `repeatsExchanges` to serve the last one again.")
        }
    }

    @Test func repeatsExchangesServesTheLastAgain() async throws {
        let exchanges = ["1", "2"].map {
            RecordedExchange(method: .get, path: "/counter", responseBody: Data($0.utf8))
        }
        let replay = ReplayTransport(exchanges: exchanges, options: .init(repeatsExchanges: true))
        var bodies: [String] = []
        for _ in 0..<4 {
            bodies.append(String(decoding: try await replay.roundTrip(request("GET", "/counter")).0, as: UTF8.self))
        }
        #expect(bodies == ["1", "2", "2", "2"])
    }

    @Test(arguments: [
        (
            "GET", "/repos/octokit-fixture-org/labels/labels/test-labelz",
            "GET /repos/octokit-fixture-org/labels/labels/test-label, which differs in its path"
        ),
        (
            "PUT", "/repos/octokit-fixture-org/labels/labels/test-label",
            "/repos/octokit-fixture-org/labels/labels/test-label, which differs in its method"
        ),
        (
            "GET", "/repos/octokit-fixture-org/labels/labels?per_page=100",
            "GET /repos/octokit-fixture-org/labels/labels, which differs in its query"
        ),
        (
            "DELETE", "/repos/octokit-fixture-org/labels/labels/test-label-update",
            "DELETE /repos/octokit-fixture-org/labels/labels/test-label-updated, which differs in its path"
        ),
        ("GET", "/user", "GET /repos/octokit-fixture-org/labels/labels, which differs in its path"),
    ])
    func strictErrorNamesTheRequestAndTheNearestRecording(method: String, target: String, nearest: String) async throws
    {
        let replay = try ReplayTransport(contentsOf: fixtureURL("labels"))
        do {
            _ = try await replay.roundTrip(request(method, target))
            Issue.record("expected an error")
        } catch let error as BricksTestingError {
            guard case .noRecordedExchange(let named, let found) = error else { throw error }
            #expect(named == "\(method) \(target)")
            #expect(found?.hasSuffix(nearest) == true, "nearest: \(found ?? "none")")
            #expect(error.description.hasPrefix("ReplayTransport has no recorded exchange for \(method) \(target). "))
            #expect(error.description.contains("The nearest recorded exchange is "))
        }
    }

    /// Through a Session, the transport's error arrives as a `BricksError` with the `transport`
    /// reason (the core maps every transport error), naming the call first.
    @Test func strictErrorReachesTheCallerThroughASession() async throws {
        let session = try ReplayTransport(contentsOf: fixtureURL("labels")).session()
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(GetLabel(name: "missing"))
        })
        let replayError = try #require(Self.replayError(in: error), "\(error)")
        #expect(
            replayError.description
                == "ReplayTransport has no recorded exchange for GET "
                + "/repos/octokit-fixture-org/labels/labels/missing. The nearest recorded exchange is GET "
                + "/repos/octokit-fixture-org/labels/labels/test-label, which differs in its path.")
        #expect(error.request?.endpoint == "GetLabel")
        #expect(
            "\(error)".hasPrefix(
                "GET https://api.github.com/repos/octokit-fixture-org/labels/labels/missing (GetLabel): the exchange failed: "
                    + "ReplayTransport has no recorded exchange for GET "))
    }

    /// The sentence of a wrapped error that ends with a full stop gets a second one.
    @Test
    func wrappedTransportErrorEndsWithOneFullStop() async throws {
        let session = try ReplayTransport(contentsOf: fixtureURL("labels")).session()
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(GetLabel(name: "missing"))
        })
        #expect(!"\(error)".hasSuffix(".."), "\(error)")
    }

    /// The ReplayTransport error inside a `BricksError` a Session threw.
    static func replayError(in error: BricksError) -> BricksTestingError? {
        guard case .transport(let underlying) = error.reason else { return nil }
        return underlying as? BricksTestingError
    }

    @Test func differentBodyIsNamedWhenBodiesAreMatched() async throws {
        let replay = try ReplayTransport(contentsOf: fixtureURL("labels"), options: .init(matchesBody: true))
        let error = try #require(await #expect(throws: BricksError.self) {
            try await replay.session().send(CreateLabel(body: Label(name: "other", color: "000000")))
        })
        let replayError = try #require(Self.replayError(in: error), "\(error)")
        #expect(
            replayError.description.hasSuffix(
                "POST /repos/octokit-fixture-org/labels/labels, which differs in its body."))
        // Without body matching the same request is answered.
        let lax = try ReplayTransport(contentsOf: fixtureURL("labels"))
        #expect(
            try await lax.session().send(CreateLabel(body: Label(name: "other", color: "000000"))).name == "test-label")
    }

    @Test func emptyFixtureSaysSo() async throws {
        let replay = try ReplayTransport(data: Data("[]".utf8))
        await #expect(throws: BricksTestingError.self) { try await replay.roundTrip(request("GET", "/x")) }
        do {
            _ = try await replay.roundTrip(request("GET", "/x"))
        } catch {
            #expect(
                "\(error)" == "ReplayTransport has no recorded exchange for GET /x. The fixture records no exchanges.")
        }
    }

    @Test func lenientModeAnswers404NamingTheNearest() async throws {
        let replay = try ReplayTransport(contentsOf: fixtureURL("labels"), options: .lenient)
        let reply = try await replay.session().response(for: Probe(.get, "/repos/octokit-fixture-org/labels/label"))
        #expect(reply.head.statusCode == 404)
        let text = String(decoding: reply.value, as: UTF8.self)
        #expect(
            text.hasPrefix("ReplayTransport has no recorded exchange for GET /repos/octokit-fixture-org/labels/label."))
        #expect(text.contains("nearest recorded exchange is GET /repos/octokit-fixture-org/labels/labels"))
        let known = try await replay.session().response(for: ListLabels())
        #expect(known.head.statusCode == 200)
    }

    @Test func lenientModeAnswers404OnceRecordingsAreUsedUp() async throws {
        let replay = ReplayTransport(
            exchanges: [RecordedExchange(method: .get, path: "/once", responseBody: Data("x".utf8))], options: .lenient)
        #expect(try await replay.roundTrip(request("GET", "/once")).1.statusCode == 200)
        #expect(try await replay.roundTrip(request("GET", "/once")).1.statusCode == 404)
    }

    @Test func redactedQueryValueMatchesAnyValue() async throws {
        let replay = ReplayTransport(exchanges: [
            RecordedExchange(method: .get, path: "/data?access_token=REDACTED&page=1", responseBody: Data("ok".utf8))
        ])
        await #expect(throws: BricksTestingError.self) { try await replay.roundTrip(request("GET", "/data?page=1")) }
        let (body, _) = try await replay.roundTrip(request("GET", "/data?page=1&access_token=live-token"))
        #expect(body == Data("ok".utf8))
    }

    @Test func cancelledTaskConsumesNothing() async throws {
        let replay = ReplayTransport(exchanges: [RecordedExchange(method: .get, path: "/x")])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await replay.roundTrip(request("GET", "/x"))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await replay.unservedExchanges.count == 1)
    }

    @Test func missingFileIsUnreadable() {
        #expect(throws: BricksTestingError.self) {
            try ReplayTransport(contentsOf: URL(fileURLWithPath: "/nonexistent/fixture.json"))
        }
    }

    @Test(arguments: [
        (#"{"method": "get"}"#, "The fixture data is not a list of recorded exchanges: "),
        (#"[{"method": "get", "status": 200}]"#, "(at [0])"),
        (#"[{"method": "G E T", "path": "/"}]"#, #""G E T" is not an HTTP method (at [0].method)"#),
        (
            #"[{"method": "get", "path": "/", "response": "zz", "responseIsBinary": true}]"#,
            "hex digits (at [0].response)"
        ),
    ])
    func malformedFixtureSaysWhere(json: String, expected: String) {
        do {
            _ = try ReplayTransport(data: Data(json.utf8))
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }
}

@Suite struct ReplayMatchingTests {
    @Test(arguments: [
        ("/search?q=a%20b:c", "/search?q=a%20b%3Ac", true),
        ("/search?q=a%20b%3ac", "/search?q=a%20b%3Ac", true),
        ("/search?q=a+b", "/search?q=a%20b", false),
        ("/users/%7Eoctocat", "/users/~octocat", true),
        ("/users/octo%2fcat", "/users/octo%2Fcat", true),
        ("/users/octo/cat", "/users/octo%2Fcat", false),
        ("/users/octocat/", "/users/octocat", false),
        ("/list?a=1&a=2", "/list?a=2&a=1", true),
        ("/list?a=1&a=1", "/list?a=1", false),
        ("/list?flag", "/list?flag=", false),
        ("/list?x=1#part", "/list?x=1", true),
    ])
    func targetsAreComparedAfterNormalization(recorded: String, sent: String, matches: Bool) async throws {
        let replay = ReplayTransport(exchanges: [RecordedExchange(method: .get, path: recorded)], options: .lenient)
        let (_, response) = try await replay.roundTrip(request("GET", sent))
        #expect((response.statusCode == 200) == matches)
    }
}
