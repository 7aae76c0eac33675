import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct RecordingTransportTests {
    /// The fixture file as plain JSON, to check what was really written.
    private func written(_ url: URL) throws -> (text: String, exchanges: [[String: Any]]) {
        let data = try Data(contentsOf: url)
        let exchanges = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return (String(decoding: data, as: UTF8.self), exchanges)
    }

    @Test func secretsAreRedactedInTheFileButNotForTheCaller() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/secrets.json")
        let stub = StubTransport()
        await stub.register(
            .post, "/oauth/token",
            reply: .json(
                #"{"access_token": "tok-RESPONSE", "scope": "repo", "nested": [{"password": "pw-RESPONSE"}]}"#,
                headers: [
                    "Set-Cookie": "session=cookie-RESPONSE", "X-Request-Id": "r1",
                    "Location": "https://api.example.com/next?access_token=tok-LOCATION&page=2",
                    "Link": #"<https://api.example.com/x?page=3&signature=sig-LINK>; rel="next""#,
                ]))
        let recorder = RecordingTransport(
            wrapping: stub, to: file,
            redaction: Redaction(headers: ["X-Api-Key"], parameters: ["signature", "password"]))
        let (body, response) = try await recorder.roundTrip(
            request(
                "POST", "/oauth/token?client_secret=secret-QUERY&signature=sig-QUERY&keep=yes",
                body: Data("grant_type=refresh&client_secret=secret-FORM&password=pw-FORM".utf8),
                headers: [
                    "Authorization": "Bearer auth-HEADER", "Cookie": "c=cookie-HEADER",
                    "Proxy-Authorization": "Basic proxy-HEADER", "X-Api-Key": "key-HEADER",
                    "Accept": "application/json",
                    "Content-Type": "application/x-www-form-urlencoded",
                ]))

        // The caller gets the reply as the server sent it.
        #expect(String(decoding: body, as: UTF8.self).contains("tok-RESPONSE"))
        #expect(response.value(forHTTPHeaderField: "Set-Cookie") == "session=cookie-RESPONSE")

        let (text, exchanges) = try written(file)
        for secret in [
            "tok-RESPONSE", "pw-RESPONSE", "cookie-RESPONSE", "tok-LOCATION", "sig-LINK", "secret-QUERY", "sig-QUERY",
            "secret-FORM", "pw-FORM", "auth-HEADER", "cookie-HEADER", "proxy-HEADER", "key-HEADER",
        ] {
            #expect(!text.contains(secret), "\(secret) was written to the fixture")
        }
        let exchange = try #require(exchanges.first)
        #expect(exchange["path"] as? String == "/oauth/token?client_secret=REDACTED&signature=REDACTED&keep=yes")
        let requestHeaders = try #require(exchange["reqheaders"] as? [String: String])
        #expect(requestHeaders["Authorization"] == "REDACTED")
        #expect(requestHeaders["X-Api-Key"] == "REDACTED")
        #expect(requestHeaders["Accept"] == "application/json")
        #expect(exchange["body"] as? String == "grant_type=refresh&client_secret=REDACTED&password=REDACTED")
        let headers = try #require(exchange["headers"] as? [String: String])
        #expect(headers["Set-Cookie"] == "REDACTED")
        #expect(headers["X-Request-Id"] == "r1")
        #expect(headers["Location"] == "https://api.example.com/next?access_token=REDACTED&page=2")
        #expect(headers["Link"] == #"<https://api.example.com/x?page=3&signature=REDACTED>; rel="next""#)
        let reply = try #require(exchange["response"] as? [String: Any])
        #expect(reply["access_token"] as? String == "REDACTED")
        #expect(reply["scope"] as? String == "repo")
        #expect((reply["nested"] as? [[String: String]])?.first?["password"] == "REDACTED")
    }

    @Test func fileHasTheShapeOfTheGitHubRecordings() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("issues.json")
        let stub = StubTransport()
        await stub.register(.post, "/repos/*/*/issues", reply: .json(#"{"number": 1, "title": "Crash"}"#, status: 201))
        await stub.register(.get, "/readme", reply: .text("# Hello"))
        let session = RecordingTransport(wrapping: stub, to: file).session()
        _ = try await session.send(CreateIssue(owner: "o", repo: "r", body: NewIssue(title: "Crash", labels: [])))
        _ = try await session.send(Probe(.get, "/readme", queryItems: [URLQueryItem(name: "ref", value: "main")]))

        let (text, exchanges) = try written(file)
        #expect(text.hasPrefix("[\n"))  // pretty-printed, for reading and diffing
        #expect(exchanges.count == 2)
        let created = exchanges[0]
        #expect(
            Set(created.keys)
                == [
                    "scope", "method", "path", "body", "reqheaders", "status", "headers", "response",
                    "responseIsBinary",
                ])
        #expect(created["scope"] as? String == "https://api.example.com:443")
        #expect(created["method"] as? String == "POST")
        #expect(created["path"] as? String == "/repos/o/r/issues")
        #expect((created["body"] as? [String: Any])?["title"] as? String == "Crash")
        #expect(created["status"] as? Int == 201)
        #expect((created["response"] as? [String: Any])?["number"] as? Int == 1)
        #expect(created["responseIsBinary"] as? Bool == false)
        let readme = exchanges[1]
        #expect(readme["path"] as? String == "/readme?ref=main")
        #expect(readme["body"] as? String == "")
        #expect(readme["response"] as? String == "# Hello")
    }

    @Test func concurrentRequestsAreAllWritten() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("many.json")
        let stub = StubTransport()
        await stub.register(.get, "/items/*") { request in .json(#"{"path": "\#(request.url?.path ?? "")"}"#) }
        let recorder = RecordingTransport(wrapping: stub, to: file)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { _ = try await recorder.roundTrip(request("GET", "/items/\(index)")) }
            }
            try await group.waitForAll()
        }
        let (_, exchanges) = try written(file)
        let paths = Set(exchanges.compactMap { $0["path"] as? String })
        #expect(paths == Set((0..<40).map { "/items/\($0)" }))
        #expect(await recorder.exchanges.count == 40)
    }

    @Test func recordedExchangesReplay() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("roundtrip.json")
        let binary = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0xFE])
        let stub = StubTransport()
        await stub.register(.get, "/users/*", json: #"{"id": 5, "login": "replayed", "score": 1.5}"#)
        await stub.register(.get, "/avatar.png", reply: .init(headers: ["Content-Type": "image/png"], body: binary))
        await stub.register(.delete, "/users/*", reply: .init(status: 204))
        let live = RecordingTransport(wrapping: stub, to: file).session()
        let user = try await live.send(GetUser(login: "replayed"))
        _ = try await live.send(Probe(.get, "/avatar.png"))
        _ = try await live.send(Probe(.delete, "/users/replayed"))

        let replay = try ReplayTransport(contentsOf: file)
        #expect(try await replay.session().send(GetUser(login: "replayed")) == user)
        let avatar = try await replay.session().response(for: Probe(.get, "/avatar.png"))
        #expect(avatar.value == binary)
        #expect(avatar.head.value(forHTTPHeaderField: "Content-Type") == "image/png")
        let deleted = try await replay.session().response(for: Probe(.delete, "/users/replayed"))
        #expect(deleted.head.statusCode == 204)
        #expect(await replay.unservedExchanges.isEmpty)
        let (text, _) = try written(file)
        #expect(text.contains(#""responseIsBinary" : true"#))
    }

    /// A fixture on disk was redacted less than a log line: the recording knew 3 secret query
    /// names, the logs 12. Both now use the same list (`SecretNames`).
    @Test func recordingsRedactTheSameSecretNamesAsLogs() async throws {
        #expect(Redaction.defaultParameterNames == LoggingMiddleware.defaultRedactedQueryItems)
        #expect(Redaction.defaultHeaderNames == LoggingMiddleware.defaultRedactedHeaders)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("secrets.json")
        let stub = StubTransport()
        await stub.register(.get, "/files", json: #"{"ok": true}"#)
        let recorder = RecordingTransport(wrapping: stub, to: file)
        let lines = Recorder()
        let session = Session(transport: recorder, middleware: [LoggingMiddleware { lines.append($0) }])
        _ = try await session.send(Probe(.get, "/files", queryItems: [
            URLQueryItem(name: "key", value: "k-SECRET"), URLQueryItem(name: "sig", value: "s-SECRET"),
            URLQueryItem(name: "token", value: "t-SECRET"), URLQueryItem(name: "page", value: "2"),
        ]))

        let (text, _) = try written(file)
        for secret in ["k-SECRET", "s-SECRET", "t-SECRET"] {
            #expect(!text.contains(secret), "the fixture holds \(secret)")
            #expect(!lines.text.contains(secret), "the log holds \(secret)")
        }
        #expect(text.contains("page=2"))
    }

    /// An API that declares `X-Api-Key` secret once, on its app-wide protocol.
    private struct KeyedUser: RequestContextType, GETRequestType, DataResponseType {
        var baseURL: URL { exampleBase }
        var path: String { "/users/keyed" }
        var headerFields: [String: String] { ["X-Api-Key": "key-ENDPOINT", "X-Trace": "trace-1"] }
        var secretHeaderNames: Set<String> { ["X-Api-Key"] }
    }

    /// The endpoint's `secretHeaderNames` are redacted without being named in the `Redaction`;
    /// a recorder used outside a call (no endpoint) still redacts only its own list.
    @Test func theEndpointsSecretHeadersAreRedactedWithoutBeingNamed() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("keyed.json")
        let stub = StubTransport()
        await stub.register(.get, "/users/keyed", reply: .json(#"{"id": 1}"#, headers: ["X-Api-Key": "key-REPLY"]))
        let recorder = RecordingTransport(wrapping: stub, to: file)
        let session = recorder.session()
        _ = try await session.send(KeyedUser())

        let (text, exchanges) = try written(file)
        #expect(!text.contains("key-ENDPOINT"))
        #expect(!text.contains("key-REPLY"))
        let exchange = try #require(exchanges.first)
        let requestHeaders = try #require(exchange["reqheaders"] as? [String: String])
        #expect(requestHeaders["X-Api-Key"] == "REDACTED")
        #expect(requestHeaders["X-Trace"] == "trace-1")
        #expect((exchange["headers"] as? [String: String])?["X-Api-Key"] == "REDACTED")

        // Called directly, with no endpoint behind the request, the header is not known to be secret.
        _ = try await recorder.exchange(request("GET", "/users/keyed", headers: ["X-Api-Key": "key-DIRECT"]))
        #expect(try written(file).text.contains("key-DIRECT"))
    }

    @Test func failedRequestsAreNotRecorded() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = StubTransport()
        await stub.register(.get, "/down", reply: .failing(.cannotConnectToHost))
        let recorder = RecordingTransport(wrapping: stub, to: folder.appendingPathComponent("none.json"))
        await #expect(throws: URLError(.cannotConnectToHost)) { try await recorder.roundTrip(request("GET", "/down")) }
        #expect(await recorder.exchanges.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.json").path))
    }

    @Test func unwritableFileIsAnError() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("file")
        try Data().write(to: blocker)
        let target = blocker.appendingPathComponent("fixture.json")  // a folder that is a file
        let recorder = RecordingTransport(wrapping: StubTransport(), to: target)
        do {
            _ = try await recorder.roundTrip(request("GET", "/x"))
            Issue.record("expected an error")
        } catch let error as BricksTestingError {
            #expect(error.description.hasPrefix("RecordingTransport could not write the fixture \(target.path)"))
        }
    }
}

/// Answers every request with a body that arrives in several chunks, as a network transport's does.
private struct ChunkedTransport: HTTPTransport {
    let chunks: [String]

    func exchange(_ request: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        let (stream, continuation) = AsyncStream<Data>.makeStream()
        for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
        continuation.finish()
        let url = try request.makeURL()
        return RawResponse(
            head: ResponseHead(statusCode: 200, headerFields: ["Content-Type": "text/plain"], url: url),
            body: ResponseBody(stream))
    }
}

@Suite struct RecordingTransportBodyTests {
    @Test func aStreamedBodyIsCollectedRecordedAndHandedOnWhole() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("chunks.json")
        let recorder = RecordingTransport(wrapping: ChunkedTransport(chunks: ["one ", "two ", "three"]), to: file)
        let response = try await recorder.exchange(request("GET", "/text"))
        #expect(response.body.bufferedData == Data("one two three".utf8))
        #expect(await recorder.exchanges.first?.responseBody == Data("one two three".utf8))

        let text = try await recorder.session().send(Probe(.get, "/text"))
        #expect(text == Data("one two three".utf8))
        let replay = try ReplayTransport(contentsOf: file)
        #expect(try await replay.session().send(Probe(.get, "/text")) == Data("one two three".utf8))
        #expect(try await replay.session().send(Probe(.get, "/text")) == Data("one two three".utf8))
    }

    /// The recorder sits below the Session's core: each hop of a redirect is an exchange of its
    /// own, recorded, and replayed hop by hop.
    @Test func eachHopOfARedirectIsRecordedAndReplayed() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("redirect.json")
        let stub = StubTransport()
        await stub.register(.get, "/users/old", reply: .init(status: 301, headers: ["Location": "/users/new"]))
        await stub.register(.get, "/users/new", json: #"{"id": 4, "login": "new"}"#)
        let recorder = RecordingTransport(wrapping: stub, to: file)
        #expect(try await recorder.session().send(GetUser(login: "old")) == User(id: 4, login: "new"))
        let recorded = await recorder.exchanges
        #expect(recorded.map(\.path) == ["/users/old", "/users/new"])
        #expect(recorded.map(\.status) == [301, 200])

        let replay = try ReplayTransport(contentsOf: file)
        #expect(try await replay.session().send(GetUser(login: "old")) == User(id: 4, login: "new"))
        #expect(await replay.unservedExchanges.isEmpty)
    }
}

/// Log lines, collected.
private final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var text: String { lock.withLock { lines.joined(separator: "\n") } }
}
