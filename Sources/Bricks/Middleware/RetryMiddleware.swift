import Foundation

/// Sends a request again when it failed in a way that may pass: a retryable status (503, 429, …)
/// or a transient network error, waiting with exponential backoff and jitter, or as long as the
/// reply's `Retry-After` asks.
///
/// ```swift
/// let session = Session(middleware: [
///     RetryMiddleware(.exponentialBackoff(maxAttempts: 4, baseDelay: .milliseconds(250))),
/// ])
/// ```
///
/// Rules:
/// - Only idempotent requests are retried (``CallContext/isIdempotent``: `GET`, `PUT`,
///   `DELETE`…, or any request with an `Idempotency-Key` header), unless the policy says
///   ``RetryPolicy/retriesNonIdempotentRequests``.
/// - When attempts run out, the last reply goes on to the caller (and fails there as an
///   unacceptable status), or the last error is thrown.
/// - Cancelling the task stops at once with ``BricksError/Reason/cancelled``, also during a wait.
/// - It never waits past the ``CallContext/deadline``: when the next try could not start
///   before it, the call fails at once with ``BricksError/Reason/timedOut(after:)``.
///
/// Each new try passes ``CallContext/attempt`` raised by one to the middleware below.
public struct RetryMiddleware: Middleware {
    /// The policy in force.
    public let policy: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Makes the middleware.
    /// - Parameter policy: when and how long to wait. Default: ``RetryPolicy/default``.
    public init(_ policy: RetryPolicy = .default) {
        self.init(policy, sleep: { try await Task.sleep(for: $0) })
    }

    /// Makes the middleware with another way to wait (tests record the waits instead).
    init(_ policy: RetryPolicy, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.policy = policy
        self.sleep = sleep
    }

    /// Sends the request, and again while the policy allows.
    /// - Throws: the last error; ``BricksError/Reason/cancelled`` or ``BricksError/Reason/timedOut(after:)`` when the
    ///   task is cancelled or the deadline comes first.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        guard policy.maxAttempts > 1, context.isIdempotent || policy.retriesNonIdempotentRequests,
            body?.isReplayable ?? true
        else {
            // A one-shot streamed body cannot be sent twice: such a request is never retried.
            return try await next(head, body, context)
        }
        var context = context
        var tries = 1
        while true {
            let delay: Duration
            do {
                let response = try await next(head, body, context)
                guard tries < policy.maxAttempts, policy.retryableStatusCodes.contains(response.head.statusCode) else {
                    return response
                }
                if let retryAfter = response.head.headerFields["Retry-After"].flatMap({ RetryPolicy.retryAfter($0) }) {
                    guard retryAfter <= policy.maximumRetryAfter else { return response }
                    delay = retryAfter
                } else {
                    delay = policy.backoff(afterAttempt: tries)
                }
            } catch {
                if Task.isCancelled || BricksError.isCancellation(error) { throw BricksError(.cancelled) }
                guard tries < policy.maxAttempts, policy.isRetryableError(error) else { throw error }
                delay = policy.backoff(afterAttempt: tries)
            }
            try await wait(delay, before: context.deadline)
            tries += 1
            context.attempt += 1
        }
    }

    /// Waits `delay`, unless the task is cancelled or the wait would reach `deadline`.
    private func wait(_ delay: Duration, before deadline: ContinuousClock.Instant?) async throws {
        if Task.isCancelled { throw BricksError(.cancelled) }
        if let deadline, ContinuousClock.now.duration(to: deadline) <= delay {
            throw BricksError(.timedOut(after: ContinuousClock.now.duration(to: deadline)))
        }
        do {
            try await sleep(delay)
        } catch {
            throw BricksError(.cancelled)
        }
    }
}
