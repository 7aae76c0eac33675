import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session-level delegate of ``URLSessionTransport``: hands out each task's head and body
/// chunks, answers challenges and stops every redirect (the Session follows them) for every task
/// of its session.
///
/// `@unchecked Sendable`: its mutable state is the ``Locked`` table of tasks.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What the delegate knows about one task in flight.
    private struct TaskState {
        /// Resumed once, with the head, or with the failure that came first.
        var continuation: CheckedContinuation<RawResponse, any Error>?
        /// The body's channel, once the head is out.
        var channel: ChunkChannel?
        /// The 401/407 of an authentication challenge that was cancelled on purpose.
        var challengeResponse: HTTPURLResponse?
        /// Bytes that arrived before the head was handed out (a refused redirect's body).
        var early = Data()
        /// The body being sent, told the progress of its upload.
        var body: RequestBody?
        /// The body's bytes handed to the network so far, summed from each `didSendBodyData`.
        var bytesSent: Int64 = 0
        /// The last total reported to ``body``: each report is larger than the one before.
        var bytesReported: Int64 = 0
        /// The entry of the exchange's deadline in the shared timer, while it is watched.
        var deadlineToken: UInt64?
        /// Whether the deadline covers the body too, or ends with the head.
        var deadlineCoversBody = true
        /// For a whole-body call, the exchange's context, whose limit the body is checked
        /// against: the body is then collected here and handed out with the head at the end, in
        /// one resumption of the caller.
        var wholeBody: TransportContext?
    }

    private let tasks = Locked<[Int: TaskState]>([:])

    /// The most bytes of a body that may wait on disk for its reader (``ChunkChannel``).
    private let maximumSpoolSize: Int

    init(maximumSpoolSize: Int) {
        self.maximumSpoolSize = maximumSpoolSize
    }

    /// Where upload progress is reported, in order: the handler is the caller's code, kept off
    /// FoundationNetworking's work queue, where the delegate runs and where a slow handler would
    /// hold up every transfer. A task that reports progress hands out its response through this
    /// queue too, so that every report has been made when the call returns; a failure (a
    /// cancellation, the deadline) is answered at once.
    private let progressReports = DispatchQueue(label: "Bricks.URLSessionTransport.progress")

    /// Resumes `continuation` with `outcome`: after the progress reports already queued when
    /// `body` reports progress, at once otherwise.
    private func resume(
        _ continuation: CheckedContinuation<RawResponse, any Error>?, with outcome: Result<RawResponse, any Error>,
        sending body: RequestBody?
    ) {
        guard let continuation else { return }
        if body?.reportsProgress == true {
            progressReports.async { continuation.resume(with: outcome) }
        } else {
            continuation.resume(with: outcome)
        }
    }

    func register(
        _ task: URLSessionTask, body: RequestBody?, context: TransportContext,
        continuation: CheckedContinuation<RawResponse, any Error>
    ) {
        var state = TaskState(continuation: continuation, body: body)
        state.deadlineCoversBody = context.deadlineCoversBody
        if context.collectsBody { state.wholeBody = context }
        if let deadline = context.deadline {
            // The core's deadline, watched by the one shared timer: no task of its own per request.
            let handle = TaskHandle(task: task)
            state.deadlineToken = DeadlineTimer.shared.schedule(at: deadline) { [weak self] in
                self?.fail(handle.task, with: BricksError(.timedOut(after: .zero)))
            }
        }
        tasks.withLock { $0[task.taskIdentifier] = state }
    }

    /// The calling task was cancelled: see ``fail(_:with:)``.
    func cancel(_ task: URLSessionTask) {
        fail(task, with: CancellationError())
    }

    /// The calling task was cancelled, its deadline passed or its body outgrew the limit: answers
    /// it at once, without waiting for FoundationNetworking to finish the work already queued (a
    /// flood of header fields takes it seconds), and cancels the URLSession task.
    private func fail(_ task: URLSessionTask, with error: any Error) {
        let state = tasks.withLock { tasks -> TaskState? in
            guard var state = tasks[task.taskIdentifier] else { return nil }
            defer { tasks[task.taskIdentifier] = state }
            defer {
                state.continuation = nil
                state.early = Data()
            }
            return state
        }
        if let token = state?.deadlineToken { DeadlineTimer.shared.cancel(token) }
        state?.continuation?.resume(throwing: error is CancellationError ? error : Self.failure(error, sending: state?.body))
        state?.channel?.finish(error)
        Self.cancelSoon(task)
    }

    /// Cancels `task` off the caller's thread: FoundationNetworking's `cancel()` waits for the
    /// session's work queue, which a flood of header fields, a gzip bomb or a fast body keeps
    /// busy for seconds (libcurl reads a loopback body to its end before the cancellation gets
    /// its turn), and which is the very thread the delegate runs on (``InlineDelegateQueue``).
    static func cancelSoon(_ task: URLSessionTask) {
        let handle = TaskHandle(task: task)
        foundationCalls.async { handle.task.cancel() }
    }

    /// Where calls into FoundationNetworking that wait for its work queue are made: task
    /// cancellations and the answers to challenges (which suspend, resume or cancel the task).
    /// Never that work queue itself, where the delegate runs: the call would wait for itself.
    /// Serial: each call waits for the same work queue (FoundationNetworking runs every
    /// session's work on one), so more threads would only wait side by side; and a queue of its
    /// own, not a global one, so that waiting here never takes a thread from the Swift tasks
    /// that read the bodies.
    private static let foundationCalls = DispatchQueue(label: "Bricks.URLSessionTransport.foundationCalls")

    /// A task handed to another queue to be cancelled. `@unchecked Sendable`: `cancel()` is
    /// thread-safe.
    private struct TaskHandle: @unchecked Sendable {
        let task: URLSessionTask
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let report = tasks.withLock { tasks -> (RequestBody, Int64)? in
            guard var state = tasks[task.taskIdentifier], let body = state.body, body.reportsProgress else { return nil }
            defer { tasks[task.taskIdentifier] = state }
            #if canImport(FoundationNetworking)
            // FoundationNetworking reads `totalBytesSent` when the delegate call runs, not when
            // libcurl took the bytes: with the delegate on a queue that fell behind, calls
            // carried the same latest total (steps of 1.2 MiB, measured). The total is summed
            // from `bytesSent`, each call's own count (at most libcurl's upload buffer, 64 KiB),
            // which is right wherever the delegate runs.
            state.bytesSent &+= bytesSent
            var total = state.bytesSent
            #else
            var total = totalBytesSent
            #endif
            // Never past the body's length (libcurl rewinds and sends again after a reset), and
            // never the same total twice.
            if let length = body.length { total = min(total, Int64(length)) }
            guard total > state.bytesReported else { return nil }
            state.bytesReported = total
            return (body, total)
        }
        if let (body, total) = report { progressReports.async { body.reportSent(total) } }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let response = response as? HTTPURLResponse else {
            completionHandler(.allow)
            return
        }
        let wholeBody = tasks.withLock { $0[dataTask.taskIdentifier]?.wholeBody }
        if let wholeBody {
            // A whole-body call: the body is collected in `early` and the caller resumed once, at
            // the end (didCompleteWithError), without a channel or a hop per chunk.
            completionHandler(.allow)
            do {
                try wholeBody.checkBodySize(response.expectedContentLength)
            } catch {
                fail(dataTask, with: error)
            }
            return
        }
        let head = ResponseHead(response)
        let channel = ChunkChannel(
            canPause: Self.canPauseTransfers, spoolLimit: maximumSpoolSize,
            pause: { [weak dataTask] pauses in Self.pause(dataTask, pauses) },
            // Never on the reader's thread: FoundationNetworking's `cancel()` waits for the
            // session's work queue, which a fast body keeps busy until its end (1.5 s for 512 MiB
            // on loopback, measured), and the reader's cancellation handler holds its task's
            // status lock, which the delegate then waits for to resume the reader (see
            // ``cancelSoon(_:)``).
            cancel: { [weak dataTask] in if let dataTask { Self.cancelSoon(dataTask) } })
        // Built before the lock is released, and read after the caller takes the same lock
        // (synchronize()): a happens-before that ThreadSanitizer sees, which a continuation
        // resumed from this queue does not show it.
        let reader = ChunkChannel.Reader(channel)
        let raw = RawResponse(head: head, body: ResponseBody(next: reader.next))
        let (continuation, body) = tasks.withLock { tasks -> (CheckedContinuation<RawResponse, any Error>?, RequestBody?) in
            guard var state = tasks[dataTask.taskIdentifier] else { return (nil, nil) }
            defer { tasks[dataTask.taskIdentifier] = state }
            state.channel = channel
            if !state.deadlineCoversBody, let token = state.deadlineToken {
                // A streamed body is read at the caller's pace: the deadline ended with the head.
                DeadlineTimer.shared.cancel(token)
                state.deadlineToken = nil
            }
            defer { state.continuation = nil }
            return (state.continuation, state.body)
        }
        completionHandler(.allow)
        resume(continuation, with: .success(raw), sending: body)
    }

    /// Takes the lock the delegate released after building a response: called by the
    /// awaiting task once its continuation resumes.
    func synchronize() {
        tasks.withLock { _ in }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        var tooLarge: (any Error)?
        let channel = tasks.withLock { tasks -> ChunkChannel? in
            // Moved out and back, so that the state is never shared while `early` grows: a copy
            // would copy the bytes gathered so far at each append.
            let id = dataTask.taskIdentifier
            guard var state = tasks.removeValue(forKey: id) else { return nil }
            defer { tasks[id] = state }
            if let channel = state.channel { return channel }
            // Answered already (failed, timed out, cancelled): the rest is dropped.
            guard state.continuation != nil else { return nil }
            state.early.append(data)
            do {
                try state.wholeBody?.checkBodySize(Int64(state.early.count))
            } catch {
                tooLarge = error
            }
            return nil
        }
        channel?.push(data)
        if let tooLarge { fail(dataTask, with: tooLarge) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Not followed here: the 3xx response completes the task and the Session's core applies
        // its RedirectPolicy.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard Self.httpAuthenticationMethods.contains(challenge.protectionSpace.authenticationMethod) else {
            Self.foundationCalls.async { completionHandler(.performDefaultHandling, nil) }
            return
        }
        // An HTTP authentication challenge (Basic, Digest, …). Left to FoundationNetworking it
        // never completes; cancel it and report the challenge's response as an ordinary 401/407.
        if let failure = (challenge.failureResponse as? HTTPURLResponse) ?? Self.unauthorizedResponse(for: task) {
            tasks.withLock { $0[task.taskIdentifier]?.challengeResponse = failure }
        }
        Self.foundationCalls.async { completionHandler(.cancelAuthenticationChallenge, nil) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let token = state.deadlineToken { DeadlineTimer.shared.cancel(token) }
        if let channel = state.channel {
            // A challenge cancelled on purpose ends the task with "cancelled" after its 401 head
            // went out: that body simply ends.
            channel.finish(state.challengeResponse == nil ? error.map { BricksError(mapping: TransportFailure.duringBody($0)) } : nil)
            return
        }
        guard let continuation = state.continuation else { return }
        let outcome: Result<RawResponse, any Error>
        if let challengeResponse = state.challengeResponse {
            outcome = .success(RawResponse(head: ResponseHead(challengeResponse)))
        } else if let error {
            // A whole-body call whose head had arrived lost its body.
            let failure = state.wholeBody != nil && task.response != nil
                ? TransportFailure.duringBody(error) : TransportFailure.beforeHead(error)
            outcome = .failure(Self.failure(BricksError(mapping: failure), sending: state.body))
        } else if let response = task.response as? HTTPURLResponse {
            outcome = .success(RawResponse(head: ResponseHead(response), body: ResponseBody(state.early)))
        } else {
            outcome = .failure(BricksError(.transport(URLError(.badServerResponse))))
        }
        // Released after the response is built and taken by the caller (synchronize()): the
        // happens-before ThreadSanitizer needs, as for a head handed out above.
        tasks.withLock { _ in }
        resume(continuation, with: outcome, sending: state.body)
    }

    /// The error an upload failed with: `error`, unless the body's file changed size or became
    /// unreadable after the upload began, which FoundationNetworking does not report (a file cut
    /// short stalls the upload until the deadline, measured) and which then says so instead.
    private static func failure(_ error: any Error, sending body: RequestBody?) -> any Error {
        do {
            try body?.checkFile()
            return error
        } catch let fileChanged {
            return fileChanged
        }
    }

    /// Whether a task's transfer can be paused while its reader is behind. Not with
    /// FoundationNetworking: its `suspend()` stops the transfer asynchronously and traps when the
    /// task is resumed first (measured), so there the channel spools what the reader has not
    /// taken to disk instead.
    #if canImport(FoundationNetworking)
    private static let canPauseTransfers = false
    #else
    private static let canPauseTransfers = true
    #endif

    /// Pauses or resumes a task's transfer while its reader is behind (see ``canPauseTransfers``).
    private static func pause(_ task: URLSessionDataTask?, _ pauses: Bool) {
        #if !canImport(FoundationNetworking)
        if pauses { task?.suspend() } else { task?.resume() }
        #endif
    }

    /// The challenges of HTTP authentication schemes, which Bricks answers itself.
    private static let httpAuthenticationMethods: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
        NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]

    /// A bare 401 for a challenge that came without its response.
    private static func unauthorizedResponse(for task: URLSessionTask) -> HTTPURLResponse? {
        guard let url = task.currentRequest?.url ?? task.originalRequest?.url else { return nil }
        return HTTPURLResponse(url: url, statusCode: 401, httpVersion: "HTTP/1.1", headerFields: [:])
    }
}
