import Bricks
import BricksTesting
import Foundation
import Testing

// The request's body has one home, `RequestBody`, from the endpoint to the transport. Each test
// here failed when the body could live in `URLRequest.httpBody` or beside it in the context.

private struct PostFile: RequestContextType, POSTRequestType, FileBodyRequestType, DataResponseType {
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/uploads" }
    let fileURL: URL
}

private struct PostJSON: RequestContextType, POSTRequestType, JSONBodyRequestType, DataResponseType {
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/notes" }
    let body: [String: String]
}

/// A body read from a one-shot stream of chunks.
private struct PostStream: RequestContextType, POSTRequestType, DataResponseType {
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/stream" }
    let chunks: [String]
    func makeRequestBody() throws -> RequestBody? {
        let chunks = chunks
        return RequestBody(length: nil, isReplayable: false, contentType: "text/plain") {
            AsyncStream<Data> { continuation in
                for chunk in chunks { continuation.yield(Data(chunk.utf8)) }
                continuation.finish()
            }
        }
    }
}

/// A file of `size` bytes filled with `byte`, removed by the caller.
private func temporaryFile(size: Int, byte: UInt8) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("RequestBodyContractTests-\(UUID().uuidString)")
    try Data(repeating: byte, count: size).write(to: url)
    return url
}

@Suite struct RequestBodyContractTests {
    /// Metrics and logs counted `httpBody` only: a file upload, or any body sent with upload
    /// progress (which moved it out of `httpBody`), was reported as 0 bytes.
    @Test func metricsAndLogsCountFileAndProgressUploads() async throws {
        let file = try temporaryFile(size: 3000, byte: 0x61)
        defer { try? FileManager.default.removeItem(at: file) }
        let stub = StubTransport()
        await stub.register(where: { _ in true }, reply: .init(status: 201))
        let sizes = Recorder<Int>()
        let lines = Recorder<String>()
        let session = Session(
            transport: stub,
            middleware: [LoggingMiddleware { lines.append($0) }, MetricsMiddleware { sizes.append($0.requestBodySize) }])

        _ = try await session.send(PostFile(fileURL: file))
        let note = PostJSON(body: ["text": "hello"])
        let noteSize = try #require(try note.makeRequestBody()?.data).count
        _ = try await session.send(note, uploadProgress: { _ in })

        #expect(sizes.values == [3000, noteSize])
        #expect(lines.values.filter { $0.hasPrefix("→") }.map { $0.hasSuffix("\(3000) bytes)") } == [true, false])
        #expect(lines.values.contains { $0.hasPrefix("→ POST") && $0.hasSuffix("\(noteSize) bytes)") })
    }

    /// De-duplication keyed on `httpBody`: two POSTs of different files had none and were merged
    /// into one request, the second caller getting the first file's reply.
    @Test func deduplicationNeverMergesDifferentBodies() async throws {
        let first = try temporaryFile(size: 1000, byte: 0x61)
        let second = try temporaryFile(size: 1000, byte: 0x62)
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let stub = StubTransport()
        await stub.register(where: { _ in true }, reply: .init(status: 201, delay: .milliseconds(300)))
        let session = Session(transport: stub, middleware: [DeduplicationMiddleware(methods: [.post])])

        async let a = session.send(PostFile(fileURL: first))
        async let b = session.send(PostFile(fileURL: second))
        _ = try await (a, b)
        #expect(await stub.requests.count == 2)
        let sent = await stub.requests.compactMap(\.httpBody)
        #expect(Set(sent) == [Data(repeating: 0x61, count: 1000), Data(repeating: 0x62, count: 1000)])

        // The same file twice is the same request: merged (by identity, without reading it).
        async let c = session.send(PostFile(fileURL: first))
        async let d = session.send(PostFile(fileURL: first))
        _ = try await (c, d)
        #expect(await stub.requests.count == 3)
    }

    /// Stubs ignored the transport's `body` parameter: a file or streamed upload could not be
    /// matched on, and the recorded request had no body.
    @Test func stubsMatchOnAndRecordEveryKindOfBody() async throws {
        let file = try temporaryFile(size: 64, byte: 0x7A)
        defer { try? FileManager.default.removeItem(at: file) }
        let stub = StubTransport()
        await stub.register(where: { $0.httpBody == Data(repeating: 0x7A, count: 64) }, reply: .text("file"))
        await stub.register(where: { $0.httpBody == Data("one two".utf8) }, reply: .text("stream"))
        let session = Session(transport: stub)

        #expect(String(decoding: try await session.send(PostFile(fileURL: file)), as: UTF8.self) == "file")
        #expect(String(decoding: try await session.send(PostStream(chunks: ["one ", "two"])), as: UTF8.self) == "stream")
        let sent = await stub.requests
        #expect(sent.map(\.httpBody) == [Data(repeating: 0x7A, count: 64), Data("one two".utf8)])
        #expect(sent.map { $0.value(forHTTPHeaderField: "Content-Type") } == ["application/octet-stream", "text/plain"])
    }
}
