import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: `URLSession`, with the fixes Bricks needs on Linux.
///
/// It drives each request through a session-level delegate (per-task delegates are ignored by
/// FoundationNetworking), which lets it:
/// - answer authentication challenges itself, so a `401` with `WWW-Authenticate: Basic` comes back
///   at once as a normal `401` reply instead of hanging;
/// - apply the ``RedirectPolicy`` (no credentials to another origin, bodies kept on 307/308);
/// - stop reading a body once it exceeds ``TransportLimits/maximumResponseSize``;
/// - honour fractional `timeoutInterval`s (FoundationNetworking rounds them down to whole seconds);
/// - cancel the request when the calling task is cancelled.
public final class URLSessionTransport: HTTPTransport {
    /// One transport for sessions that name none, so that they share connections.
    public static let shared = URLSessionTransport()

    private let session: URLSession
    private let delegate: URLSessionTransportDelegate
    private let redirectPolicy: RedirectPolicy

    /// Makes a transport with its own `URLSession`.
    /// - Parameters:
    ///   - configuration: the session's configuration. Default: `.ephemeral` (nothing written to disk).
    ///   - redirectPolicy: what to do with redirects. Default: ``RedirectPolicy/follow``.
    public init(configuration: URLSessionConfiguration = .ephemeral, redirectPolicy: RedirectPolicy = .follow) {
        let delegate = URLSessionTransportDelegate()
        self.redirectPolicy = redirectPolicy
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Bricks.URLSessionTransport"
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and returns the complete reply, whatever its status, following redirects
    /// as the ``RedirectPolicy`` allows.
    /// - Throws: ``BricksError/cancelled``, ``BricksError/timedOut``,
    ///   ``BricksError/responseTooLarge(limit:)`` or ``BricksError/transport(_:)``.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let limit = TransportLimits.current.maximumResponseSize
        // The timeout covers the whole exchange, redirects included.
        let deadline = ContinuousClock.now + .seconds(request.timeoutInterval)
        var current = request
        var redirects = 0
        while true {
            let reply = try await perform(current, limit: limit, deadline: deadline)
            guard let next = try redirectPolicy.nextRequest(after: current, response: reply.1) else { return reply }
            redirects += 1
            guard redirects <= redirectPolicy.maximumRedirects else {
                throw BricksError.transport(URLError(.httpTooManyRedirects))
            }
            current = next
        }
    }

    /// Sends one request without following redirects.
    private func perform(_ request: URLRequest, limit: Int, deadline: ContinuousClock.Instant) async throws
        -> (Data, HTTPURLResponse)
    {
        if Task.isCancelled { throw BricksError.cancelled }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { throw BricksError.timedOut }
        let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18
        // FoundationNetworking truncates timeouts to whole seconds (0.5 fails at once) and treats
        // them as idle time; Bricks keeps its own deadline for the whole exchange. URLSession's own
        // timeout must never fire first: a whole number of seconds no shorter than what remains is
        // left as it is (either timer reports a time-out; this spares copying the request), any
        // other is rounded up beyond Bricks' deadline.
        var wireRequest = request
        let timeout = request.timeoutInterval
        if timeout.rounded(.down) != timeout || timeout < seconds {
            wireRequest.timeoutInterval = seconds.rounded(.up) + 1
        }

        let task = session.dataTask(with: wireRequest)
        let delegate = self.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(task, limit: limit, deadline: .now() + seconds, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// The session-level delegate of ``URLSessionTransport``: collects bodies, answers challenges and
/// stops every redirect (the transport follows them itself) for every task of its session.
///
/// `@unchecked Sendable`: its mutable state is the ``Locked`` table of tasks and the armed
/// deadline, which is only read or written while that lock is held.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    typealias Reply = (Data, HTTPURLResponse)

    /// What the delegate knows about one task in flight.
    struct TaskState {
        var continuation: CheckedContinuation<Reply, any Error>
        var limit: Int
        var data = Data()
        var response: HTTPURLResponse?
        /// The 401/407 reply of an authentication challenge that was cancelled on purpose.
        var challengeResponse: HTTPURLResponse?
        var failure: BricksError?
        /// When Bricks gives up on the task.
        var deadline: DispatchTime
        let task: URLSessionTask
    }

    private let tasks = Locked<[Int: TaskState]>([:])
    /// One timer for every task's deadline, armed for the earliest: a request costs no timer of
    /// its own, and a task that completes leaves the timer alone (a spurious firing finds nothing
    /// due and re-arms).
    private let timer: any DispatchSourceTimer
    /// When ``timer`` fires next, or `nil` when it is idle. Guarded by the lock of ``tasks``.
    private var armedDeadline: DispatchTime?

    override init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "Bricks.URLSessionTransport.deadlines"))
        super.init()
        timer.setEventHandler { [weak self] in self?.expireDeadlines() }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    deinit {
        timer.cancel()
    }

    func register(
        _ task: URLSessionTask, limit: Int, deadline: DispatchTime, continuation: CheckedContinuation<Reply, any Error>
    ) {
        tasks.withLock {
            $0[task.taskIdentifier] = TaskState(continuation: continuation, limit: limit, deadline: deadline, task: task)
            if armedDeadline.map({ deadline < $0 }) ?? true {
                armedDeadline = deadline
                timer.schedule(deadline: deadline)
            }
        }
    }

    /// Fails and cancels every task whose deadline has passed, and re-arms for the next one.
    private func expireDeadlines() {
        let now = DispatchTime.now()
        let overdue = tasks.withLock { tasks -> [URLSessionTask] in
            var overdue: [URLSessionTask] = []
            var next: DispatchTime?
            for (id, state) in tasks where state.failure == nil {
                if state.deadline <= now {
                    tasks[id]?.failure = .timedOut
                    overdue.append(state.task)
                } else if next.map({ state.deadline < $0 }) ?? true {
                    next = state.deadline
                }
            }
            armedDeadline = next
            timer.schedule(deadline: next ?? .distantFuture)
            return overdue
        }
        for task in overdue { task.cancel() }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let limit = tasks.withLock { tasks -> Int? in
            tasks[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse
            return tasks[dataTask.taskIdentifier]?.limit
        }
        if let limit, response.expectedContentLength > Int64(limit) {
            tasks.withLock { $0[dataTask.taskIdentifier]?.failure = .responseTooLarge(limit: limit) }
            completionHandler(.cancel)
            dataTask.cancel()  // FoundationNetworking ignores the .cancel disposition
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let exceeded = tasks.withLock { tasks -> BricksError? in
            guard var state = tasks[dataTask.taskIdentifier] else { return nil }
            tasks[dataTask.taskIdentifier] = nil  // avoid copying the buffer on append
            defer { tasks[dataTask.taskIdentifier] = state }
            guard state.data.count + data.count <= state.limit else {
                state.failure = .responseTooLarge(limit: state.limit)
                state.data = Data()
                return state.failure
            }
            state.data.append(data)
            return nil
        }
        if exceeded != nil { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Not followed here: FoundationNetworking would drop a 307's body and forward credentials.
        // The 3xx reply completes the task and URLSessionTransport applies its RedirectPolicy.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        guard Self.httpAuthenticationMethods.contains(challenge.protectionSpace.authenticationMethod) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        // An HTTP authentication challenge (Basic, Digest, …). Left to FoundationNetworking it
        // never completes; cancel it and report the challenge's reply as an ordinary 401/407.
        if let failure = (challenge.failureResponse as? HTTPURLResponse) ?? Self.unauthorizedResponse(for: task) {
            tasks.withLock { $0[task.taskIdentifier]?.challengeResponse = failure }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let state = tasks.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let failure = state.failure {
            state.continuation.resume(throwing: failure)
        } else if let challengeResponse = state.challengeResponse {
            state.continuation.resume(returning: (state.data, challengeResponse))
        } else if let error {
            state.continuation.resume(throwing: BricksError.fromTransport(error))
        } else if let response = state.response ?? (task.response as? HTTPURLResponse) {
            state.continuation.resume(returning: (state.data, response))
        } else {
            state.continuation.resume(throwing: BricksError.transport(URLError(.badServerResponse)))
        }
    }

    /// The challenges of HTTP authentication schemes, which Bricks answers itself.
    private static let httpAuthenticationMethods: Set<String> = [
        NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest,
        NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
    ]

    /// A bare 401 for a challenge that came without its reply.
    private static func unauthorizedResponse(for task: URLSessionTask) -> HTTPURLResponse? {
        guard let url = task.currentRequest?.url ?? task.originalRequest?.url else { return nil }
        return HTTPURLResponse(url: url, statusCode: 401, httpVersion: "HTTP/1.1", headerFields: [:])
    }
}
