import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Session {
    /// Downloads the body of `endpoint` to a file: written as it arrives into a temporary file
    /// beside `destination`, then moved into place in one step.
    ///
    /// ```swift
    /// try await session.download(GetArchive(id: 7), to: archiveURL) { progress in
    ///     Task { @MainActor in bar.value = progress.fractionCompleted ?? 0 }
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
    public func download<Request: RequestContextType>(
        _ endpoint: Request, to destination: URL, resumeAttempts: Int = 3,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> ResponseHead {
        let prepared = try prepare(endpoint, bodyMode: .streamed)
        switch try await download(prepared, to: destination, resumeAttempts: resumeAttempts, progress: progress) {
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
        _ first: PreparedRequest, to destination: URL, resumeAttempts: Int,
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
                if !prepared.context.isSuccess(head.statusCode) {
                    let data = try await collect(response.body, prepared: prepared)
                    return .rejected(CollectedReply(head: head, data: data), call: call())
                }
                try file.truncate()
                bodyLength = head.deliveredBodyLength
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

    /// The `If-Range` value that lets a download resume, when the server supports ranges: a
    /// strong `ETag`, else `Last-Modified`.
    private static func rangeValidator(of head: ResponseHead) -> String? {
        guard head.headerFields["Accept-Ranges"]?.lowercased() == "bytes", head.headerFields["Content-Encoding"] == nil
        else { return nil }
        return head.headerFields["ETag"].flatMap { $0.hasPrefix("W/") ? nil : $0 } ?? head.headerFields["Last-Modified"]
    }
}
