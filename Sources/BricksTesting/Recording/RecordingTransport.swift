import Bricks
import Foundation

/// A transport that sends through another one and saves every exchange to a fixture file, with
/// secrets redacted, so that ``ReplayTransport`` can serve them back later without a network.
///
/// ```swift
/// let recorder = RecordingTransport(wrapping: URLSessionTransport(), to: fixtureURL,
///                                   redaction: Redaction(headers: ["X-Api-Key"]))
/// let session = recorder.session()
/// _ = try await session.send(SearchRepositories(query: "swift"))
/// // fixtureURL now holds the exchange; later:
/// let replay = try ReplayTransport(contentsOf: fixtureURL)
/// ```
///
/// The file is rewritten in full after each exchange (in the format of ``RecordedExchange``), so it
/// always holds a complete JSON list, in the order the replies arrived; concurrent requests are
/// safe. A recorder starts a new file: what the file held before is replaced at the first
/// exchange. Besides the ``Redaction``'s names, the headers the endpoint of each call declares in
/// `RequestType.secretHeaderNames` are redacted (the ``/Bricks/Session`` hands them over).
/// Requests that fail without a reply are not recorded. The caller receives the reply as it
/// came, unredacted.
public actor RecordingTransport: HTTPTransport {
    /// The file the exchanges are written to.
    public nonisolated let fileURL: URL
    /// What is redacted before writing.
    public nonisolated let redaction: Redaction
    private let transport: any HTTPTransport
    /// The exchanges recorded so far, redacted, as written to the file.
    public private(set) var exchanges: [RecordedExchange] = []

    /// Makes a recorder.
    /// - Parameters:
    ///   - transport: the transport that really sends the requests.
    ///   - fileURL: the fixture file to write; its folder is created if needed.
    ///   - redaction: the secrets to redact. Default: `Redaction()`.
    public init(wrapping transport: any HTTPTransport, to fileURL: URL, redaction: Redaction = Redaction()) {
        self.transport = transport
        self.fileURL = fileURL
        self.redaction = redaction
    }

    /// Sends `request` through the wrapped transport, records the exchange and returns the reply.
    /// - Throws: the wrapped transport's errors, or ``BricksTestingError/unwritableFixture(path:reason:)``
    ///   when the file cannot be written.
    public func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        // Every kind of body is recorded: a file is read again, a one-shot stream is read here
        // and its bytes sent in its place.
        let bytes = try await body?.collected()
        let sent = body.map { body in body.isReplayable ? body : RequestBody(bytes ?? Data(), contentType: body.contentType) }
        let response = try await transport.exchange(head, body: sent, context: context)
        let data = try await response.body.collect(upTo: Self.maximumRecordedBodySize)
        // The endpoint's secret header names (`RequestType.secretHeaderNames`) are redacted too.
        exchanges.append(redaction.redact(
            RecordedExchange(request: SentRequest(head: head, httpBody: bytes, context: context), data: data, head: response.head),
            alsoHeaders: context.secretHeaderNames))
        try write()
        return RawResponse(head: response.head, body: ResponseBody(data))
    }

    /// The largest body a recording keeps: the default response size limit. A recording reads
    /// each body whole, to write it to the fixture.
    public static let maximumRecordedBodySize = ResponseLimits.defaultMaximumBodySize

    /// Writes every exchange so far, replacing the file atomically.
    private func write() throws {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(exchanges)
            try FileManager.default.createDirectory(
                at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (data + Data("\n".utf8)).write(to: fileURL, options: .atomic)
        } catch {
            throw BricksTestingError.unwritableFixture(path: fileURL.path, reason: "\(error)")
        }
    }
}
