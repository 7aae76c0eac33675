import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What ``URLSessionTransportDelegate`` knows about one task in flight, and how each event
/// changes it: the state machine of an exchange, apart from the delegate's I/O (the delegate
/// calls these under its lock, then does what they return outside it).
struct URLSessionTaskState {
    /// Resumed once, with the head, or with the failure that came first.
    var continuation: CheckedContinuation<RawResponse, any Error>?
    /// The body's channel, once the head is out.
    var channel: ChunkChannel?
    /// The 401/407 of an authentication challenge that was cancelled on purpose.
    var challengeResponse: HTTPURLResponse?
    /// A whole-body call's head, read from Foundation's response once, when it arrived (and
    /// checked then): the caller gets it with the body at the end.
    var head: ResponseHead?
    /// Bytes that arrived before the head was handed out: a whole-body call's body, or a refused
    /// redirect's.
    var bufferedBody = Data()
    /// The body being sent, told the progress of its upload.
    let body: RequestBody?
    /// The body's bytes handed to the network so far, summed from each `didSendBodyData`.
    var bytesSent: Int64 = 0
    /// The last total reported to ``body``: each report is larger than the one before.
    var bytesReported: Int64 = 0
    /// The entry of the exchange's deadline in the shared timer, while it is watched.
    var deadlineToken: UInt64?
    /// The exchange's context: its body mode and limits. A collected body is gathered in
    /// ``bufferedBody`` and handed out with the head at the end, in one resumption of the caller.
    let context: CallContext

    init(continuation: CheckedContinuation<RawResponse, any Error>, body: RequestBody?, context: CallContext) {
        self.continuation = continuation
        self.body = body
        self.context = context
    }

    /// The task failed, timed out or was cancelled: the waiting caller and the rest of the body
    /// are let go. Returns the continuation to resume, if the head was not handed out yet.
    mutating func abandon() -> CheckedContinuation<RawResponse, any Error>? {
        defer {
            continuation = nil
            bufferedBody = Data()
        }
        return continuation
    }

    /// `bytesSent` more bytes of the body went out: the total to report, or `nil` when there is
    /// nothing new to say (no one follows the progress, or the total did not grow).
    mutating func sent(_ bytesSent: Int64) -> Int64? {
        guard let body, body.reportsProgress else { return nil }
        // FoundationNetworking reads `totalBytesSent` when the delegate call runs, not when
        // libcurl took the bytes: with the delegate on a queue that fell behind, calls carried
        // the same latest total (steps of 1.2 MiB, measured). The total is summed from
        // `bytesSent`, each call's own count (at most libcurl's upload buffer, 64 KiB), which is
        // right wherever the delegate runs, so on every platform.
        self.bytesSent &+= bytesSent
        var total = self.bytesSent
        // Never past the body's length (libcurl rewinds and sends again after a reset), and
        // never the same total twice.
        if let length = body.length { total = min(total, Int64(length)) }
        guard total > bytesReported else { return nil }
        bytesReported = total
        return total
    }

    /// The head went out with `channel` for the body: the continuation to resume with it. A
    /// streamed call's deadline ends here: the token returned is to be cancelled.
    mutating func handOut(_ channel: ChunkChannel) -> (CheckedContinuation<RawResponse, any Error>?, deadline: UInt64?) {
        self.channel = channel
        var endedDeadline: UInt64?
        if context.bodyMode == .streamed, let token = deadlineToken {
            // A streamed body is read at the caller's pace: the deadline ended with the head.
            endedDeadline = token
            deadlineToken = nil
        }
        defer { continuation = nil }
        return (continuation, endedDeadline)
    }

    /// What to do with bytes of the body that arrived.
    enum Arrival {
        /// Push them into the body's channel.
        case push(ChunkChannel)
        /// Added to ``bufferedBody`` (a whole-body call, or before the head).
        case buffered
        /// Dropped: the caller was answered already (failed, timed out, cancelled).
        case dropped
        /// The whole body outgrew the limit: fail the task with this error.
        case tooLarge(any Error)
    }

    /// `data` arrived.
    mutating func receive(_ data: Data) -> Arrival {
        if let channel { return .push(channel) }
        // Answered already (failed, timed out, cancelled): the rest is dropped.
        guard continuation != nil else { return .dropped }
        bufferedBody.append(data)
        do {
            if context.bodyMode == .collected { try context.checkBodySize(Int64(bufferedBody.count)) }
            return .buffered
        } catch {
            return .tooLarge(error)
        }
    }

    /// How the exchange ends when the task completes with `error` (or none) and `response`:
    /// `nil` when the caller was answered already; for a body being streamed, the channel
    /// finishes instead (see ``channelEnding(error:)``).
    func outcome(error: (any Error)?, response: URLResponse?) -> Result<RawResponse, any Error> {
        if let challengeResponse, let head = ResponseHead(challengeResponse) {
            return .success(RawResponse(head: head))
        }
        if let error {
            // A whole-body call whose head had arrived lost its body.
            let failure = context.bodyMode == .collected && response != nil
                ? TransportFailure.duringBody(error) : TransportFailure.beforeHead(error)
            return .failure(Self.failure(BricksError(mapping: failure), sending: body))
        }
        if let head { return .success(RawResponse(head: head, body: ResponseBody(bufferedBody))) }
        if let response = response as? HTTPURLResponse, let head = ResponseHead(response) {
            return .success(RawResponse(head: head, body: ResponseBody(bufferedBody)))
        }
        return .failure(BricksError(.transport(URLError(.badServerResponse))))
    }

    /// The error a streamed body ends with when the task completes with `error`: none for a
    /// challenge cancelled on purpose, whose 401 head went out and whose body simply ends.
    func channelEnding(error: (any Error)?) -> (any Error)? {
        guard challengeResponse == nil else { return nil }
        return error.map { BricksError(mapping: TransportFailure.duringBody($0)) }
    }

    /// The error an upload failed with: `error`, unless the body's file changed size or became
    /// unreadable after the upload began, which FoundationNetworking does not report (a file cut
    /// short stalls the upload until the deadline, measured) and which then says so instead.
    static func failure(_ error: any Error, sending body: RequestBody?) -> any Error {
        do {
            try body?.checkFile()
            return error
        } catch let fileChanged {
            return fileChanged
        }
    }
}
