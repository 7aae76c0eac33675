import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Session {
    /// The events of a streaming endpoint, each as it arrives: Server-Sent Events, JSON Lines, or
    /// a format of your own (``StreamingResponseType``).
    ///
    /// ```swift
    /// for try await event in session.events(of: Ticker()) { print(event) }
    /// ```
    ///
    /// The middleware runs as for any call, on the head: authorization refresh and retry act
    /// before any event is handed out. The whole-exchange deadline ends when the head arrives;
    /// after that the stream lasts as long as the server keeps it open (cancel the task to stop
    /// it), and the body size limit applies only when the endpoint sets
    /// ``ResponseType/maximumResponseSize``.
    /// - Returns: the events, read when iterated.
    public func events<Endpoint: RequestContextType & StreamingResponseType>(of endpoint: Endpoint)
        -> EventStream<Endpoint.Event>
    {
        if let sse = endpoint as? any ServerSentEventsResponseType {
            return serverSentEvents(of: endpoint, reconnection: sse.reconnection)
        }
        return EventStream(open: { _ in try await self.openStream(endpoint, contentTypes: endpoint.acceptableContentTypes) }) { _ in
            (endpoint.makeEventReader(), { "" }, { nil })
        }
    }

    /// The body of any endpoint as byte chunks, as they arrive, after its status is checked.
    ///
    /// ```swift
    /// for try await chunk in session.bytes(of: GetLog(id: 1)) { output.write(chunk) }
    /// ```
    /// - Returns: the chunks, read when iterated.
    public func bytes<Endpoint: RequestContextType>(of endpoint: Endpoint) -> EventStream<Data> {
        EventStream(open: { _ in try await self.openStream(endpoint) }) { _ in
            (EventReader(read: { [$0] }, finish: { [] }), { "" }, { nil })
        }
    }

    /// Server-sent events, resumed with `Last-Event-ID` as the endpoint's ``SSEReconnection`` allows.
    private func serverSentEvents<Endpoint: RequestContextType & StreamingResponseType>(
        of endpoint: Endpoint, reconnection: SSEReconnection
    ) -> EventStream<Endpoint.Event> {
        EventStream(
            open: { lastEventID in
                try await self.openStream(endpoint, lastEventID: lastEventID, contentTypes: endpoint.acceptableContentTypes)
            }, reconnection: reconnection
        ) { lastEventID in
            // The endpoint itself is captured and opened again; `events(of:)` checked that it
            // speaks Server-Sent Events.
            guard let sse = endpoint as? any ServerSentEventsResponseType else {
                return (endpoint.makeEventReader(), { lastEventID }, { nil })
            }
            return Self.reader(of: sse, lastEventID: lastEventID, as: Endpoint.Event.self)
        }
    }

    /// The reader of a Server-Sent Events endpoint opened as an existential, for its own `Event`.
    private static func reader<SSE: ServerSentEventsResponseType, Event>(
        of endpoint: SSE, lastEventID: String, as: Event.Type
    ) -> (reader: EventReader<Event>, lastEventID: () -> String, retry: () -> Duration?) {
        let (reader, parser) = endpoint.makeEventReader(lastEventID: lastEventID)
        let typed = EventReader<Event> { chunk in
            try reader.read(chunk).compactMap { $0 as? Event }
        } finish: {
            try reader.finish().compactMap { $0 as? Event }
        }
        return (typed, { parser.value.lastEventID }, { parser.value.reconnectionTime })
    }

    /// Sends `endpoint` for a streamed body and checks the status (and the media type, when
    /// `contentTypes` names some), or returns `nil` when a resumed Server-Sent Events stream is
    /// answered `204 No Content` (the server's "stop").
    /// - Throws: what ``send(_:)`` throws for a status the endpoint does not accept;
    ///   ``BricksError/Reason/invalidResponse(_:)`` for a media type not in `contentTypes`.
    nonisolated(nonsending)
    func openStream<Endpoint: RequestContextType>(
        _ endpoint: Endpoint, lastEventID: String? = nil, contentTypes: [String] = []
    ) async throws -> (response: RawResponse, call: RequestSummary)? {
        var prepared = try prepare(endpoint, streamsBody: true)
        if let lastEventID, !lastEventID.isEmpty {
            prepared.head.headerFields["Last-Event-ID"] = lastEventID
        }
        let response = try await runThroughStack(prepared)
        if lastEventID != nil, response.head.statusCode == 204 { return nil }
        let call = { prepared.context.summary(of: prepared.head, answeredBy: response.head) }
        guard endpoint.acceptableStatusCodes.contains(response.head.statusCode) else {
            let data = try await collect(response.body, prepared: prepared)
            throw APIErrorDecoding.failure(endpoint, data: data, head: response.head, call: call())
        }
        if !contentTypes.isEmpty {
            let type = response.head.mimeType?.lowercased()
            guard let type, contentTypes.contains(type) else {
                throw BricksError(
                    .invalidResponse(
                        "the server answered \(response.head.status) with "
                            + (type.map { "Content-Type \($0)" } ?? "no Content-Type")
                            + ", which is not a stream this endpoint reads (\(contentTypes.joined(separator: ", ")))"),
                    request: call())
            }
        }
        return (response, call())
    }

    /// Downloads the body of `endpoint` to a file: written as it arrives into a temporary file
    /// beside `destination`, then moved into place in one step.
    ///
    /// ```swift
    /// try await session.download(GetArchive(id: 7), to: archiveURL) { progress in
    ///     bar.value = progress.fractionCompleted ?? 0
    /// }
    /// ```
    ///
    /// Memory stays within a few chunks whatever the size. No size limit applies unless the
    /// endpoint sets ``ResponseType/maximumResponseSize``. A failure or cancellation leaves no
    /// file behind (and an existing `destination` untouched); a body shorter or longer than its
    /// `Content-Length` or `Content-Range` is an error. When the connection breaks mid-way and the
    /// server supports ranges (`Accept-Ranges: bytes` with a strong `ETag` or a `Last-Modified`),
    /// the download resumes with `Range` and `If-Range`, up to `resumeAttempts` times. A `206`
    /// is appended only when its `Content-Range` starts exactly where the file ends, its complete
    /// length is the resource's, and its validator is the one sent in `If-Range`; a `200` starts
    /// the file over; anything else fails with a ``BricksError`` that says what did not match.
    /// - Parameters:
    ///   - endpoint: the endpoint whose body to download; its status is checked as for ``send(_:)``.
    ///   - destination: the file to write; replaced if it exists.
    ///   - resumeAttempts: how often to resume a broken transfer. Default: 3.
    ///   - progress: called as bytes arrive (at least every 1 MiB, and at the end).
    /// - Returns: the response head (of the last response, a `206` after a resumption).
    /// - Throws: what ``send(_:)`` throws, or ``BricksError`` for a file that cannot be written
    ///   or a resumption the server answered wrongly.
    ///
    /// The request is built, and an error reply decoded, in the caller's isolation; the transfer
    /// and every write to the file run away from the caller's actor.
    @discardableResult
    nonisolated(nonsending)
    public func download<Endpoint: RequestContextType>(
        _ endpoint: Endpoint, to destination: URL, resumeAttempts: Int = 3,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> ResponseHead {
        let prepared = try prepare(endpoint, streamsBody: true)
        switch try await download(
            prepared, accepting: endpoint.acceptableStatusCodes, to: destination, resumeAttempts: resumeAttempts,
            progress: progress)
        {
        case .saved(let head):
            return head
        case .rejected(let reply, let call):
            throw APIErrorDecoding.failure(endpoint, data: reply.data, head: reply.head, call: call)
        }
    }

    /// How a download ended: saved, or answered with a status the endpoint does not accept.
    enum DownloadOutcome: Sendable {
        case saved(ResponseHead)
        case rejected(CollectedReply, call: RequestSummary)
    }

    /// The transfer of a download, away from the caller's actor. A resumption sends the prepared
    /// request again with `Range` and `If-Range`; a body that cannot be sent twice is not resumed.
    @concurrent
    private func download(
        _ first: PreparedRequest, accepting acceptable: Range<Int>, to destination: URL, resumeAttempts: Int,
        progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> DownloadOutcome {
        let file = try PartialFile(beside: destination)
        defer { file.discard() }
        var resume: ResumePoint?
        /// The length of the whole resource, once a response has said it.
        var completeLength: Int64?
        var lastReport: TransferProgress?
        var attempts = 0
        let resumable = first.body?.isReplayable ?? true
        while true {
            var prepared = first
            if let resume {
                prepared.head.headerFields["Range"] = "bytes=\(resume.offset)-"
                prepared.head.headerFields["If-Range"] = resume.validator
            }
            let response = try await runThroughStack(prepared)
            let head = response.head
            let call = { prepared.context.summary(of: prepared.head, answeredBy: head) }
            // The bytes this response's body must have, when its head says.
            let bodyLength: Int64?
            let resumed = resume != nil && head.statusCode == 206
            if let resume, resumed {
                let range = try ResumePoint.check(head, resuming: resume, completeLength: completeLength, call: call)
                bodyLength = range.length
                completeLength = range.completeLength ?? completeLength
            } else {
                if !acceptable.contains(head.statusCode) {
                    let data = try await collect(response.body, prepared: prepared)
                    return .rejected(CollectedReply(head: head, data: data), call: call())
                }
                try file.truncate()
                bodyLength = Self.expectedLength(of: head)
                completeLength = bodyLength
            }
            let start = file.size
            do {
                var reported = file.size
                for try await chunk in response.body {
                    // Written in slices of at most half the step and reported once half a step
                    // has passed: never more than the step (1 MiB) between two reports.
                    for sliceStart in stride(from: chunk.startIndex, to: chunk.endIndex, by: Self.progressStep / 2) {
                        try file.write(chunk[sliceStart..<min(sliceStart + Self.progressStep / 2, chunk.endIndex)])
                        if let bodyLength, file.size - start > bodyLength {
                            throw BricksError(
                                .invalidResponse("the body is longer than the \(bodyLength) bytes its head announced"),
                                request: call())
                        }
                        if file.size - reported >= Self.progressStep / 2 {
                            reported = file.size
                            lastReport = TransferProgress(completedBytes: file.size, expectedBytes: completeLength)
                            progress?(TransferProgress(completedBytes: file.size, expectedBytes: completeLength))
                        }
                    }
                }
            } catch let error as BricksError {
                guard case .transport = error.reason, resumable, attempts < resumeAttempts,
                    let validator = resumed ? resume?.validator : Self.rangeValidator(of: head)
                else { throw error }
                attempts += 1
                resume = ResumePoint(offset: file.size, validator: validator)
                continue
            }
            if let bodyLength, file.size - start != bodyLength {
                throw BricksError(
                    .invalidResponse("the body had \(file.size - start) bytes but its head announced \(bodyLength)"),
                    request: call())
            }
            if let completeLength, completeLength != file.size {
                throw BricksError(
                    .invalidResponse("the file has \(file.size) bytes but the resource has \(completeLength)"),
                    request: call())
            }
            let done = TransferProgress(completedBytes: file.size, expectedBytes: completeLength ?? file.size)
            if done != lastReport { progress?(done) }
            try file.move(to: destination)
            return .saved(head)
        }
    }

    /// The most bytes a download writes between two progress reports.
    static let progressStep = 1 << 20

    /// The length of the body a response delivers, when its head says: `Content-Length`, unless
    /// the body was decompressed on the way.
    private static func expectedLength(of head: ResponseHead) -> Int64? {
        guard head.headerFields["Content-Encoding"] == nil, head.expectedContentLength >= 0 else { return nil }
        return head.expectedContentLength
    }

    /// The `If-Range` value that lets a download resume, when the server supports ranges: a
    /// strong `ETag`, else `Last-Modified`.
    private static func rangeValidator(of head: ResponseHead) -> String? {
        guard head.headerFields["Accept-Ranges"]?.lowercased() == "bytes", head.headerFields["Content-Encoding"] == nil
        else { return nil }
        return head.headerFields["ETag"].flatMap { $0.hasPrefix("W/") ? nil : $0 } ?? head.headerFields["Last-Modified"]
    }
}

/// The temporary file of a download, beside its destination so that the final move is a rename.
///
/// Small chunks are gathered and written in pieces of ``writeSize``: a body that arrives in tens
/// of thousands of small chunks (a chunked stream of short lines) costs a few dozen system calls,
/// not one per chunk.
private final class PartialFile {
    let url: URL
    private let handle: FileHandle
    /// The bytes of the file, those still in ``pending`` included.
    private(set) var size: Int64 = 0
    private var pending = Data()
    private var isMoved = false

    /// The most bytes gathered before a write.
    static let writeSize = 64 * 1024

    init(beside destination: URL) throws {
        url = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BricksError(.invalidRequest("cannot create a file in \(destination.deletingLastPathComponent().path)"))
        }
        do {
            handle = try FileHandle(forWritingTo: url)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw BricksError(.invalidRequest("cannot write \(url.path): \(error.localizedDescription)"))
        }
    }

    func write(_ chunk: Data) throws {
        size += Int64(chunk.count)
        if pending.isEmpty, chunk.count >= Self.writeSize {
            try writeNow(chunk)
            return
        }
        pending.append(chunk)
        if pending.count >= Self.writeSize { try flush() }
    }

    /// Writes what was gathered.
    private func flush() throws {
        guard !pending.isEmpty else { return }
        try writeNow(pending)
        pending.removeAll(keepingCapacity: true)
    }

    private func writeNow(_ data: Data) throws {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw BricksError(.invalidRequest("cannot write \(url.path): \(error.localizedDescription)"))
        }
    }

    func truncate() throws {
        pending.removeAll(keepingCapacity: true)
        guard size > 0 else { return }
        do {
            try handle.truncate(atOffset: 0)
            try handle.seek(toOffset: 0)
        } catch {
            throw BricksError(.invalidRequest("cannot write \(url.path): \(error.localizedDescription)"))
        }
        size = 0
    }

    /// Moves the finished file into place in one rename, replacing `destination`.
    func move(to destination: URL) throws {
        try flush()
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw BricksError(.invalidRequest("cannot write \(url.path): \(error.localizedDescription)"))
        }
        guard rename(url.path, destination.path) == 0 else {
            throw BricksError(.invalidRequest("cannot move the download to \(destination.path) (errno \(errno))"))
        }
        isMoved = true
    }

    /// Removes the file unless it was moved into place.
    func discard() {
        guard !isMoved else { return }
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
