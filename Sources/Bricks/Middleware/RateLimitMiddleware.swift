import Foundation

/// Stays under a server's rate limits: waits before sending when the budget is spent, rather
/// than sending into a `429`.
///
/// It reads each reply's rate-limit fields — `RateLimit` and `RateLimit-Policy` (the IETF draft,
/// and its older `RateLimit-Limit`/`-Remaining`/`-Reset` trio), `X-RateLimit-Limit`/`-Remaining`/
/// `-Reset` (a reset above 10⁹ is a Unix epoch second, as GitHub sends; below, seconds from now),
/// and `Retry-After` on a `429`, a `503` or a `403` — and holds later requests to the same host
/// (scheme, host and port) until the budget returns. The policy may also cap concurrent requests
/// per host and space writes:
///
/// ```swift
/// let session = Session(middleware: [
///     RetryMiddleware(),
///     RateLimitMiddleware(.github),   // 100 concurrent, 1 s between writes
/// ])
/// ```
///
/// Rules:
/// - Put it **after** (inside) ``RetryMiddleware``. A refused try records the server's
///   `Retry-After` here; the retry waits for it in ``RetryMiddleware``, and arrives here when it
///   has passed, so the wait happens once. Each retry is also counted against the budget.
/// - The state is per host and shared by every request through this middleware (and its
///   copies): make one and keep it, as a ``Session`` does.
/// - A wait that would pass the call's ``CallContext/deadline``, or last longer than the
///   policy's ``RateLimitPolicy/maximumWait``, fails at once with
///   ``BricksError/Reason/rateLimited(until:why:)``; nothing is sent.
/// - Cancelling the task ends a wait at once with ``BricksError/Reason/cancelled``.
/// - Unless ``RateLimitPolicy/learnsBudgetFirst`` is off, the first request to a host goes alone
///   until its reply tells the budget (one round trip, once per host and window). When that reply
///   is slow, one more request goes each second to learn it, rather than the whole burst.
public struct RateLimitMiddleware: Middleware {
    /// The policy in force.
    public let policy: RateLimitPolicy
    private let limiter = Limiter()

    /// Makes the middleware, with state of its own.
    /// - Parameter policy: the caps beyond the servers' fields. Default: ``RateLimitPolicy/default``.
    public init(_ policy: RateLimitPolicy = .default) {
        self.policy = policy
    }

    /// Waits until the request may go, sends it, and learns from the reply.
    /// - Throws: ``BricksError/Reason/rateLimited(until:why:)`` when the wait would pass the deadline
    ///   or the policy's longest wait; ``BricksError/Reason/cancelled`` when the task is cancelled;
    ///   or what the rest of the stack throws.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        // Where a rate limit applies: the origin (scheme, host and port).
        let host = head.origin
        let ticket = try await admit(to: host, isWrite: policy.writeMethods.contains(head.method), context: context)
        let response: RawResponse
        do {
            response = try await next(head, body, context)
        } catch {
            limiter.finish(ticket, at: host, signal: nil)
            throw error
        }
        limiter.finish(ticket, at: host, signal: RateLimitSignal(response.head))
        return response
    }

    /// Waits until the host's state lets the request go, and counts it as sent.
    private func admit(to host: Origin, isWrite: Bool, context: CallContext) async throws
        -> RateLimitHostState.Ticket
    {
        while true {
            if Task.isCancelled { throw BricksError(.cancelled) }
            let now = ContinuousClock.now
            let (admission, generation) = limiter.admit(to: host, isWrite: isWrite, policy: policy, now: now)
            switch admission {
            case .send(let ticket):
                return ticket
            case .waitUntil(let instant, let hold):
                let wait = now.duration(to: instant)
                let until = Date().addingTimeInterval(wait.seconds)
                if let deadline = context.deadline, deadline <= instant {
                    throw BricksError(.rateLimited(
                        until: until, why: "\(describe(hold, host)), past the call's deadline"))
                }
                if wait > policy.maximumWait {
                    throw BricksError(.rateLimited(
                        until: until,
                        why: "\(describe(hold, host)), longer than the longest wait of \(BricksError.format(policy.maximumWait))"))
                }
                do {
                    try await Task.sleep(until: instant, clock: .continuous)
                } catch {
                    throw BricksError(.cancelled)
                }
            case .waitForChange(let hold, let until):
                let limit = [context.deadline, until].compactMap { $0 }.min()
                let changed = await limiter.waitForChange(after: generation, deadline: limit)
                if !changed, !Task.isCancelled, let deadline = context.deadline, ContinuousClock.now >= deadline {
                    throw BricksError(.rateLimited(
                        until: nil, why: "\(describe(hold, host)), and none finished before the call's deadline"))
                }
            }
        }
    }

    /// Why a request waits, in words, for errors.
    private func describe(_ hold: RateLimitHostState.Hold, _ host: Origin) -> String {
        switch hold {
        case .retryAfter: "\(host) asked for no requests until then (Retry-After)"
        case .budgetSpent: "the rate limit of \(host) is spent until then"
        case .writeSpacing: "writes to \(host) are spaced \(BricksError.format(policy.writeSpacing)) apart"
        case .learningBudget: "a request to \(host) was out to learn its rate limit"
        case .concurrency:
            "\(host) already had the most concurrent requests allowed (\(policy.maximumConcurrentRequestsPerHost ?? 0)) in flight"
        }
    }

    /// The hosts' states and the requests waiting for one to change, behind one lock.
    ///
    /// Checked `Sendable`: its only stored property is a `Locked`.
    private final class Limiter: Sendable {
        private struct State {
            var hosts: [Origin: RateLimitHostState] = [:]
            /// Raised by every finished request: a waiter that saw an older value re-checks.
            var generation: UInt64 = 0
            var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
            /// Waiters cancelled before they were stored: they must not be stored.
            var cancelledWaiters: Set<Int> = []
            var lastWaiter = 0
        }

        private let state = Locked(State())

        func admit(to host: Origin, isWrite: Bool, policy: RateLimitPolicy, now: ContinuousClock.Instant)
            -> (RateLimitHostState.Admission, generation: UInt64)
        {
            state.withLock { state in
                let admission = state.hosts[host, default: RateLimitHostState()]
                    .admit(isWrite: isWrite, policy: policy, now: now)
                return (admission, state.generation)
            }
        }

        func finish(_ ticket: RateLimitHostState.Ticket, at host: Origin, signal: RateLimitSignal?) {
            let now = ContinuousClock.now
            let waiters = state.withLock { state in
                state.hosts[host, default: RateLimitHostState()].finish(ticket, signal: signal, now: now)
                state.generation &+= 1
                defer { state.waiters.removeAll() }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume() }
        }

        /// Returns when a request finishes after `generation` was read (`true`), when the task
        /// is cancelled (`true`: the caller checks), or at `deadline` (`false`).
        func waitForChange(after generation: UInt64, deadline: ContinuousClock.Instant?) async -> Bool {
            guard let deadline else {
                await waitForChange(after: generation)
                return true
            }
            return await withTaskGroup(of: Bool.self) { group in
                group.addTask { await self.waitForChange(after: generation); return true }
                group.addTask {
                    do {
                        try await Task.sleep(until: deadline, clock: .continuous)
                        return false
                    } catch {
                        return true
                    }
                }
                let first = await group.next() ?? true
                group.cancelAll()
                return first
            }
        }

        private func waitForChange(after generation: UInt64) async {
            let id = state.withLock { state in
                state.lastWaiter &+= 1
                return state.lastWaiter
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLock { state in
                        if state.generation != generation || state.cancelledWaiters.remove(id) != nil { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                let waiter = state.withLock { state in
                    if let waiter = state.waiters.removeValue(forKey: id) { return Optional(waiter) }
                    state.cancelledWaiters.insert(id)
                    return nil
                }
                waiter?.resume()
            }
            state.withLock { _ = $0.cancelledWaiters.remove(id) }
        }
    }
}
