import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every endpoint here sends `?token=secret`, which error descriptions must redact.
private let secretQuery = [URLQueryItem(name: "token", value: "secret"), URLQueryItem(name: "q", value: "x")]

/// `/status/404`: an empty 404.
private struct FindMissingThing: RequestContextType, GETRequestType, DataResponseType {
    let baseURL: URL
    var path: String { "/status/404" }
    var queryItems: [URLQueryItem] { secretQuery }
}

/// httpbin's own JSON error: `/status/406` answers `{"message": …, "accept": […]}`.
private struct NotAcceptable: Decodable, Error, Sendable {
    let message: String
}

private struct NegotiateThing: RequestContextType, GETRequestType, DataResponseType {
    typealias APIError = NotAcceptable
    let baseURL: URL
    var path: String { "/status/406" }
    var queryItems: [URLQueryItem] { secretQuery }
}

/// `/anything`, whose 200 this endpoint does not accept: an unacceptable status with a JSON body.
private struct CreateThingStrictly: RequestContextType, GETRequestType, DataResponseType {
    let baseURL: URL
    var path: String { "/anything/things" }
    var queryItems: [URLQueryItem] { secretQuery }
    var acceptableStatusCodes: Range<Int> { 201..<202 }
}

/// `/json` (a slideshow) read as something else.
private struct Unrelated: Decodable, Sendable {
    let id: Int
}

private struct ReadSlideshowWrongly: RequestContextType, GETRequestType, JSONResponseType {
    typealias Response = Unrelated
    let baseURL: URL
    var path: String { "/json" }
    var queryItems: [URLQueryItem] { secretQuery }
}

/// `/delay/10`, far slower than any time-out below (so a busy machine cannot let the reply win).
private struct WaitForSlowThing: RequestContextType, GETRequestType, DataResponseType {
    let baseURL: URL
    var path: String { "/delay/10" }
    var queryItems: [URLQueryItem] { secretQuery }
}

/// A request to a port where nothing listens.
private struct CallClosedPort: RequestContextType, GETRequestType, DataResponseType {
    var baseURL: URL
    var path: String { "/get" }
    var queryItems: [URLQueryItem] { secretQuery }
}

/// What errors say, on a real server: each names the method, the URL with its secrets redacted and
/// the endpoint's own name (through proxies), then what went wrong. Printed, for reading.
@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct ErrorDescriptionIntegrationTests {
    let session = Session(transport: TestTransport.make())

    /// The error `body` throws, printed, after the checks every description passes.
    private func description(
        of body: () async throws -> some Any, method: String = "GET", url: String, endpoint: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        let error: any Error
        do {
            _ = try await body()
            Issue.record("expected an error", sourceLocation: sourceLocation)
            return ""
        } catch let caught {
            error = caught
        }
        let text = "\(error)"
        print("ERROR DESCRIPTION [\(endpoint)]: \(text)")
        let call = "\(method) \(url)?token=REDACTED&q=x (\(endpoint)): "
        #expect(text.hasPrefix(call), sourceLocation: sourceLocation)
        // The call is redacted; a quoted body says what the server sent, which may echo anything.
        #expect(!text.prefix(call.count).contains("secret"), sourceLocation: sourceLocation)
        return text
    }

    @Test func emptyNotFound() async throws {
        let base = try HTTPBin.base()
        let text = try await description(
            of: { try await session.send(FindMissingThing(baseURL: base).with(timeout: 10)) },
            url: "\(base.absoluteString)/status/404", endpoint: "FindMissingThing")
        #expect(text.hasSuffix(": the server answered 404 Not Found with an empty body."))
    }

    @Test func unacceptableStatusQuotesTheJSONBody() async throws {
        let base = try HTTPBin.base()
        let text = try await description(
            of: { try await session.send(CreateThingStrictly(baseURL: base).with(header: "X-Trace", value: "1")) },
            url: "\(base.absoluteString)/anything/things", endpoint: "CreateThingStrictly")
        #expect(text.contains(": the server answered 200 OK: {"))
        #expect(text.contains(#""X-Trace": "1""#))
    }

    @Test func typedAPIErrorNamesTheCallToo() async throws {
        let base = try HTTPBin.base()
        let text = try await description(
            of: { try await session.send(NegotiateThing(baseURL: base).authorized(with: "bearer-secret")) },
            url: "\(base.absoluteString)/status/406", endpoint: "NegotiateThing")
        #expect(text.contains(": the server answered 406 Not Acceptable: "))
        #expect(text.contains("Client did not request a supported media type"))
    }

    @Test func decodingMismatch() async throws {
        let base = try HTTPBin.base()
        let text = try await description(
            of: { try await session.send(ReadSlideshowWrongly(baseURL: base).with(timeout: 10).with(header: "A", value: "b")) },
            url: "\(base.absoluteString)/json", endpoint: "ReadSlideshowWrongly")
        #expect(text.contains(#": the response could not be decoded: the key "id" is missing at the top level."#))
        #expect(text.contains("The body began with: {"))
        #expect(text.contains("slideshow"))
    }

    @Test func timeOut() async throws {
        let base = try HTTPBin.base()
        let started = ContinuousClock.now
        let text = try await description(
            of: { try await session.send(WaitForSlowThing(baseURL: base).with(timeout: 0.5)) },
            url: "\(base.absoluteString)/delay/10", endpoint: "WaitForSlowThing")
        // At its own deadline, well before the reply would have come: a bound for a hang, not a speed test.
        #expect(ContinuousClock.now - started < .seconds(60))
        #expect(text.hasSuffix(": no complete reply arrived within 500 ms; the request timed out."))
    }

    @Test func connectionRefused() async throws {
        let closed = try #require(URL(string: "http://127.0.0.1:9"))
        let text = try await description(
            of: {
                try await session.send(
                    CallClosedPort(baseURL: try HTTPBin.base()).with(baseURL: closed).with(timeout: 5))
            },
            url: "http://127.0.0.1:9/get", endpoint: "CallClosedPort")
        #expect(text.contains("could not connect to the server (connection refused"))
    }
}
