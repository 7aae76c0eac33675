import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session-level delegate of ``URLSessionTransport``: the I/O of every task of its session.
/// It hands out each task's head and body chunks, reports upload progress, watches the deadline,
/// stops every redirect (the Session follows them) and answers challenges
/// (`URLSessionTransportDelegate+Challenges.swift`). What each event does to a task is decided by
/// its ``URLSessionTaskState``; this type takes the lock, asks it, and acts outside the lock.
///
/// `@unchecked Sendable`: its mutable state is the ``Locked`` table of tasks.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let tasks = Locked<[Int: URLSessionTaskState]>([:])

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
        _ task: URLSessionTask, body: RequestBody?, context: CallContext,
        continuation: CheckedContinuation<RawResponse, any Error>
    ) {
        var state = URLSessionTaskState(continuation: continuation, body: body, context: context)
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
        let abandoned = tasks.withLock { tasks -> (URLSessionTaskState, CheckedContinuation<RawResponse, any Error>?)? in
            guard var state = tasks[task.taskIdentifier] else { return nil }
            defer { tasks[task.taskIdentifier] = state }
            return (state, state.abandon())
        }
        if let (state, continuation) = abandoned {
            if let token = state.deadlineToken { DeadlineTimer.shared.cancel(token) }
            continuation?.resume(
                throwing: error is CancellationError ? error : URLSessionTaskState.failure(error, sending: state.body))
            state.channel?.finish(error)
        }
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
    static let foundationCalls = DispatchQueue(label: "Bricks.URLSessionTransport.foundationCalls")

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
            guard var state = tasks[task.taskIdentifier], let body = state.body else { return nil }
            defer { tasks[task.taskIdentifier] = state }
            return state.sent(bytesSent).map { (body, $0) }
        }
        if let (body, total) = report { progressReports.async { body.reportSent(total) } }
    }

    /// libcurl lost a kept connection before any reply and sends the request again on a new one,
    /// from the start of its body. FoundationNetworking cannot rewind a body in memory or in a
    /// file: it reports the rewind as done and libcurl sends the head with its `Content-Length`
    /// and no body, for which the server waits until the deadline (Docs/Linux.md, "A body sent
    /// again"). So no stream is given, and the call fails at once with an error that says the
    /// body was not sent again. Apple's URLSession asks only for a body given as a stream, which
    /// Bricks never gives.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        completionHandler(nil)
        let detail = "the body was not sent: the connection, kept from an earlier exchange, closed as the request "
            + "went out, and URLSession cannot send a body again on a new connection"
        fail(task, with: BricksError(.transport(TransportError(.connectionClosed, detail: detail))))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // Read from Foundation's dictionary once, for either kind of call. A reply that is not
        // HTTP's, or names no URL, fails when the task ends (`URLSessionTaskState`).
        guard let response = response as? HTTPURLResponse, let head = ResponseHead(response) else {
            completionHandler(.allow)
            return
        }
        let context = tasks.withLock { tasks -> CallContext? in
            guard let context = tasks[dataTask.taskIdentifier]?.context else { return nil }
            if context.bodyMode == .collected { tasks[dataTask.taskIdentifier]?.head = head }
            return context
        }
        if let context, context.bodyMode == .collected {
            // A whole-body call: the body is collected in `bufferedBody` and the caller resumed once, at
            // the end (didCompleteWithError), with the head kept above, without a channel or a hop
            // per chunk. The head goes through the core's gate now, so that a body over the limit
            // is not read at all.
            completionHandler(.allow)
            do {
                try context.checkHead(head)
            } catch {
                fail(dataTask, with: error)
            }
            return
        }
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
        let (continuation, body, endedDeadline) = tasks.withLock {
            tasks -> (CheckedContinuation<RawResponse, any Error>?, RequestBody?, UInt64?) in
            guard var state = tasks[dataTask.taskIdentifier] else { return (nil, nil, nil) }
            defer { tasks[dataTask.taskIdentifier] = state }
            let (continuation, deadline) = state.handOut(channel)
            return (continuation, state.body, deadline)
        }
        if let endedDeadline { DeadlineTimer.shared.cancel(endedDeadline) }
        completionHandler(.allow)
        resume(continuation, with: .success(raw), sending: body)
    }

    /// Takes the lock the delegate released after building a response: called by the
    /// awaiting task once its continuation resumes.
    func synchronize() {
        tasks.withLock { _ in }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let arrival = tasks.withLock { tasks -> URLSessionTaskState.Arrival in
            // Moved out and back, so that the state is never shared while `bufferedBody` grows: a copy
            // would copy the bytes gathered so far at each append.
            let id = dataTask.taskIdentifier
            guard var state = tasks.removeValue(forKey: id) else { return .dropped }
            defer { tasks[id] = state }
            return state.receive(data)
        }
        switch arrival {
        case .push(let channel): channel.push(data)
        case .buffered, .dropped: break
        case .tooLarge(let error): fail(dataTask, with: error)
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Not followed here: the 3xx response completes the task and the Session's core applies
        // its RedirectPolicy.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let token = state.deadlineToken { DeadlineTimer.shared.cancel(token) }
        if let channel = state.channel {
            channel.finish(state.channelEnding(error: error))
            return
        }
        guard let continuation = state.continuation else { return }
        let outcome = state.outcome(error: error, response: task.response)
        // Released after the response is built and taken by the caller (synchronize()): the
        // happens-before ThreadSanitizer needs, as for a head handed out above.
        tasks.withLock { _ in }
        resume(continuation, with: outcome, sending: state.body)
    }

    /// Whether a task's transfer can be paused while its reader is behind. Not with
    /// FoundationNetworking: its `suspend()` stops the transfer asynchronously and traps when the
    /// task is resumed first (measured), so there the channel spools what the reader has not
    /// taken to disk instead.
    private static let canPauseTransfers = !URLSessionTransport.runsOnFoundationNetworking

    /// Pauses or resumes a task's transfer while its reader is behind (see ``canPauseTransfers``).
    private static func pause(_ task: URLSessionDataTask?, _ pauses: Bool) {
        guard canPauseTransfers else { return }
        if pauses { task?.suspend() } else { task?.resume() }
    }
}
