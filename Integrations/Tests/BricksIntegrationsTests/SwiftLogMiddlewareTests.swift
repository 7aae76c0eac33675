import Bricks
import BricksLogging
import BricksTesting
import Foundation
import InMemoryLogging
import IntegrationsTestSupport
import Logging
import Testing

@Suite struct SwiftLogMiddlewareTests {
    let handler = InMemoryLogHandler()
    var logger: Logger {
        var logger = Logger(label: "bricks.tests") { _ in handler }
        logger.logLevel = .trace
        return logger
    }

    @Test func logsRequestAndResponseAtDebugWithRedactedMetadata() async throws {
        let stub = await stub(octocat)
        let session = stub.session(middleware: [SwiftLogMiddleware(logger: logger)])
        _ = try await session.send(GetUser(login: "octocat", queryItems: secretQuery))

        let entries = handler.entries
        try #require(entries.count == 2)
        let (request, response) = (entries[0], entries[1])
        #expect(request.level == .debug && response.level == .debug)
        #expect(request.message == "sending request" && response.message == "received response")
        let url = "https://api.example.com/users/octocat?token=REDACTED&page=2"
        for entry in entries {
            #expect(entry.metadata["http.method"] == "GET")
            #expect(entry.metadata["http.url"] == .string(url))
            #expect(entry.metadata["bricks.endpoint"] == "GetUser")
            #expect(entry.metadata["bricks.attempt"] == "1")
            #expect(!"\(entry.metadata)".contains("s3cr3t"))
        }
        // The URL is redacted exactly as Bricks' own summaries redact it.
        let sent = try #require(await stub.requests.first?.url)
        #expect(url == RequestSummary(endpoint: "GetUser", method: "GET", url: sent).url)
        #expect(response.metadata["http.status_code"] == "200")
        #expect(response.metadata["bricks.body_streamed"] == "false")
        #expect(response.metadata["http.response.body.size"] == "29")
        let duration = try #require(response.metadata["duration_ms"].flatMap { Double("\($0)") })
        #expect(duration >= 0)
        #expect(request.metadata["http.status_code"] == nil && request.metadata["duration_ms"] == nil)
    }

    /// A reply the HTTP cache served says so; a reply from the network carries no source.
    @Test func cacheHitsSayWhereTheyCameFrom() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(headers: ["Cache-Control": "max-age=60"]))
        let session = stub.session(middleware: [SwiftLogMiddleware(logger: logger), HTTPCacheMiddleware()])
        _ = try await session.send(Probe("/x"))
        _ = try await session.send(Probe("/x"))
        let responses = handler.entries.filter { $0.message == "received response" }
        try #require(responses.count == 2)
        #expect(responses[0].metadata["bricks.response.source"] == nil)
        #expect(responses[1].metadata["bricks.response.source"] == "cache")
    }

    @Test func endpointIsTheProxysOwnName() async throws {
        let stub = await stub(octocat)
        let session = stub.session(middleware: [SwiftLogMiddleware(logger: logger)])
        _ = try await session.send(TimeoutOverride(base: GetUser(login: "octocat"), timeoutInterval: 5))
        #expect(handler.entries.allSatisfy { $0.metadata["bricks.endpoint"] == "GetUser" })
    }

    @Test func clientErrorIsAWarningAndServerErrorAnError() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/missing", reply: .init(status: 404))
        await stub.register(.get, "/broken", reply: .init(status: 503))
        let session = stub.session(middleware: [SwiftLogMiddleware(logger: logger)])
        _ = try? await session.send(Probe("/missing"))
        _ = try? await session.send(Probe("/broken"))

        let outcomes = handler.entries.filter { $0.message != "sending request" }
        #expect(outcomes.map(\.level) == [.warning, .error])
        #expect(outcomes.map(\.message) == ["request failed", "request failed"])
        #expect(outcomes.map { $0.metadata["http.status_code"] } == ["404", "503"])
    }

    /// Success is the endpoint's: a 404 it accepts is a received response.
    @Test func aStatusTheEndpointAcceptsIsAReceivedResponse() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/missing", reply: .init(status: 404))
        let session = stub.session(middleware: [SwiftLogMiddleware(logger: logger)])
        _ = try await session.send(Probe("/missing", accepting: 200..<405))
        let outcome = try #require(handler.entries.last)
        #expect(outcome.level == .debug && outcome.message == "received response")
        #expect(outcome.metadata["http.status_code"] == "404")
    }

    @Test func transportFailureIsAnErrorWithItsType() async throws {
        let stub = await stub(.failing(.cannotConnectToHost))
        let session = stub.session(middleware: [SwiftLogMiddleware(logger: logger)])
        _ = try await reason { _ = try await session.send(GetUser(login: "octocat", queryItems: secretQuery)) }

        let failure = try #require(handler.entries.last)
        #expect(failure.level == .error)
        #expect(failure.message == "request failed")
        #expect(failure.metadata["error.type"] == "transport")
        #expect(failure.metadata["http.status_code"] == nil)
        #expect(failure.error is BricksError)  // never the URLError, whose user info may hold the URL
        #expect("\(failure.metadata["error"] ?? "")".contains("connection refused"))
        #expect(!"\(failure.metadata)".contains("s3cr3t"))
    }

    @Test func cancellationIsAWarning() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/users/*") { _ in throw CancellationError() }
        let session = stub.session(middleware: [SwiftLogMiddleware(logger: logger)])
        _ = try await reason { _ = try await session.send(GetUser(login: "octocat")) }

        let failure = try #require(handler.entries.last)
        #expect(failure.level == .warning)
        #expect(failure.metadata["error.type"] == "cancelled")
    }

    @Test func streamedBodyIsSaidToBeStreamed() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/events", reply: .text("one\ntwo\n"))
        let session = stub.session(middleware: [SwiftLogMiddleware(logger: logger)])
        var received = Data()
        for try await chunk in session.bytes(of: Probe("/events")) { received += chunk }

        #expect(received == Data("one\ntwo\n".utf8))
        let response = try #require(handler.entries.last)
        #expect(response.metadata["bricks.body_streamed"] == "true")
        #expect(response.metadata["http.response.body.size"] == nil)
    }

    @Test func afterRetryEachAttemptIsLogged() async throws {
        let stub = await stub(.init(status: 503), octocat)
        let session = stub.session(middleware: [immediateRetry, SwiftLogMiddleware(logger: logger)])
        _ = try await session.send(GetUser(login: "octocat"))

        let outcomes = handler.entries.filter { $0.message != "sending request" }
        #expect(outcomes.map { $0.metadata["bricks.attempt"] } == ["1", "2"])
        #expect(outcomes.map(\.level) == [.error, .debug])
    }

    @Test func levelAppliesToRequestsAndSuccesses() async throws {
        let stub = await stub(octocat)
        let session = stub.session(middleware: [SwiftLogMiddleware(logger: logger, level: .info)])
        _ = try await session.send(GetUser(login: "octocat"))
        #expect(handler.entries.map(\.level) == [.info, .info])
    }
}
