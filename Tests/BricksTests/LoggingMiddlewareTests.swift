import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct LoggingMiddlewareTests {
    static let secrets = ["s3cr3t-bearer", "s3cr3t-query", "s3cr3t-cookie", "s3cr3t-proxy", "s3cr3t-set-cookie"]

    /// Sends one request full of secrets through a logger that shows everything it can.
    static func logSecretRequest(
        _ logger: (@escaping @Sendable (String) -> Void) -> LoggingMiddleware,
        request: Custom? = nil
    ) async throws -> [String] {
        let lines = Recorder<String>()
        let stub = StubTransport()
        await stub.register(
            .get, "/search",
            reply: .init(headers: ["Set-Cookie": "session=s3cr3t-set-cookie", "X-Request-ID": "r1"], body: Data("{}".utf8)))
        let session = Session(transport: stub, middleware: [logger { lines.append($0) }])
        let secretRequest = Custom(
            path: "/search",
            queryItems: [URLQueryItem(name: "q", value: "bricks"), URLQueryItem(name: "token", value: "s3cr3t-query")],
            headerFields: [
                "Authorization": "Bearer s3cr3t-bearer", "Cookie": "id=s3cr3t-cookie",
                "Proxy-Authorization": "Basic s3cr3t-proxy", "Accept": "application/json",
            ])
        _ = try await session.send(request ?? secretRequest)
        return lines.values
    }

    @Test func neitherTheAuthorizationHeaderNorTheTokenQueryIsLogged() async throws {
        let lines = try await Self.logSecretRequest { LoggingMiddleware(showsHeaders: true, showsCURL: true, log: $0) }
        let log = lines.joined(separator: "\n")
        for secret in Self.secrets {
            #expect(!log.contains(secret), "\(secret) leaked into: \(log)")
        }
        #expect(log.contains("token=REDACTED"))
        #expect(log.contains("Authorization: REDACTED"))
        #expect(log.contains("Set-Cookie: REDACTED"))
        #expect(log.contains("q=bricks"))
        #expect(log.contains("Accept: application/json"))
        #expect(log.contains("X-Request-ID: r1"))
    }

    @Test func logsOneLinePerRequestAndPerReply() async throws {
        let lines = try await Self.logSecretRequest { LoggingMiddleware(log: $0) }
        #expect(lines.count == 2)
        #expect(lines[0] == "→ GET https://api.example.com/search?q=bricks&token=REDACTED (Custom, attempt 1, 0 bytes)")
        let reply = try #require(lines.last)
        #expect(reply.hasPrefix("← 200 GET https://api.example.com/search?q=bricks&token=REDACTED in "))
        #expect(reply.hasSuffix(" ms, 2 bytes"))
        #expect(!reply.contains("\n"))
    }

    @Test func moreHeaderAndQueryNamesCanBeRedacted() async throws {
        let lines = try await Self.logSecretRequest(
            { LoggingMiddleware(redactedHeaders: ["x-api-key"], redactedQueryItems: ["Q"], showsHeaders: true, log: $0) },
            request: Custom(
                path: "/search", queryItems: [URLQueryItem(name: "q", value: "private words")],
                headerFields: ["X-API-Key": "k-123"]))
        let log = lines.joined(separator: "\n")
        #expect(!log.contains("private"))
        #expect(!log.contains("k-123"))
        #expect(log.lowercased().contains("x-api-key: redacted"))  // Foundation may respell the name
    }

    @Test func curlOutputRedactsFormFieldsAndQuotesForTheShell() async throws {
        let lines = Recorder<String>()
        let stub = StubTransport()
        await stub.register(.post, "/login", reply: .init(status: 204))
        struct Login: ExampleRequest, POSTRequestType, DataBodyRequestType, DataResponseType {
            var path: String { "/login" }
            var contentType: String? { "application/x-www-form-urlencoded" }
            var body: Data { Data("user=o%27hara&password=hunter2".utf8) }
        }
        let session = Session(transport: stub, middleware: [LoggingMiddleware(showsCURL: true) { lines.append($0) }])
        _ = try await session.send(Login())
        let request = try #require(lines.values.first)
        #expect(!request.contains("hunter2"))
        #expect(request.contains(
            "curl -X POST 'https://api.example.com/login' -H 'Content-Type: application/x-www-form-urlencoded' "
                + "--data-binary 'user=o%27hara&password=REDACTED'"))
    }

    @Test func aFailureIsLoggedWithItsCause() async throws {
        let lines = Recorder<String>()
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(failure: URLError(.timedOut)))
        await stub.register(.get, "/refused", reply: .init(failure: URLError(.cannotConnectToHost)))
        let session = Session(transport: stub, middleware: [LoggingMiddleware { lines.append($0) }])
        _ = await #expect(throws: BricksError.self) {
            try await session.send(Custom(path: "/x", queryItems: [URLQueryItem(name: "access_token", value: "abc")]))
        }
        // The core maps the transport's error before middleware sees it: the cause is logged as
        // the BricksError says it, in words (a time-out keeps no URLError code).
        let failure = try #require(lines.values.last)
        #expect(failure.hasPrefix("✗ GET https://api.example.com/x?access_token=REDACTED failed after "))
        #expect(failure.hasSuffix("the request timed out before a complete reply arrived."))
        #expect(!failure.contains("abc"))

        _ = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/refused")) }
        let refused = try #require(lines.values.last)
        #expect(refused.hasPrefix("✗ GET https://api.example.com/refused failed after "))
        #expect(refused.hasSuffix("connection refused: is a server listening on that port?) [URLError -1004]."))
    }
}
