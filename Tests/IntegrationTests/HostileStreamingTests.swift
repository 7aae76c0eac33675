import Bricks
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(BricksAsyncHTTPClient)
import BricksAsyncHTTPClient
#endif

// Streaming against a server that lies on purpose (scripts/hostile-server.py): resumed downloads
// whose 206 does not continue the file, Server-Sent Events that ask for a reconnection storm, and
// streams with one bad item among good ones. They run on both transports (the transport package
// compiles this folder again).

/// Any body of the hostile server, downloaded as it came.
private struct HostileFile: RequestContextType, GETRequestType, DataResponseType {
    let baseURL: URL
    let path: String
    var queryItems: [URLQueryItem] = []
    var timeoutInterval: TimeInterval { 30 }
}

/// The `data` of the hostile server's events and lines: `{"n": 1}`.
private struct Tick: Decodable, Sendable, Equatable {
    let n: Int
}

private struct HostileEvents: RequestContextType, GETRequestType, ServerSentEventsResponseType {
    typealias Event = Tick
    let baseURL: URL
    let path: String
    var queryItems: [URLQueryItem] = []
    var reconnection: SSEReconnection = .never
    var timeoutInterval: TimeInterval { 30 }
}

private struct HostileLines: RequestContextType, GETRequestType, JSONLinesResponseType {
    typealias Event = Tick
    let baseURL: URL
    let path: String
    var queryItems: [URLQueryItem] = []
    var timeoutInterval: TimeInterval { 30 }
}

/// The bytes of `/resumable`: byte i of version v is `(i * 31 + 7 * v) % 251`.
private func resource(_ count: Int, version: Int = 1) -> Data {
    Data((0..<count).map { UInt8((($0 * 31) + 7 * version) % 251) })
}

private let resourceLength = 8 * 1024 * 1024

/// Reads a stream for at most `limit`, returning what it delivered and how it ended.
private func read<Element: Sendable>(
    _ stream: sending EventStream<Element>, for limit: Duration
) async -> (elements: [Element], error: (any Error)?) {
    let collected = Task { () -> ([Element], (any Error)?) in
        var elements: [Element] = []
        do {
            for try await element in stream { elements.append(element) }
            return (elements, nil)
        } catch {
            return (elements, error)
        }
    }
    let stopper = Task {
        try await Task.sleep(for: limit)
        collected.cancel()
    }
    let result = await collected.value
    stopper.cancel()
    return (result.0, result.1)
}

@Suite(.serialized, .enabled(if: HostileServer.shouldRun, HostileServer.skipReason))
struct HostileStreamingTests {
    private var session: Session { Session(transport: TestTransport.make()) }

    private func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bricks-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    private func heads(_ path: String) async throws -> Int { try await HostileServer.stats().paths[path]?.heads ?? 0 }

    // MARK: Resumed downloads

    /// The honest server: the first body is cut at 4 MiB, the download resumes with `Range` and
    /// `If-Range` and the file is exactly the resource.
    @Test func honestResumeGivesTheWholeFile() async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("file.bin")
        let marker = UUID().uuidString
        let endpoint = HostileFile(
            baseURL: try HostileServer.base(), path: "/resumable",
            queryItems: [URLQueryItem(name: "lie", value: "none"), URLQueryItem(name: "marker", value: marker)])
        let head = try await session.download(endpoint, to: destination)
        #expect(head.statusCode == 206)
        let written = try Data(contentsOf: destination)
        #expect(written.count == resourceLength)
        #expect(written == resource(resourceLength))
        let requests = try await HostileServer.stats().paths["/resumable"]?.requests.filter { $0.query.contains(marker) } ?? []
        #expect(requests.count == 2)
        // From where the file ended: the 4 MiB the server sent, or less on a transport that loses
        // what it had buffered when the connection broke (AsyncHTTPClient).
        let range = try #require(requests.last?.range)
        let offset = try #require(Int(range.dropFirst("bytes=".count).dropLast()), "\(range)")
        #expect(range.hasPrefix("bytes=") && range.hasSuffix("-"))
        #expect(offset > 0 && offset <= resourceLength / 2, "\(range)")
        #expect(requests.last?.if_range == "\"v1\"")
    }

    /// Each lie of a `206` fails the download with an error that says what did not match, and
    /// leaves the destination as it was. (Where the download resumes depends on the transport:
    /// AsyncHTTPClient may lose what it buffered when the connection broke, so the messages are
    /// checked without the offset.) Before: `start0` gave a 12,582,912-byte file, `short` a
    /// 6,291,456-byte one, `etag` a file mixing two versions, all reported as success.
    @Test(arguments: [
        ("start0", "it starts at byte 0, but the download asked for byte "),
        ("short", "disagrees with its Content-Range \"bytes "),
        ("etag", "its ETag \"v2\" is not the \"v1\" sent in If-Range"),
        ("nocr", "it has no Content-Range"),
        ("total", "gives the resource 16777216 bytes, but the first response gave 8388608"),
    ])
    func lyingResumeIsRefusedAndLeavesTheDestination(lie: String, expected: String) async throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("file.bin")
        try Data("before".utf8).write(to: destination)
        let endpoint = HostileFile(
            baseURL: try HostileServer.base(), path: "/resumable", queryItems: [URLQueryItem(name: "lie", value: lie)])
        let error = await #expect(throws: BricksError.self) {
            try await session.download(endpoint, to: destination)
        }
        let description = error.map { "\($0)" } ?? ""
        #expect(description.contains(expected), "\(description)")
        guard case .invalidResponse? = error?.reason else {
            Issue.record("expected invalidResponse, got \(description)")
            return
        }
        #expect(try Data(contentsOf: destination) == Data("before".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file.bin"])
    }

    // MARK: Server-Sent Events reconnection

    /// `retry: 0` and one event per connection: the reconnections keep the floor of 500 ms
    /// instead of a storm (before: 3,027 connections in 5 s).
    @Test func retryZeroIsNoStorm() async throws {
        let before = try await heads("/sse/storm")
        let endpoint = HostileEvents(
            baseURL: try HostileServer.base(), path: "/sse/storm", reconnection: SSEReconnection(maximumAttempts: 3))
        // 5 s: enough for a reconnection or two however busy the machine; the floor is what the
        // gaps below check, whatever the count.
        let (events, _) = await read(session.events(of: endpoint), for: .seconds(5))
        let connections = try await heads("/sse/storm") - before
        print("HostileStreamingTests[\(type(of: TestTransport.make()))]: retry 0 gave \(connections) connections in 5 s, \(events.count) events")
        #expect(connections >= 2)
        #expect(connections <= 12)
        // The events continue across reconnections: each connection starts after the last id.
        #expect(events.map(\.n) == Array((0..<events.count).map { $0 + 1 }))
        let times = try await HostileServer.stats().paths["/sse/storm"]?.requests.suffix(connections).compactMap(\.t) ?? []
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= 0.45, "reconnected after \(later - earlier) s")
        }
    }

    /// The cap the caller sets ends the stream with a typed error, not a plain end.
    @Test func totalAttemptsCapEndsWithATypedError() async throws {
        let endpoint = HostileEvents(
            baseURL: try HostileServer.base(), path: "/sse/storm",
            reconnection: SSEReconnection(minimumDelay: .milliseconds(50), maximumTotalAttempts: 2))
        let (events, error) = await read(session.events(of: endpoint), for: .seconds(60))
        #expect(events.map(\.n) == [1, 2, 3])
        let failure = try #require(error as? BricksError)
        guard case .reconnectionGaveUp(let reconnections, let why) = failure.reason else {
            Issue.record("expected reconnectionGaveUp, got \(failure)")
            return
        }
        #expect(reconnections == 2)
        #expect(why.contains("2 reconnections in all"), "\(why)")
    }

    /// `retry: 1500` on the first connection only: every reconnection waits 1.5 s (before: 1.5 s
    /// once, then the default).
    @Test func retryIsKeptAcrossReconnections() async throws {
        let marker = UUID().uuidString
        let endpoint = HostileEvents(
            baseURL: try HostileServer.base(), path: "/sse/retry-once",
            queryItems: [URLQueryItem(name: "retry", value: "1500"), URLQueryItem(name: "marker", value: marker)],
            reconnection: SSEReconnection(
                defaultDelay: .milliseconds(100), minimumDelay: .milliseconds(50), maximumTotalAttempts: 3))
        let (events, error) = await read(session.events(of: endpoint), for: .seconds(60))
        #expect(events.count == 4)
        #expect(error is BricksError)
        let times = try await HostileServer.stats().paths["/sse/retry-once"]?.requests
            .filter { $0.query.contains(marker) }.compactMap(\.t) ?? []
        #expect(times.count == 4)
        for (earlier, later) in zip(times, times.dropFirst()) {
            #expect(later - earlier >= 1.45, "reconnected after \(later - earlier) s")
        }
    }

    /// Connections that deliver nothing back off, then the stream gives up with a typed error
    /// (before: it ended with `nil`, as if the server had finished).
    @Test func emptyConnectionsBackOffThenGiveUp() async throws {
        let before = try await heads("/sse/empty")
        let endpoint = HostileEvents(
            baseURL: try HostileServer.base(), path: "/sse/empty",
            reconnection: SSEReconnection(maximumAttempts: 3, defaultDelay: .milliseconds(200), minimumDelay: .milliseconds(100)))
        let (events, error) = await read(session.events(of: endpoint), for: .seconds(60))
        #expect(events.isEmpty)
        let failure = try #require(error as? BricksError)
        guard case .reconnectionGaveUp(let reconnections, let why) = failure.reason else {
            Issue.record("expected reconnectionGaveUp, got \(failure)")
            return
        }
        #expect(reconnections == 2)
        #expect(why.contains("3 connections in a row delivered no event"), "\(why)")
        #expect(try await heads("/sse/empty") - before == 3)
        let times = try await HostileServer.stats().paths["/sse/empty"]?.requests.suffix(3).compactMap(\.t) ?? []
        if times.count == 3 {
            // 200 ms doubled, jittered by up to half: at least 200 ms, then at least 400 ms.
            #expect(times[1] - times[0] >= 0.19)
            #expect(times[2] - times[1] >= 0.39)
        }
    }

    /// A reply that is not an event stream fails at once and is not reconnected to (before: read
    /// as an empty stream, reconnected 3 times, ended with `nil`).
    @Test func htmlReplyIsRefusedWithoutReconnecting() async throws {
        let before = try await heads("/sse/html")
        let endpoint = HostileEvents(baseURL: try HostileServer.base(), path: "/sse/html", reconnection: SSEReconnection())
        let (events, error) = await read(session.events(of: endpoint), for: .seconds(60))
        #expect(events.isEmpty)
        let description = "\(error.map { "\($0)" } ?? "no error")"
        #expect(description.contains("Content-Type text/html"), "\(description)")
        #expect(description.contains("text/event-stream"), "\(description)")
        #expect(try await heads("/sse/html") - before == 1)
    }

    @Test func htmlReplyToJSONLinesIsRefused() async throws {
        let endpoint = HostileLines(baseURL: try HostileServer.base(), path: "/jsonl/html")
        let (lines, error) = await read(session.events(of: endpoint), for: .seconds(60))
        #expect(lines.isEmpty)
        #expect("\(error.map { "\($0)" } ?? "no error")".contains("Content-Type text/html"))
    }

    // MARK: Decode errors lose nothing that was good

    /// Lines 1–4 in one write, line 3 bad: lines 1 and 2 arrive, then an error that names line 3,
    /// says why and quotes it (before: 0 items and an empty excerpt).
    @Test(arguments: [("json", "line 3 of the stream is not valid JSON", "{\"n\": 3,"), ("utf8", "line 3 of the stream is not valid UTF-8", "{\"n\": \"")])
    func badJSONLineComesAfterTheGoodOnes(kind: String, expected: String, quote: String) async throws {
        let endpoint = HostileLines(
            baseURL: try HostileServer.base(), path: "/jsonl/bad", queryItems: [URLQueryItem(name: "kind", value: kind)])
        let (lines, error) = await read(session.events(of: endpoint), for: .seconds(60))
        #expect(lines == [Tick(n: 1), Tick(n: 2)])
        let failure = try #require(error as? BricksError)
        guard case .decoding(_, let excerpt) = failure.reason else {
            Issue.record("expected a decoding error, got \(failure)")
            return
        }
        #expect(excerpt.hasPrefix(quote), "\(excerpt)")
        #expect("\(failure)".contains(expected), "\(failure)")
        #expect(failure.request?.endpoint == "HostileLines")
    }

    /// The same for server-sent events with a typed payload: events 1 and 2, then the error for
    /// event 3 with its id.
    @Test(arguments: [("json", "event 3 (id \"3\") of the stream is not valid JSON"), ("utf8", "event 3 (id \"3\") of the stream could not be decoded: its data held bytes that are not valid UTF-8")])
    func badEventComesAfterTheGoodOnes(kind: String, expected: String) async throws {
        let endpoint = HostileEvents(
            baseURL: try HostileServer.base(), path: "/sse/bad", queryItems: [URLQueryItem(name: "kind", value: kind)])
        let (events, error) = await read(session.events(of: endpoint), for: .seconds(60))
        #expect(events == [Tick(n: 1), Tick(n: 2)])
        let failure = try #require(error as? BricksError)
        #expect("\(failure)".contains(expected), "\(failure)")
        #expect("\(failure)".contains("It read: {\"n\": "), "\(failure)")
    }
}
