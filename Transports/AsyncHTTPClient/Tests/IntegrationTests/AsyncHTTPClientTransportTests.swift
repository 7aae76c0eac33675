import AsyncHTTPClient
import Bricks
import BricksAsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import Testing

/// What the Session's core hands the transport for a streamed call without a deadline: the body
/// comes back unread, read at the caller's pace.
private let streamed = CallContext(bodyMode: .streamed)

/// The transport itself against the local httpbin, below `Session`: one exchange, what it hands
/// back and when, and its client's lifetime. The policy (redirects, deadlines, limits) is the
/// Session core's, covered through `Session` by the root suite (Shared/), which runs on this
/// transport too.
@Suite(.enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct AsyncHTTPClientTransportTests {
    let transport = AsyncHTTPClientTransport()

    func request(_ path: String, on base: URL? = nil, method: Bricks.HTTPMethod = .get) throws -> RequestHead {
        let url = try #require(URL(string: path, relativeTo: try base ?? HTTPBin.base())?.absoluteURL)
        return try RequestHead(method: method, url: url)
    }

    func whole(_ response: RawResponse) async throws -> Data {
        try await response.body.collect(upTo: 1 << 24)
    }

    // MARK: One exchange

    @Test func returnsAnyStatusWithItsBodyAndURL() async throws {
        let request = try request("/status/503")
        let response = try await transport.exchange(request, body: nil, context: streamed)
        #expect(response.head.statusCode == 503)
        #expect(try await whole(response).isEmpty)
        #expect(response.head.url == request.url)
        #expect(response.head.httpVersion == "HTTP/1.1")
    }

    @Test func sendsMethodHeadersAndTheGivenBody() async throws {
        var request = try request("/anything", method: .put)
        request.headerFields["Content-Type"] = "text/plain"
        request.headerFields["X-Brick"] = "yes"
        let response = try await transport.exchange(
            request, body: RequestBody(Data("über".utf8)), context: streamed)
        let echo = try JSONDecoder().decode(Echo.self, from: try await whole(response))
        #expect(echo.method == "PUT")
        #expect(echo.headers["X-Brick"] == "yes")
        #expect(echo.data == "über")
    }

    @Test func sendsAStreamedBodyOfUnknownLength() async throws {
        let parts = ["one ", "two ", "three"].map { Data($0.utf8) }
        let body = RequestBody(length: nil, isReplayable: true) { AsyncStream { continuation in
            for part in parts { continuation.yield(part) }
            continuation.finish()
        } }
        var request = try request("/anything", method: .post)
        request.headerFields["Content-Type"] = "text/plain"
        let response = try await transport.exchange(request, body: body, context: streamed)
        let echo = try JSONDecoder().decode(Echo.self, from: try await whole(response))
        #expect(echo.data == "one two three")
        #expect(echo.headers["Transfer-Encoding"] == "chunked")
    }

    @Test func keepsRepeatedResponseHeaderFields() async throws {
        let response = try await transport.exchange(
            try request("/response-headers?Set-Cookie=a&Set-Cookie=b&X-Dup=1&X-Dup=2"), body: nil, context: streamed)
        #expect(response.head.headerFields.values(for: "set-cookie") == ["a", "b"])
        #expect(response.head.headerFields.values(for: "X-DUP") == ["1", "2"])
        #expect(response.head.value(forHTTPHeaderField: "x-dup") == "1, 2")
    }

    @Test func decodesGzipBodies() async throws {
        let response = try await transport.exchange(try request("/gzip"), body: nil, context: streamed)
        #expect(response.head.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        let object = try JSONSerialization.jsonObject(with: try await whole(response)) as? [String: Any]
        #expect(object?["gzipped"] as? Bool == true)
    }

    @Test func returnsTheHeadBeforeASlowBodyEnds() async throws {
        let started = ContinuousClock.now
        let response = try await transport.exchange(
            try request("/drip?duration=2&numbytes=4&delay=0"), body: nil, context: streamed)
        let head = ContinuousClock.now
        var chunks = 0
        for try await chunk in response.body { chunks += chunk.isEmpty ? 0 : 1 }
        #expect(chunks >= 2)
        // The body drips over 2 s after the head: the head came first, by most of that (a busy
        // machine delays both, it cannot bring the end closer to the head).
        let end = ContinuousClock.now
        #expect(end - head >= .seconds(1), "the head came after \(head - started), the body ended \(end - head) later")
    }

    @Test func connectionRefusedIsABricksErrorAtOnce() async throws {
        let started = ContinuousClock.now
        let error = await #expect(throws: BricksError.self) {
            try await transport.exchange(try request("/get", on: URL(string: "http://127.0.0.1:1")), body: nil, context: streamed)
        }
        guard case .transport = error?.reason else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        // Not retried until AsyncHTTPClient's 10 s connect timeout (generous: a busy machine is slow).
        #expect(ContinuousClock.now - started < .seconds(8))
    }

    @Test func manyConcurrentExchangesShareTheClient() async throws {
        let request = try request("/get")
        let transport = self.transport
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    let response = try await transport.exchange(request, body: nil, context: streamed)
                    _ = try await response.body.collect(upTo: 1 << 20)
                    return response.head.statusCode
                }
            }
            for try await status in group { #expect(status == 200) }
        }
    }

    @Test func cancellingWhileTheBodyArrivesCancels() async throws {
        let request = try request("/drip?duration=5&numbytes=5&delay=0")
        let transport = self.transport
        let task = Task {
            let response = try await transport.exchange(request, body: nil, context: streamed)
            return try await response.body.collect(upTo: 1 << 20)
        }
        try await Task.sleep(for: .milliseconds(500))
        let cancelledAt = ContinuousClock.now
        task.cancel()
        await #expect(throws: (any Error).self) { try await task.value }
        #expect(ContinuousClock.now - cancelledAt < .seconds(1.5))
    }

    // MARK: What the context asks

    @Test func collectsTheBodyWhenTheCallerReadsItWhole() async throws {
        let response = try await transport.exchange(try request("/bytes/1024"), body: nil, context: CallContext())
        #expect(response.head.statusCode == 200)
        #expect(response.body.bufferedData?.count == 1024)
    }

    /// The context's limit refuses a body announced larger (Content-Length) and one that grows
    /// past it as it arrives (chunked, no length).
    @Test(arguments: ["/bytes/1000", "/stream-bytes/1000?chunk_size=200"])
    func refusesABodyPastTheContextsLimit(path: String) async throws {
        let error = await #expect(throws: BricksError.self) {
            try await transport.exchange(try request(path), body: nil, context: CallContext(maximumResponseSize: 100))
        }
        guard case .responseTooLarge(let limit) = error?.reason else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 100)
    }

    /// A whole-body call stops at the context's deadline while the body still arrives.
    @Test func stopsAtTheContextsDeadlineWhileTheBodyArrives() async throws {
        let started = ContinuousClock.now
        let context = CallContext(deadline: started + .milliseconds(500))
        let error = await #expect(throws: BricksError.self) {
            try await transport.exchange(try request("/drip?duration=10&numbytes=3&delay=0"), body: nil, context: context)
        }
        guard case .timedOut = error?.reason else {
            Issue.record("expected a time-out, got \(String(describing: error))")
            return
        }
        // At the deadline, long before the body's end: a bound for a hang, not a speed test.
        #expect(ContinuousClock.now - started < .seconds(8))
    }

    /// A streamed call's deadline covers the head: a head that comes late fails by then.
    @Test func stopsAtTheContextsDeadlineForAStreamedCallsHead() async throws {
        let started = ContinuousClock.now
        let context = CallContext(bodyMode: .streamed, deadline: started + .milliseconds(500))
        let error = await #expect(throws: BricksError.self) {
            try await transport.exchange(try request("/delay/10"), body: nil, context: context)
        }
        guard case .timedOut = error?.reason else {
            Issue.record("expected a time-out, got \(String(describing: error))")
            return
        }
        // At the deadline, long before the head: a bound for a hang, not a speed test.
        #expect(ContinuousClock.now - started < .seconds(8))
    }

    // MARK: The client

    /// Reported on both paths: the streamed one and the whole-body one (the delegate API).
    @Test(arguments: [false, true])
    func aClientThatFollowsRedirectsItselfIsReported(collectsBody: Bool) async throws {
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup)  // follows redirects
        let transport = AsyncHTTPClientTransport(client: client)
        let context = CallContext(bodyMode: collectsBody ? .collected : .streamed)
        let error = await #expect(throws: BricksError.self) {
            try await transport.exchange(try request("/redirect/1"), body: nil, context: context)
        }
        #expect("\(String(describing: error))".contains("redirectConfiguration: .disallow"))
        try await client.shutdown()
    }

    @Test func neverShutsDownAClientItWasGiven() async throws {
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: AsyncHTTPClientTransport.defaultConfiguration)
        let transport = AsyncHTTPClientTransport(client: client)
        try await transport.shutdown()
        #expect(try await transport.exchange(try request("/get"), body: nil, context: streamed).head.statusCode == 200)
        try await client.shutdown()  // would throw alreadyShutdown had the transport shut it down
    }

    @Test func shutsDownTheClientItOwnsOnce() async throws {
        let transport = AsyncHTTPClientTransport()
        #expect(try await transport.exchange(try request("/get"), body: nil, context: streamed).head.statusCode == 200)
        try await transport.shutdown()
        try await transport.shutdown()  // a second call does nothing
        let error = await #expect(throws: BricksError.self) {
            try await transport.exchange(try request("/get"), body: nil, context: streamed)
        }
        guard case .transport(let cause) = error?.reason else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(cause as? HTTPClientError == .alreadyShutdown)
    }
}
