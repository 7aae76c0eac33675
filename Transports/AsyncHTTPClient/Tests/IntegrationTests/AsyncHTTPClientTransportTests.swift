import AsyncHTTPClient
import Bricks
import BricksAsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport itself against the local httpbin, below `Session`: what it returns, its limits,
/// its redirects and its client's lifetime. The root suite (Shared/) covers it through `Session`.
@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct AsyncHTTPClientTransportTests {
    let transport = AsyncHTTPClientTransport()

    func request(_ path: String, on base: URL? = nil, method: String = "GET", timeout: TimeInterval = 10) throws -> URLRequest {
        let url = try #require(URL(string: path, relativeTo: try base ?? HTTPBin.base())?.absoluteURL)
        var request = URLRequest(url: url, timeoutInterval: timeout)
        request.httpMethod = method
        return request
    }

    func echo(_ data: Data) throws -> Echo { try JSONDecoder().decode(Echo.self, from: data) }

    // MARK: Replies

    @Test func returnsAnyStatusWithItsBodyAndURL() async throws {
        let (data, response) = try await transport.send(try request("/status/503"))
        #expect(response.statusCode == 503)
        #expect(data.isEmpty)
        #expect(response.url == (try request("/status/503").url))
    }

    @Test func sendsMethodHeadersAndBody() async throws {
        var request = try request("/anything", method: "PUT")
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        request.setValue("yes", forHTTPHeaderField: "X-Brick")
        request.httpBody = Data("über".utf8)
        let (data, response) = try await transport.send(request)
        #expect(response.statusCode == 200)
        let echo = try echo(data)
        #expect(echo.method == "PUT")
        #expect(echo.headers["X-Brick"] == "yes")
        #expect(echo.data == "über")
    }

    @Test func joinsRepeatedResponseHeaders() async throws {
        let (_, response) = try await transport.send(try request("/response-headers?X-Dup=a&X-Dup=b"))
        #expect(response.value(forHTTPHeaderField: "x-dup") == "a, b")
    }

    @Test func decodesGzipBodies() async throws {
        let (data, response) = try await transport.send(try request("/gzip"))
        #expect(response.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["gzipped"] as? Bool == true)
    }

    @Test func connectionRefusedIsATransportErrorAtOnce() async throws {
        let started = ContinuousClock.now
        let error = await #expect(throws: BricksError.self) {
            try await transport.send(try request("/get", on: URL(string: "http://127.0.0.1:1")))
        }
        guard case .transport = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(ContinuousClock.now - started < .seconds(2))
    }

    @Test func manyConcurrentRequestsShareTheClient() async throws {
        let request = try request("/get")
        let transport = self.transport
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<40 { group.addTask { try await transport.send(request).1.statusCode } }
            for try await status in group { #expect(status == 200) }
        }
    }

    // MARK: Size limit

    /// With `Content-Length` (refused before reading), and chunked (refused once the bytes pass it).
    @Test(arguments: [("/bytes/2048", 1024), ("/stream-bytes/200000?chunk_size=1024", 4096)])
    func refusesABodyAboveTheLimit(path: String, limit: Int) async throws {
        let request = try request(path)
        await #expect(throws: BricksError.responseTooLarge(limit: limit)) {
            try await TransportLimits.$current.withValue(TransportLimits(maximumResponseSize: limit)) {
                try await transport.send(request)
            }
        }
    }

    @Test func aNegativeLimitRefusesAnyBody() async throws {
        let request = try request("/bytes/10")
        await #expect(throws: BricksError.responseTooLarge(limit: -1)) {
            try await TransportLimits.$current.withValue(TransportLimits(maximumResponseSize: -1)) {
                try await transport.send(request)
            }
        }
    }

    @Test func acceptsABodyExactlyAtTheLimit() async throws {
        let request = try request("/bytes/1024")
        let (data, _) = try await TransportLimits.$current.withValue(TransportLimits(maximumResponseSize: 1024)) {
            try await transport.send(request)
        }
        #expect(data.count == 1024)
    }

    // MARK: Timeouts and cancellation

    /// While waiting for the head (AsyncHTTPClient's own deadline stops there), and while a body
    /// that began at once trickles in for 4 s.
    @Test(arguments: [("/delay/3", 0.3), ("/drip?duration=4&numbytes=4&delay=0", 1.0)])
    func timeoutBoundsTheWholeExchange(path: String, timeout: Double) async throws {
        let started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) {
            try await transport.send(try request(path, timeout: timeout))
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .seconds(timeout * 0.9))
        #expect(elapsed < .seconds(timeout + 1.2))
    }

    @Test func cancellingWhileTheBodyArrivesCancels() async throws {
        let request = try request("/drip?duration=5&numbytes=5&delay=0", timeout: 30)
        let transport = self.transport
        let task = Task { try await transport.send(request) }
        try await Task.sleep(for: .milliseconds(500))
        let cancelledAt = ContinuousClock.now
        task.cancel()
        await #expect(throws: BricksError.cancelled) { try await task.value }
        #expect(ContinuousClock.now - cancelledAt < .seconds(1.5))
    }

    // MARK: Redirects

    @Test func followsRelativeRedirectsToTheFinalURL() async throws {
        let (data, response) = try await transport.send(try request("/redirect/3"))
        #expect(response.statusCode == 200)
        #expect(response.url?.path == "/get")
        #expect(try echo(data).url.hasSuffix("/get"))
    }

    @Test func dropsCredentialsOnARedirectToAnotherOrigin() async throws {
        let target = try HTTPBin.secondBase().appendingPathComponent("headers")
        var request = try request("/redirect-to?url=\(target.absoluteString)")
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        request.setValue("kept", forHTTPHeaderField: "X-Brick")
        let (data, response) = try await transport.send(request)
        #expect(response.url?.port == target.port)
        let headers = try JSONDecoder().decode([String: [String: String]].self, from: data)["headers"]
        #expect(headers?["Authorization"] == nil)
        #expect(headers?["X-Brick"] == "kept")
    }

    @Test func keepsCredentialsOnTheSameOrigin() async throws {
        var request = try request("/redirect-to?url=/headers")
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        let (data, _) = try await transport.send(request)
        let headers = try JSONDecoder().decode([String: [String: String]].self, from: data)["headers"]
        #expect(headers?["Authorization"] == "Bearer secret")
    }

    @Test(arguments: [307, 308])
    func keepsMethodAndBodyOn307And308(status: Int) async throws {
        var request = try request("/redirect-to?url=/anything&status_code=\(status)", method: "PATCH")
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("keep me".utf8)
        let echo = try echo(try await transport.send(request).0)
        #expect(echo.method == "PATCH")
        #expect(echo.data == "keep me")
    }

    @Test func turnsAPOSTIntoAGETOn303() async throws {
        var request = try request("/redirect-to?url=/anything&status_code=303", method: "POST")
        request.httpBody = Data("gone".utf8)
        let echo = try echo(try await transport.send(request).0)
        #expect(echo.method == "GET")
        #expect(echo.data == "")
    }

    @Test func doNotFollowReturnsTheRedirect() async throws {
        let transport = AsyncHTTPClientTransport(redirectPolicy: .doNotFollow)
        let (_, response) = try await transport.send(try request("/redirect-to?url=/get&status_code=302"))
        #expect(response.statusCode == 302)
        #expect(response.value(forHTTPHeaderField: "Location") == "/get")
        try await transport.shutdown()
    }

    @Test func givesTheCustomPolicyThePreviousProposedAndRedirectReply() async throws {
        let seen = NIOLockedValueBox<[String]>([])
        let policy = RedirectPolicy.custom { previous, proposed, response in
            seen.withLockedValue {
                $0 = [previous.url?.path ?? "", proposed.url?.path ?? "", String(response.statusCode)]
            }
            return proposed
        }
        let transport = AsyncHTTPClientTransport(redirectPolicy: policy)
        _ = try await transport.send(try request("/redirect-to?url=/get&status_code=301"))
        #expect(seen.withLockedValue { $0 } == ["/redirect-to", "/get", "301"])
        try await transport.shutdown()
    }

    @Test func validatesTheHeadersOfARedirectedRequest() async throws {
        let transport = AsyncHTTPClientTransport(redirectPolicy: .custom { _, proposed, _ in
            var next = proposed
            next.allHTTPHeaderFields = ["X-Smuggle": "a\r\nInjected: yes"]
            return next
        })
        let error = await #expect(throws: BricksError.self) {
            try await transport.send(try request("/redirect-to?url=/get"))
        }
        guard case .invalidHeader(let name, _) = error else {
            Issue.record("expected an invalid header, got \(String(describing: error))")
            return
        }
        #expect(name == "X-Smuggle")
        try await transport.shutdown()
    }

    @Test func givesUpAfterThePolicysMaximumOfRedirects() async throws {
        let transport = AsyncHTTPClientTransport(redirectPolicy: .follow(maximumRedirects: 2))
        do {
            _ = try await transport.send(try request("/redirect/3"))
            Issue.record("the third redirect should have been refused")
        } catch BricksError.transport(let error as URLError) {
            #expect(error.code == .httpTooManyRedirects)
            #expect(error.localizedDescription.contains("gave up after 2 redirects"))
        }
        #expect(try await transport.send(try request("/redirect/2")).1.statusCode == 200)
        try await transport.shutdown()
    }

    @Test func refusesAHeaderThatCouldInjectAnother() async throws {
        var request = try request("/get")
        // `setValue(_:forHTTPHeaderField:)` drops such a value on Linux; `allHTTPHeaderFields` keeps it.
        request.allHTTPHeaderFields = ["X-Note": "a\r\nInjected: yes"]
        let error = await #expect(throws: BricksError.self) { try await transport.send(request) }
        guard case .transport(let cause) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(cause is HTTPClientError)
    }

    // MARK: The client's lifetime

    @Test func aClientThatFollowsRedirectsItselfIsReported() async throws {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)  // follows redirects
        let transport = AsyncHTTPClientTransport(client: client)
        let error = await #expect(throws: BricksError.self) {
            try await transport.send(try request("/redirect/1"))
        }
        #expect("\(String(describing: error))".contains("redirectConfiguration: .disallow"))
        try await client.shutdown()
    }

    @Test func neverShutsDownAClientItWasGiven() async throws {
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: AsyncHTTPClientTransport.defaultConfiguration)
        let transport = AsyncHTTPClientTransport(client: client)
        try await transport.shutdown()
        #expect(try await transport.send(try request("/get")).1.statusCode == 200)
        try await client.shutdown()  // would throw alreadyShutdown had the transport shut it down
    }

    @Test func shutsDownTheClientItOwnsOnce() async throws {
        let transport = AsyncHTTPClientTransport()
        #expect(try await transport.send(try request("/get")).1.statusCode == 200)
        try await transport.shutdown()
        try await transport.shutdown()  // a second call does nothing
        let error = await #expect(throws: BricksError.self) { try await transport.send(try request("/get")) }
        guard case .transport(let cause) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(cause as? HTTPClientError == .alreadyShutdown)
    }
}
