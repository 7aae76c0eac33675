import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(BricksAsyncHTTPClient)
import BricksAsyncHTTPClient
#endif

/// Any route of the hostile server, returning the body as it came.
private struct Route: RequestContextType, DataResponseType {
    let baseURL: URL
    let path: String
    var queryItems: [URLQueryItem] = []
    var method: HTTPMethod = .get
    var body: Data?
    var timeoutInterval: TimeInterval = 30
    var maximumResponseSize: Int?
    func makeRequestBody() throws -> RequestBody? { body.map { RequestBody($0, contentType: "application/octet-stream") } }
}

private let mebibyte = 1024 * 1024

private func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = (ContinuousClock.now - start).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
}

/// Regression tests against scripts/hostile-server.py (issue 16): a server that misbehaves on
/// purpose. They run on both transports (the transport package compiles this folder again), one
/// at a time, since they measure this process's peak memory.
@Suite(.serialized, .enabled(if: HostileServer.shouldRun, HostileServer.skipReason))
struct HostileServerTests {
    /// Sends `route` with a body limit of `limit`; returns the error, the seconds it took and the
    /// growth of the peak RSS (MiB), printed for the record.
    private func failure(
        _ route: Route, limit: Int = mebibyte, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (BricksError, Double, Double?) {
        let session = Session(transport: TestTransport.make(), limits: ResponseLimits(maximumBodySize: limit))
        let start = ContinuousClock.now
        let (error, growth) = await PeakMemory.growth { () async -> BricksError? in
            await #expect(throws: BricksError.self, sourceLocation: sourceLocation) {
                _ = try await session.send(route)
            }
        }
        let seconds = seconds(since: start)
        let figures = growth.map { String(format: "%.1f MiB", $0) } ?? "n/a"
        print("hostile \(route.path)?\(route.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")) on \(type(of: TestTransport.make())): \(String(format: "%.2f", seconds)) s, peak RSS growth \(figures): \(error.map { "\($0)" } ?? "no error")")
        return (try #require(error, sourceLocation: sourceLocation), seconds, growth)
    }

    // MARK: memory

    /// 1 GiB of zeros gzipped into ~1 MB, against a 1 MiB limit: refused while inflating, and
    /// memory stays bounded (before the fix: 1,074 MiB peak on URLSession).
    @Test func gzipBombIsRefusedWithBoundedMemory() async throws {
        let (error, seconds, growth) = try await failure(Route(baseURL: try HostileServer.base(), path: "/gzip-bomb"))
        #expect(error == .responseTooLarge(limit: mebibyte))
        #expect(seconds < 60, "a hang guard")
        if let growth { #expect(growth < 64, "peak RSS grew by \(growth) MiB") }
    }

    /// 200 MiB chunked (no length) against a 1 MiB limit.
    @Test func longChunkedBodyIsRefusedWithBoundedMemory() async throws {
        let (error, seconds, growth) = try await failure(
            Route(baseURL: try HostileServer.base(), path: "/chunked", queryItems: [URLQueryItem(name: "mb", value: "200")]))
        #expect(error == .responseTooLarge(limit: mebibyte))
        #expect(seconds < 60, "a hang guard")
        if let growth { #expect(growth < 64, "peak RSS grew by \(growth) MiB") }
    }

    /// `Content-Length: 209715200` against a 100 MiB limit: refused on the head, before the body.
    @Test func declaredLengthOverTheLimitIsRefusedOnTheHead() async throws {
        let limit = 100 * mebibyte
        let (error, seconds, growth) = try await failure(
            Route(baseURL: try HostileServer.base(), path: "/declared-length"), limit: limit)
        #expect(error == .responseTooLarge(limit: limit))
        #expect(seconds < 30, "a hang guard")
        // Measured: 0–6 MiB on AsyncHTTPClient, 9–10 MiB on URLSession; what the server sent
        // after the refusal is checked by refusedHeadStopsTheServerSending.
        if let growth { #expect(growth < 128, "peak RSS grew by \(growth) MiB") }
    }

    /// A reader that takes 2 ms a chunk, far slower than loopback: AsyncHTTPClient reads from the
    /// socket only as fast (the whole body arrives, memory flat); FoundationNetworking cannot pause,
    /// so the chunks wait on disk, up to the spool limit (4 MiB here), past which the transfer
    /// stops with `.spoolLimitExceeded` (before: the spool grew to the whole body, 1 GiB on disk
    /// for a 1 GiB body).
    @Test func slowReaderIsBoundedInMemoryAndOnDisk() async throws {
        #if canImport(BricksAsyncHTTPClient)
        let session = Session(transport: TestTransport.make())
        let mebibytes = 16
        #else
        let session = Session(transport: URLSessionTransport(maximumSpoolSize: 4 * mebibyte))
        let mebibytes = 64
        #endif
        let route = Route(
            baseURL: try HostileServer.base(), path: "/chunked", queryItems: [URLQueryItem(name: "mb", value: "\(mebibytes)")])
        let ((received, error), growth) = await PeakMemory.growth { () async -> (Int, (any Error)?) in
            var received = 0
            do {
                for try await chunk in session.bytes(of: route) {
                    received += chunk.count
                    try await Task.sleep(for: .milliseconds(2))
                }
                return (received, nil)
            } catch {
                return (received, error)
            }
        }
        print("hostile slow reader on \(type(of: session.transport)): \(received) bytes read, peak RSS growth \(growth.map { String(format: "%.1f MiB", $0) } ?? "n/a"): \(error.map { "\($0)" } ?? "no error")")
        #if canImport(BricksAsyncHTTPClient)
        #expect(error == nil)
        #expect(received == mebibytes * mebibyte)
        #else
        let failure = try #require(error as? BricksError)
        #expect(failure == .spoolLimitExceeded(limit: 4 * mebibyte), "\(failure)")
        #expect(received < mebibytes * mebibyte)
        #expect("\(failure)".contains("maximumSpoolSize"))
        #endif
        if let growth { #expect(growth < 64, "peak RSS grew by \(growth) MiB") }
    }

    /// The calls that can meet a head refused on its `Content-Length`: a whole body with a
    /// deadline (AsyncHTTPClient's one-step path), a whole body without one, and streamed bodies.
    enum RefusedCall: String, CaseIterable, Sendable {
        case send, sendWithoutDeadline, bytes, download
    }

    /// `Content-Length: 209715200` against a 100 MiB limit: once the head is refused, the body is
    /// not read. Counted by the server: the bytes its socket accepted before the client went away
    /// stay within the kernel's buffers (0.1–2.8 MiB measured), on every call, over plain HTTP and
    /// (where the transport can trust the server's CA) TLS. Before the fix, AsyncHTTPClient over
    /// TLS read the whole 200 MiB: closing the connection waited for the server's `close_notify`
    /// (SwiftNIO's `shutdownTimeout`, 5 s), reading everything the server sent meanwhile. On
    /// URLSession (Linux) this is a known issue: FoundationNetworking's `cancel()` lands late.
    @Test(arguments: RefusedCall.allCases, HostileServer.schemes)
    func refusedHeadStopsTheServerSending(_ call: RefusedCall, overTLS: Bool) async throws {
        let limit = 100 * mebibyte
        let marker = "refused-\(call.rawValue)-\(overTLS ? "tls" : "plain")-\(UUID().uuidString)"
        let route = Route(
            baseURL: try overTLS ? HostileServer.secureBase() : HostileServer.base(), path: "/declared-length",
            queryItems: [URLQueryItem(name: "marker", value: marker)],
            timeoutInterval: call == .sendWithoutDeadline ? .greatestFiniteMagnitude : 30, maximumResponseSize: limit)
        let ports = try HostileServer.ports()
        let session = Session(
            transport: overTLS
                ? try HostileServer.transport(trust: TLSTrust(trustRoots: [URL(fileURLWithPath: ports.ca)]))
                : TestTransport.make())
        let error = try #require(await #expect(throws: BricksError.self) {
            switch call {
            case .send, .sendWithoutDeadline:
                _ = try await session.send(route)
            case .bytes:
                for try await _ in session.bytes(of: route) {}
            case .download:
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("bricks-\(marker)")
                defer { try? FileManager.default.removeItem(at: file) }
                try await session.download(route, to: file)
            }
        })
        #expect(error == .responseTooLarge(limit: limit))
        let sent = try await HostileServer.responseBytes(path: "/declared-length", marker: marker)
        print("hostile /declared-length, \(call)\(overTLS ? " over TLS" : "") on \(type(of: TestTransport.make())): the server sent \(String(format: "%.1f", Double(sent) / Double(mebibyte))) MiB")
        if TestTransport.stopsTransferAtOnce {
            #expect(sent < 16 * mebibyte, "the server sent \(sent) bytes after the head was refused")
        } else {
            withKnownIssue("FoundationNetworking cancels late (Docs/Linux.md, \"Large bodies\")", isIntermittent: true) {
                #expect(sent < 16 * mebibyte, "the server sent \(sent) bytes after the head was refused")
            }
        }
    }

    // MARK: heads

    /// 17,000 header fields with a 1 s timeout: an error, never a value.
    @Test func headerFloodFailsWithinTheDeadline() async throws {
        let (error, seconds, _) = try await failure(
            Route(
                baseURL: try HostileServer.base(), path: "/header-flood",
                queryItems: [URLQueryItem(name: "count", value: "17000")], timeoutInterval: 1))
        switch error.reason {
        case .invalidResponse, .timedOut: break
        default: Issue.record("expected invalidResponse or timedOut, got \(error)")
        }
        #expect(seconds < 30, "a hang guard: the deadline ended it")
    }

    /// A 1 MiB header line: a clear error, not "Out of memory".
    @Test func oneMebibyteHeaderLineIsAClearError() async throws {
        let (error, seconds, _) = try await failure(
            Route(
                baseURL: try HostileServer.base(), path: "/long-header",
                queryItems: [URLQueryItem(name: "bytes", value: "1048576")]))
        #expect(error.description.contains("header"), "\(error)")
        #expect(!error.description.localizedCaseInsensitiveContains("out of memory"), "\(error)")
        #expect(seconds < 30, "a hang guard")
    }

    /// Two different `Content-Length` values are a framing error (RFC 9112 §6.3).
    @Test func conflictingContentLengthIsInvalid() async throws {
        let (error, _, _) = try await failure(Route(baseURL: try HostileServer.base(), path: "/conflicting-length"))
        guard case .invalidResponse = error.reason else {
            Issue.record("expected invalidResponse, got \(error)")
            return
        }
    }

    /// Header bytes that are not UTF-8 are refused on both transports (FoundationNetworking cannot
    /// read such a line; AsyncHTTPClient's replacement characters are refused to match):
    /// `invalidResponse` (Docs/Linux.md, "Hostile servers").
    @Test func nonUTF8HeaderBytesAreRefused() async throws {
        let (error, _, _) = try await failure(Route(baseURL: try HostileServer.base(), path: "/non-utf8-header"))
        guard case .invalidResponse = error.reason else {
            Issue.record("expected invalidResponse, got \(error)")
            return
        }
        #expect(error.description.contains("UTF-8"), "\(error)")
    }

    // MARK: redirects

    /// A redirect to a URL with user info is refused, and the origin it names is never contacted.
    @Test func redirectWithUserInfoIsRefused() async throws {
        let ports = try HostileServer.ports()
        let marker = "/userinfo-target-\(UUID().uuidString)"
        let target = "http://user:secret@localhost:\(ports.http)\(marker)"
        let session = Session(transport: TestTransport.make())
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(
                Route(
                    baseURL: try HostileServer.base(), path: "/redirect-userinfo",
                    queryItems: [URLQueryItem(name: "to", value: target)]))
        })
        guard case .invalidResponse = error.reason else {
            Issue.record("expected invalidResponse, got \(error)")
            return
        }
        #expect(try await HostileServer.stats().paths[marker] == nil)
    }

    /// A redirect loop ends with the hop count in words.
    @Test func redirectLoopSaysHowManyHops() async throws {
        let session = Session(transport: TestTransport.make(), redirectPolicy: .follow(maximumRedirects: 5))
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(Route(baseURL: try HostileServer.base(), path: "/redirect-loop"))
        })
        #expect(error.description.contains("gave up after 5 redirects"), "\(error)")
    }

    // MARK: broken connections

    /// `Content-Length: 100`, 10 bytes, then FIN: a transport error that says the body was cut short.
    @Test func truncatedBodySaysItWasCutShort() async throws {
        let (error, seconds, _) = try await failure(Route(baseURL: try HostileServer.base(), path: "/truncated"))
        guard case .transport = error.reason else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(error.description.contains("cut short"), "\(error)")
        #expect(seconds < 30, "a hang guard")
    }

    /// No reply, then RST: a transport error that says the connection was reset.
    @Test func resetSaysTheConnectionWasReset() async throws {
        let (error, seconds, _) = try await failure(Route(baseURL: try HostileServer.base(), path: "/reset"))
        guard case .transport = error.reason else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(error.description.contains("reset"), "\(error)")
        #expect(seconds < 30, "a hang guard")
    }

    /// A POST on a kept-alive connection that the server reads and then resets: it must reach the
    /// server once, never be re-sent silently, and end promptly (before the fix, URLSession sent
    /// the head twice and hung until the deadline).
    @Test func postIsNeverSentTwiceOnAReusedConnection() async throws {
        let base = try HostileServer.base()
        let session = Session(transport: TestTransport.make())
        let path = "/post-once"
        let before = try await HostileServer.stats().paths[path]?.heads ?? 0
        // The first request on a connection: the server keeps it open and resets it on the next head.
        _ = try await session.send(
            Route(baseURL: base, path: "/keepalive-close-trap", queryItems: [URLQueryItem(name: "mode", value: "next")]))
        let start = ContinuousClock.now
        let outcome: Result<Data, any Error>
        do {
            outcome = .success(try await session.send(
                Route(baseURL: base, path: path, method: .post, body: Data(repeating: 7, count: 1000), timeoutInterval: 60)))
        } catch {
            outcome = .failure(error)
        }
        let seconds = seconds(since: start)
        let heads = (try await HostileServer.stats().paths[path]?.heads ?? 0) - before
        print("hostile POST after keep-alive trap on \(type(of: TestTransport.make())): \(String(format: "%.2f", seconds)) s, heads \(heads), \(outcome)")
        #expect(heads == 1, "the POST reached the server \(heads) times")
        #expect(seconds < 30, "ended before its 60 s deadline: it did not hang")
    }

    /// 1,000 POSTs back to back to a server that answers each with a 201 and closes the
    /// connection without a `Connection: close` of its own (issue 54): every body reaches the
    /// server whole, each POST once, and no call hangs. Before the fix, URLSession sent the next
    /// POST on the closing connection, re-sent it on a new one with its head and no body, and the
    /// call hung until its deadline (2–3 of 1,000 here).
    @Test func backToBackPostsReachAServerThatClosesSilently() async throws {
        let base = try HostileServer.base()
        let session = Session(transport: TestTransport.make())
        let path = "/reply-and-close"
        let before = try await HostileServer.stats().paths[path]
        let calls = 1000
        var hangs = 0, failures: [String] = [], wrongEchoes = 0, sentBytes = 0, done = 0
        for call in 0..<calls {
            // A create of about 70 bytes, as in the report; the deadline is the hang guard.
            let body = Data(#"{"title":"task \#(call)","notes":"posted as soon as the last reply decoded"}"#.utf8)
            sentBytes += body.count
            do {
                let echo = try await session.send(Route(
                    baseURL: base, path: path, queryItems: [URLQueryItem(name: "wait", value: "5")], method: .post, body: body,
                    timeoutInterval: 15))
                if echo != body { wrongEchoes += 1 }
            } catch let error as BricksError {
                if case .timedOut = error.reason { hangs += 1 } else { failures.append("\(error)") }
            }
            done = call + 1
            // Bounded: three hangs or failures tell enough.
            if hangs + failures.count >= 3 { break }
        }
        let after = try #require(try await HostileServer.stats().paths[path])
        let heads = after.heads - (before?.heads ?? 0)
        let bodies = after.bodies - (before?.bodies ?? 0)
        let bodyBytes = after.body_bytes - (before?.body_bytes ?? 0)
        print("hostile \(calls) back-to-back POSTs to \(path) on \(type(of: TestTransport.make())): \(done) calls, \(hangs) hangs, \(failures.count) failures, \(wrongEchoes) wrong echoes; the server received \(heads) heads, \(bodies) bodies, \(bodyBytes) of \(sentBytes) bytes")
        #expect(done == calls)
        #expect(hangs == 0)
        #expect(failures.isEmpty, "\(failures)")
        #expect(wrongEchoes == 0)
        #expect(heads == calls, "each POST reaches the server once")
        #expect(bodies == calls)
        #expect(bodyBytes == sentBytes)
    }

    /// PUTs back to back to the same server: an idempotent request may share a kept connection,
    /// which the server closes as the next one goes out. Each call succeeds with its body echoed
    /// whole or fails at once; none hangs, none is answered for a body that did not arrive whole.
    @Test func backToBackPutsNeverHangOnAConnectionClosedSilently() async throws {
        let session = Session(transport: TestTransport.make())
        var echoed = 0, failures: [String] = []
        for call in 0..<20 {
            let body = Data(#"{"title":"task \#(call)","done":true}"#.utf8)
            let start = ContinuousClock.now
            do {
                let echo = try await session.send(Route(
                    baseURL: try HostileServer.base(), path: "/reply-and-close", queryItems: [URLQueryItem(name: "wait", value: "5")],
                    method: .put, body: body, timeoutInterval: 15))
                #expect(echo == body)
                echoed += 1
            } catch let error as BricksError {
                failures.append("\(error)")
                if case .timedOut = error.reason { Issue.record("call \(call) hung: \(error)") }
                #expect(seconds(since: start) < 5, "\(error)")
                if TestTransport.make() is URLSessionTransport { #expect(error.description.contains("body was not sent"), "\(error)") }
            }
        }
        print("hostile 20 back-to-back PUTs to /reply-and-close on \(type(of: TestTransport.make())): \(echoed) echoed whole, \(failures.count) failed at once: \(failures.first ?? "none")")
    }

    // MARK: TLS trust

    /// The private CA named as the trust root: the exchange succeeds.
    @Test func trustedPrivateCAIsAccepted() async throws {
        let ports = try HostileServer.ports()
        let trust = TLSTrust(trustRoots: [URL(fileURLWithPath: ports.ca)])
        let transport: any HTTPTransport
        do {
            transport = try HostileServer.transport(trust: trust)
        } catch let error as BricksError {
            // A transport that cannot (URLSession on Linux) says so when it is made.
            #expect(error.description.contains("cannot trust a private CA"), "\(error)")
            return
        }
        let session = Session(transport: transport)
        let data = try await session.send(Route(baseURL: try HostileServer.secureBase(), path: "/json"))
        #expect(String(decoding: data, as: UTF8.self).contains("true"))
    }

    /// The system's roots only: the private CA's certificate is refused with words that say TLS.
    @Test func untrustedCertificateIsATLSError() async throws {
        let session = Session(transport: TestTransport.make())
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(Route(baseURL: try HostileServer.secureBase(), path: "/json", timeoutInterval: 10))
        })
        #expect(error.description.contains("TLS"), "\(error)")
        #expect(error.description.contains("certificate") || error.description.contains("trust"), "\(error)")
    }

    /// A pin on another key: refused, at construction where the transport cannot pin, otherwise
    /// at the handshake.
    @Test func wrongPinIsRefused() async throws {
        let ports = try HostileServer.ports()
        let wrong = Data(repeating: 1, count: 32).base64EncodedString()
        #expect(wrong != ports.pin_sha256)
        let trust = TLSTrust(trustRoots: [URL(fileURLWithPath: ports.ca)], pinnedPublicKeys: [wrong])
        let transport: any HTTPTransport
        do {
            transport = try HostileServer.transport(trust: trust)
        } catch let error as BricksError {
            #expect(error.description.contains("pin"), "\(error)")
            return
        }
        let session = Session(transport: transport)
        let error = try #require(await #expect(throws: BricksError.self) {
            try await session.send(Route(baseURL: try HostileServer.secureBase(), path: "/json", timeoutInterval: 10))
        })
        #expect(error.description.contains("pin"), "\(error)")
    }
}
