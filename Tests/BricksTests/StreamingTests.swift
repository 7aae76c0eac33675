import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The streaming API on StubTransport and on small transports of its own that produce bodies chunk
// by chunk, fail mid-way, or never end: events(of:), send on a streaming endpoint, download(_:to:)
// (Content-Length checks, resume with Range/If-Range), upload progress.

private let streamingBase = URL(string: "https://stream.example.com")!

// MARK: - Endpoints

private struct SSEEndpoint: RequestContextType, GETRequestType, ServerSentEventsResponseType {
    typealias Event = ServerSentEvent
    var baseURL: URL { streamingBase }
    var path: String = "/events"
    var reconnection: SSEReconnection = .never
    var maximumLineLength: Int = 1 << 20
}

private struct NumberLine: Decodable, Sendable, Equatable {
    let id: Int
}

private struct LinesEndpoint: RequestContextType, GETRequestType, JSONLinesResponseType {
    typealias Event = NumberLine
    var baseURL: URL { streamingBase }
    var path: String = "/lines"
    var maximumLineLength: Int = 1 << 20
}

private struct FileEndpoint: RequestContextType, GETRequestType, DataResponseType {
    var baseURL: URL { streamingBase }
    var path: String { "/file" }
}

private struct UploadEndpoint: RequestContextType, POSTRequestType, FileBodyRequestType, DataResponseType {
    var baseURL: URL { streamingBase }
    let fileURL: URL
    var path: String { "/upload" }
}

// MARK: - Transports and bodies

/// A value set once from any task, read by the test.
private final class StreamingFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false

    func set() { lock.withLock { isSet = true } }
    var value: Bool { lock.withLock { isSet } }

    /// Waits up to `limit` for the flag.
    /// A hang guard, not a timing check: `limit` is generous, since on a machine whose cores are
    /// busy (other suites' CPU-bound tests share the cooperative pool) a few milliseconds of work
    /// can wait seconds for a thread.
    func wait(upTo limit: Duration) async -> Bool {
        let clock = ContinuousClock()
        let start = clock.now
        while !value, clock.now - start < limit {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return value
    }
}

/// A count updated from any task.
private final class StreamingCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Adds one and returns the count before.
    func increment() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }

    var value: Int { lock.withLock { count } }
}

/// Produces a body's chunks on demand: `make(i)` is chunk i (`nil` ends the body; an error fails
/// it). Counts the chunks produced in `produced`, and sets `released` when the body lets go of it.
private final class ChunkProducer: Sendable {
    private let make: @Sendable (Int) throws -> Data?
    private let produced: StreamingCounter
    private let released: StreamingFlag

    init(produced: StreamingCounter, released: StreamingFlag, make: @escaping @Sendable (Int) throws -> Data?) {
        self.make = make
        self.produced = produced
        self.released = released
    }

    func next() throws -> Data? { try make(produced.increment()) }

    deinit { released.set() }
}

/// The chunks of a ``ChunkProducer`` as an async sequence, one suspension point per chunk.
private struct ProducedChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let producer: ChunkProducer

    struct AsyncIterator: AsyncIteratorProtocol {
        let producer: ChunkProducer
        mutating func next() async throws -> Data? {
            await Task.yield()
            return try producer.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(producer: producer) }
}

/// The answer of ``ScriptedTransport`` to one exchange.
private struct ScriptedAnswer: Sendable {
    var status = 200
    var headers: HeaderFields = [:]
    /// Chunk i of the body, `nil` at its end.
    var chunk: @Sendable (Int) throws -> Data? = { _ in nil }
}

/// A transport that answers each exchange from a script, with a streamed body produced on demand.
/// It records the requests and their bodies, how many chunks each response body produced, and
/// whether each was released (nothing here keeps a body alive).
private final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [RequestHead] = []
    private var uploads: [Data] = []
    private var counters: [StreamingCounter] = []
    private var flags: [StreamingFlag] = []
    private let script: @Sendable (RequestHead, Int) throws -> ScriptedAnswer

    /// `script(request, i)` answers the i-th exchange (from 0).
    init(_ script: @escaping @Sendable (RequestHead, Int) throws -> ScriptedAnswer) {
        self.script = script
    }

    /// The media type of each streaming path, for answers whose script sets none.
    private static let contentTypes = ["/events": "text/event-stream", "/lines": "application/x-ndjson"]

    var requests: [RequestHead] { lock.withLock { recorded } }
    var uploadedBodies: [Data] { lock.withLock { uploads } }
    /// Whether the body of exchange `index` was released.
    func released(_ index: Int) -> StreamingFlag { lock.withLock { flags[index] } }
    /// The chunks the body of exchange `index` produced so far (the one that ended it included).
    func producedChunks(_ index: Int) -> Int { lock.withLock { counters[index].value } }

    func exchange(_ request: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        var uploaded = Data()
        if let body {
            for try await chunk in try body.chunks() { uploaded.append(chunk) }
        }
        let counter = StreamingCounter()
        let flag = StreamingFlag()
        let index = lock.withLock {
            recorded.append(request)
            uploads.append(uploaded)
            counters.append(counter)
            flags.append(flag)
            return recorded.count - 1
        }
        let answer = try script(request, index)
        let producer = ChunkProducer(produced: counter, released: flag, make: answer.chunk)
        var headers = answer.headers
        if headers["Content-Type"] == nil, let type = Self.contentTypes[request.path] {
            // What a server of these paths declares, unless the script says otherwise.
            headers.append(name: "Content-Type", value: type)
        }
        let head = ResponseHead(
            statusCode: answer.status, headerFields: headers, url: try request.makeURL(),
            httpVersion: "HTTP/1.1")
        return RawResponse(head: head, body: ResponseBody(ProducedChunks(producer: producer)))
    }
}

/// `data` cut into chunks whose sizes cycle through `sizes`.
private func cut(_ data: Data, sizes: [Int]) -> [Data] {
    var chunks: [Data] = []
    var start = data.startIndex
    var turn = 0
    while start < data.endIndex {
        let end = min(start + sizes[turn % sizes.count], data.endIndex)
        chunks.append(data[start..<end])
        start = end
        turn += 1
    }
    return chunks
}

/// An answer whose body is `chunks`, then its end.
private func answer(status: Int = 200, headers: HeaderFields = [:], chunks: [Data]) -> ScriptedAnswer {
    ScriptedAnswer(status: status, headers: headers) { index in index < chunks.count ? chunks[index] : nil }
}

/// A stream with comments, `retry`, multi-line data, LF, CRLF and CR line ends, a UTF-8 character,
/// an id that persists, and a last block that no blank line ends (discarded).
private let sseBody = Data(
    (": hello\r\n" + "retry: 250\n"
        + "id: 1\nevent: greeting\ndata: hé\ndata: llo\n\n"
        + "data: {\"n\": 2}\r\nid: 2\r\n\r\n"
        + "id: 3\revent: multi\rdata: a\rdata: \rdata: b\r\r"
        + "data: the id persists\n\n"
        + "data: never dispatched\n").utf8)

private let expectedSSEEvents = [
    ServerSentEvent(event: "greeting", data: "hé\nllo", id: "1", retry: .milliseconds(250)),
    ServerSentEvent(event: "message", data: #"{"n": 2}"#, id: "2"),
    ServerSentEvent(event: "multi", data: "a\n\nb", id: "3"),
    ServerSentEvent(event: "message", data: "the id persists", id: "3"),
]

/// JSON Lines with CRLF line ends, a blank line, and a last line without a line end.
private let crlfLines = Data("{\"id\":1}\r\n{\"id\":2}\r\n\r\n{\"id\":3}\r\n{\"id\":4}".utf8)

/// Every event of `stream`.
private func collect<Element>(_ stream: EventStream<Element>) async throws -> [Element] {
    var elements: [Element] = []
    for try await element in stream { elements.append(element) }
    return elements
}

/// A new empty directory; the caller removes it.
private func makeStreamingDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("bricks-streaming-unit-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Every entry of `directory`, hidden ones included.
private func contents(of directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
}

/// The chunks of an endless body: `unit` again and again.
private func endless(_ unit: Data, contentType: String = "application/octet-stream") -> ScriptedAnswer {
    ScriptedAnswer(status: 200, headers: ["Content-Type": contentType]) { _ in unit }
}

// MARK: - Tests

@Suite struct StreamingTests {
    // MARK: Server-Sent Events and JSON Lines over chunks

    @Test(arguments: [[1], [2], [3], [1, 2, 3, 5, 7, 11], [64]])
    func serverSentEventsOverManySmallChunks(sizes: [Int]) async throws {
        let chunks = cut(sseBody, sizes: sizes)
        let transport = ScriptedTransport { _, _ in answer(headers: ["Content-Type": "text/event-stream"], chunks: chunks) }
        let session = Session(transport: transport)
        let events = try await collect(session.events(of: SSEEndpoint()))
        #expect(events == expectedSSEEvents)
        // Every chunk was read, then the end.
        #expect(transport.producedChunks(0) == chunks.count + 1)
        #expect(await transport.released(0).wait(upTo: .seconds(60)))
    }

    @Test func serverSentEventsFromAStubbedBody() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/events", reply: .init(headers: ["Content-Type": "text/event-stream"], body: sseBody))
        let session = Session(transport: stub)
        #expect(try await collect(session.events(of: SSEEndpoint())) == expectedSSEEvents)
    }

    @Test func theErrorReplyOfAStreamIsReadOnlyUpToTheSessionsLimit() async throws {
        // A stream has no body limit of its own, but the body of its error reply is read whole:
        // the session's limit bounds it, so a hostile 500 cannot grow without end.
        let stub = StubTransport()
        await stub.register(.get, "/events", reply: .init(status: 500, body: Data(count: 200)))
        let session = Session(transport: stub, limits: ResponseLimits(maximumBodySize: 100))
        await #expect(throws: BricksError.responseTooLarge(limit: 100)) {
            try await collect(session.events(of: SSEEndpoint()))
        }
    }

    @Test func aStreamMadeInOneTaskIsReadInAnother() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/events", reply: .init(headers: ["Content-Type": "text/event-stream"], body: sseBody))
        // EventStream is Sendable: made here, handed to a task that reads it.
        let stream = Session(transport: stub).events(of: SSEEndpoint())
        let reader = Task { try await collect(stream) }
        #expect(try await reader.value == expectedSSEEvents)
    }

    @Test(arguments: [[1], [2], [9], [4096]])
    func jsonLinesWithCRLF(sizes: [Int]) async throws {
        let chunks = cut(crlfLines, sizes: sizes)
        let transport = ScriptedTransport { _, _ in answer(chunks: chunks) }
        let session = Session(transport: transport)
        let lines = try await collect(session.events(of: LinesEndpoint()))
        #expect(lines == (1...4).map(NumberLine.init(id:)))
    }

    /// A CRLF split exactly between its CR and its LF, at each line end.
    @Test func jsonLinesWithCRLFSplitBetweenCRAndLF() async throws {
        let text = Array(crlfLines)
        let cuts = text.indices.filter { text[$0] == UInt8(ascii: "\r") }.map { $0 + 1 }
        var chunks: [Data] = []
        var start = 0
        for end in cuts + [text.count] {
            chunks.append(Data(text[start..<end]))
            start = end
        }
        let pieces = chunks
        let transport = ScriptedTransport { _, _ in answer(chunks: pieces) }
        let lines = try await collect(Session(transport: transport).events(of: LinesEndpoint()))
        #expect(lines == (1...4).map(NumberLine.init(id:)))
    }

    // MARK: send on a streaming endpoint

    @Test func sendOnAStreamingEndpointReturnsEveryEvent() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/events", reply: .init(headers: ["Content-Type": "text/event-stream"], body: sseBody))
        await stub.register(.get, "/lines", reply: .init(headers: ["Content-Type": "application/x-ndjson"], body: crlfLines))
        let session = Session(transport: stub)
        #expect(try await session.send(SSEEndpoint()) == expectedSSEEvents)
        #expect(try await session.send(LinesEndpoint()) == (1...4).map(NumberLine.init(id:)))
    }

    @Test func sendOnAStreamingEndpointReadsAStreamedBody() async throws {
        let sse = cut(sseBody, sizes: [3])
        let lines = cut(crlfLines, sizes: [2])
        let transport = ScriptedTransport { request, _ in
            request.path == "/events" ? answer(chunks: sse) : answer(chunks: lines)
        }
        let session = Session(transport: transport)
        #expect(try await session.send(SSEEndpoint()) == expectedSSEEvents)
        #expect(try await session.send(LinesEndpoint()) == (1...4).map(NumberLine.init(id:)))
    }

    // MARK: Bounded lines

    /// A line that never ends fails once it passes the limit: the body is read no further than
    /// that, and released.
    @Test func endlessJSONLineFailsAtTheLimit() async throws {
        let transport = ScriptedTransport { _, _ in endless(Data(repeating: UInt8(ascii: "x"), count: 4096), contentType: "application/jsonl") }
        let session = Session(transport: transport)
        let error = await #expect(throws: (any Error).self) {
            try await collect(session.events(of: LinesEndpoint(maximumLineLength: 10_000)))
        }
        let description = String(describing: try #require(error))
        #expect(description.contains("exceeded 10000 bytes"), "\(description)")
        // 10,000 bytes are 3 chunks of 4,096: the fourth is never asked for.
        #expect(transport.producedChunks(0) == 3)
        #expect(await transport.released(0).wait(upTo: .seconds(60)))
    }

    @Test func endlessServerSentEventLineFailsAtTheLimit() async throws {
        let transport = ScriptedTransport { _, index in
            index == 0 ? answer(chunks: [Data("data: ".utf8)]).then(endless(Data(repeating: UInt8(ascii: "y"), count: 4096), contentType: "text/event-stream"))
                : answer(chunks: [])
        }
        let session = Session(transport: transport)
        let error = await #expect(throws: (any Error).self) {
            try await collect(session.events(of: SSEEndpoint(maximumLineLength: 10_000)))
        }
        let description = String(describing: try #require(error))
        #expect(description.contains("exceeded 10000 bytes"), "\(description)")
        #expect(transport.producedChunks(0) <= 4)
        #expect(transport.requests.count == 1)
        #expect(await transport.released(0).wait(upTo: .seconds(60)))
    }

    /// The error a stream throws is documented as a ``BricksError`` that names the call (or a
    /// typed API error, or the endpoint's decoding error).
    @Test func lineTooLongIsABricksErrorNamingTheCall() async throws {
        let transport = ScriptedTransport { _, _ in endless(Data(repeating: UInt8(ascii: "x"), count: 4096), contentType: "application/jsonl") }
        let session = Session(transport: transport)
        let error = await #expect(throws: BricksError.self) {
            try await collect(session.events(of: LinesEndpoint(maximumLineLength: 10_000)))
        }
        #expect(error?.request?.endpoint == "LinesEndpoint")
    }

    // MARK: Releasing the body

    @Test func leavingTheLoopReleasesTheBody() async throws {
        let transport = ScriptedTransport { _, _ in
            ScriptedAnswer { index in Data("id: \(index + 1)\ndata: \(index + 1)\n\n".utf8) }
        }
        let session = Session(transport: transport)
        var received: [String] = []
        for try await event in session.events(of: SSEEndpoint()) {
            received.append(event.data)
            if received.count == 3 { break }
        }
        #expect(received == ["1", "2", "3"])
        #expect(await transport.released(0).wait(upTo: .seconds(60)))
        #expect(transport.producedChunks(0) == 3)
    }

    @Test func droppingAnIteratorReleasesTheBody() async throws {
        let transport = ScriptedTransport { _, _ in ScriptedAnswer { _ in Data("{\"id\": 7}\n".utf8) } }
        let session = Session(transport: transport)
        let stream = session.events(of: LinesEndpoint())
        do {
            var iterator = stream.makeAsyncIterator()
            #expect(try await iterator.next() == NumberLine(id: 7))
            #expect(transport.released(0).value == false)
        }
        #expect(await transport.released(0).wait(upTo: .seconds(60)))
    }

    @Test func cancellingTheTaskEndsTheStreamAndReleasesTheBody() async throws {
        let transport = ScriptedTransport { _, _ in ScriptedAnswer { _ in Data("{\"id\": 7}\n".utf8) } }
        let session = Session(transport: transport)
        let started = StreamingFlag()
        let task = Task {
            var count = 0
            for try await _ in session.events(of: LinesEndpoint()) {
                count += 1
                if count == 10 { started.set() }
                try await Task.sleep(for: .milliseconds(1))
            }
            return count
        }
        #expect(await started.wait(upTo: .seconds(60)))
        task.cancel()
        let result = await task.result
        #expect(throws: (any Error).self) { try result.get() }
        #expect(await transport.released(0).wait(upTo: .seconds(60)))
    }

    // MARK: Status before the first event

    @Test func unacceptableStatusIsThrownBeforeTheFirstEvent() async throws {
        let transport = ScriptedTransport { _, _ in
            answer(status: 503, headers: ["Content-Type": "text/plain"], chunks: [Data("down".utf8)])
        }
        let session = Session(transport: transport)
        var received = 0
        let error = await #expect(throws: BricksError.self) {
            for try await _ in session.events(of: SSEEndpoint()) { received += 1 }
        }
        #expect(received == 0)
        #expect(error?.statusCode == 503)
        if case .unacceptableStatus(_, let body)? = error?.reason { #expect(body == Data("down".utf8)) }
    }

    // MARK: Reconnection

    @Test func reconnectionSendsTheLastEventIDAndStopsAt204() async throws {
        let transport = ScriptedTransport { request, index in
            switch index {
            case 0:
                return ScriptedAnswer { chunk in
                    switch chunk {
                    case 0: return Data("retry: 10\nid: 1\ndata: a\n\n".utf8)
                    case 1: return Data("id: 2\ndata: b\n\nid: 3\ndata: partial".utf8)
                    default: throw BricksError(.transport(URLError(.networkConnectionLost)))
                    }
                }
            case 1: return answer(chunks: [Data("id: 3\ndata: c\n\n".utf8)])
            default: return answer(status: 204, chunks: [])
            }
        }
        let session = Session(transport: transport)
        let endpoint = SSEEndpoint(reconnection: SSEReconnection(maximumAttempts: 2, defaultDelay: .milliseconds(10)))
        let events = try await collect(session.events(of: endpoint))
        #expect(events.map(\.data) == ["a", "b", "c"])
        let requests = transport.requests
        #expect(requests.count == 3)
        #expect(requests.map { $0.value(forHTTPHeaderField: "Last-Event-ID") } == [nil, "2", "3"])
    }

    // MARK: Downloads

    @Test func downloadFailsWhenTheBodyIsShorterThanContentLength() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = ScriptedTransport { _, _ in
            answer(headers: ["Content-Length": "100"], chunks: [Data(repeating: 1, count: 60)])
        }
        let destination = directory.appendingPathComponent("short.bin")
        let error = await #expect(throws: BricksError.self) {
            try await Session(transport: transport).download(FileEndpoint(), to: destination)
        }
        guard case .invalidResponse(let reason)? = error?.reason else {
            Issue.record("expected .invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("60") && reason.contains("100"))
        #expect(try contents(of: directory) == [])
    }

    /// A destination whose folder cannot take the file fails with a reason of its own that names
    /// the place, before anything is sent.
    @Test func downloadToAFolderThatCannotTakeTheFileFailsWithAFileWriteError() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = ScriptedTransport { _, _ in answer(chunks: [Data("x".utf8)]) }
        let destination = directory.appendingPathComponent("missing/folder/file.bin")
        let error = await #expect(throws: BricksError.self) {
            try await Session(transport: transport).download(FileEndpoint(), to: destination)
        }
        guard case .fileWrite(let path, _)? = error?.reason else {
            Issue.record("expected .fileWrite, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("missing/folder"))
        #expect(error?.description.lowercased().contains("the download could not be written to") == true)
        #expect(transport.requests.isEmpty)
    }

    @Test func downloadFailsWhenTheBodyIsLongerThanContentLength() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = ScriptedTransport { _, _ in
            answer(headers: ["Content-Length": "10"], chunks: [Data(repeating: 1, count: 8), Data(repeating: 2, count: 8)])
        }
        let destination = directory.appendingPathComponent("long.bin")
        try Data("keep me".utf8).write(to: destination)
        await #expect(throws: BricksError(.invalidResponse(""))) {
            try await Session(transport: transport).download(FileEndpoint(), to: destination)
        }
        // The existing file is untouched, and no temporary file is left.
        #expect(try contents(of: directory) == ["long.bin"])
        #expect(try Data(contentsOf: destination) == Data("keep me".utf8))
    }

    /// Chunks of 3 MiB still give a report at least every MiB: the file is written in slices.
    @Test func downloadProgressComesAtLeastEveryMebibyteWhateverTheChunkSize() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let chunk = Data(repeating: 7, count: 3 << 20)
        let transport = ScriptedTransport { _, _ in
            answer(headers: ["Content-Length": "\(4 * chunk.count)"], chunks: Array(repeating: chunk, count: 4))
        }
        let progress = ProgressValues()
        try await Session(transport: transport).download(FileEndpoint(), to: directory.appendingPathComponent("big.bin")) {
            progress.append($0)
        }
        let done = [0] + progress.values.map { Int($0.completedBytes) }
        let steps = zip(done.dropFirst(), done).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 > 0 && $0 <= 1 << 20 }, "steps: \(steps)")
        #expect(progress.values.last == TransferProgress(completedBytes: Int64(4 * chunk.count), expectedBytes: Int64(4 * chunk.count)))
    }

    /// A reader cancelled while the transport still holds chunks stops at once: the body's
    /// iterator checks for cancellation before each chunk, on every transport.
    @Test func aCancelledDownloadStopsAtTheNextChunkAndLeavesNoFile() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let served = Recorder<Int>()
        let transport = ScriptedTransport { _, _ in
            ScriptedAnswer(status: 200, headers: ["Content-Length": "\(1_000 * 1_000)"]) { index in
                served.append(index)
                return index < 1_000 ? Data(repeating: 1, count: 1_000) : nil
            }
        }
        let destination = directory.appendingPathComponent("cancelled.bin")
        let task = Task {
            try await Session(transport: transport).download(FileEndpoint(), to: destination) { progress in
                if progress.completedBytes >= 1_000 * 1_000 / 2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        let error = await #expect(throws: BricksError.self) { try await task.value }
        if case .cancelled? = error?.reason {} else { Issue.record("expected .cancelled, got \(String(describing: error))") }
        #expect(served.count < 1_000)
        #expect(try contents(of: directory) == [])
    }

    /// The first body breaks mid-way with a transport error; the download resumes with `Range` and
    /// `If-Range`, and the server answers 206 with the rest.
    @Test func downloadResumesWithRangeAndIfRange() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let whole = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let pieces = cut(whole, sizes: [50_000])
        let transport = ScriptedTransport { request, index in
            if index == 0 {
                return ScriptedAnswer(
                    status: 200,
                    headers: ["Content-Length": "300000", "Accept-Ranges": "bytes", "ETag": "\"v1\""]
                ) { chunk in
                    guard chunk < 3 else { throw BricksError(.transport(URLError(.networkConnectionLost))) }
                    return pieces[chunk]
                }
            }
            let rest = Data(whole[150_000...])
            return answer(
                status: 206,
                headers: ["Content-Length": "150000", "Content-Range": "bytes 150000-299999/300000", "ETag": "\"v1\""],
                chunks: cut(rest, sizes: [40_000]))
        }
        let destination = directory.appendingPathComponent("resumed.bin")
        let progress = ProgressValues()
        let head = try await Session(transport: transport).download(FileEndpoint(), to: destination) {
            progress.append($0)
        }
        #expect(head.statusCode == 206)
        #expect(try Data(contentsOf: destination) == whole)
        #expect(try contents(of: directory) == ["resumed.bin"])
        let requests = transport.requests
        #expect(requests.count == 2)
        #expect(requests.first?.value(forHTTPHeaderField: "Range") == nil)
        #expect(requests.last?.value(forHTTPHeaderField: "Range") == "bytes=150000-")
        #expect(requests.last?.value(forHTTPHeaderField: "If-Range") == "\"v1\"")
        #expect(progress.values.last == TransferProgress(completedBytes: 300_000, expectedBytes: 300_000))
    }

    /// When the resource changed (`If-Range` fails) the server sends all of it again with 200:
    /// the partial file starts over.
    @Test func downloadStartsOverWhenTheResumedRequestGetsTheWholeBody() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = Data(repeating: 0xAA, count: 1000)
        let new = Data(repeating: 0xBB, count: 1200)
        let transport = ScriptedTransport { _, index in
            if index == 0 {
                return ScriptedAnswer(status: 200, headers: ["Content-Length": "1000", "Accept-Ranges": "bytes", "Last-Modified": "Mon, 23 Nov 2026 10:00:00 GMT"]) { chunk in
                    guard chunk == 0 else { throw BricksError(.transport(URLError(.networkConnectionLost))) }
                    return old.prefix(400)
                }
            }
            return answer(headers: ["Content-Length": "1200"], chunks: cut(new, sizes: [500]))
        }
        let destination = directory.appendingPathComponent("changed.bin")
        try await Session(transport: transport).download(FileEndpoint(), to: destination)
        #expect(try Data(contentsOf: destination) == new)
        #expect(transport.requests.last?.value(forHTTPHeaderField: "If-Range") == "Mon, 23 Nov 2026 10:00:00 GMT")
    }

    /// Without a validator (`ETag`, `Last-Modified`) a broken download cannot resume: the transport
    /// error is thrown and nothing is left behind.
    @Test func downloadWithoutAValidatorDoesNotResume() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = ScriptedTransport { _, _ in
            ScriptedAnswer(status: 200, headers: ["Content-Length": "1000", "Accept-Ranges": "bytes"]) { chunk in
                guard chunk == 0 else { throw BricksError(.transport(URLError(.networkConnectionLost))) }
                return Data(repeating: 1, count: 400)
            }
        }
        let destination = directory.appendingPathComponent("broken.bin")
        await #expect(throws: BricksError(.transport(URLError(.networkConnectionLost)))) {
            try await Session(transport: transport).download(FileEndpoint(), to: destination)
        }
        #expect(transport.requests.count == 1)
        #expect(try contents(of: directory) == [])
    }

    // MARK: Uploads

    @Test func fileUploadIsSentWholeWithProgress() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("upload.bin")
        let content = Data((0..<((1 << 20) + 3)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        try content.write(to: file)
        let transport = ScriptedTransport { _, _ in answer(chunks: [Data("ok".utf8)]) }
        let progress = ProgressValues()
        let reply = try await Session(transport: transport).send(UploadEndpoint(fileURL: file)) { progress.append($0) }
        #expect(reply == Data("ok".utf8))
        #expect(transport.uploadedBodies == [content])
        let values = progress.values
        #expect(values.count >= 5)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes < $1.completedBytes })
        #expect(values.last == TransferProgress(completedBytes: Int64(content.count), expectedBytes: Int64(content.count)))
    }

    /// FileBodyRequestType documents `Content-Type: application/octet-stream` unless the endpoint
    /// sets its own.
    @Test func fileUploadSendsItsContentType() async throws {
        let directory = try makeStreamingDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("upload.bin")
        try Data("abc".utf8).write(to: file)
        let stub = StubTransport()
        await stub.register(.post, "/upload", reply: .init(status: 200))
        _ = try await Session(transport: stub).send(UploadEndpoint(fileURL: file))
        let request = try #require(await stub.requests.first)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        #expect(request.value(forHTTPHeaderField: "Content-Length") == nil || request.value(forHTTPHeaderField: "Content-Length") == "3")
    }
}

/// Progress values reported from any task.
private final class ProgressValues: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [TransferProgress] = []

    func append(_ value: TransferProgress) { lock.withLock { stored.append(value) } }
    var values: [TransferProgress] { lock.withLock { stored } }
}

extension ScriptedAnswer {
    /// This body, then `next`'s chunks.
    func then(_ next: ScriptedAnswer) -> ScriptedAnswer {
        let first = self
        var combined = first
        combined.chunk = { index in
            if let chunk = try first.chunk(index) { return chunk }
            return try next.chunk(index)
        }
        return combined
    }
}
