import Foundation

/// When one exchange must be over: the request's `timeoutInterval` from now, or the call's overall
/// deadline if that comes first. The one place where Bricks computes and enforces a time limit.
struct Deadline: Sendable {
    /// When the time runs out.
    let instant: ContinuousClock.Instant
    /// How long was allowed, for the error message.
    let budget: Duration

    /// Longer than this is taken as "no time limit": no timer is armed, and no arithmetic can
    /// overflow (`timeoutInterval = .greatestFiniteMagnitude` means "never").
    static let unlimited: Duration = .seconds(100 * 365 * 24 * 3600)

    /// The deadline of a request.
    /// - Parameters:
    ///   - timeoutInterval: the request's own limit, in seconds (positive; larger than a century
    ///     counts as none).
    ///   - overall: the call's deadline, if any.
    /// - Throws: ``BricksError/Reason/timedOut(after:)`` when `overall` has passed already.
    init(timeoutInterval: TimeInterval, overall: ContinuousClock.Instant?) throws(BricksError) {
        let now = ContinuousClock.now
        var budget = timeoutInterval.isFinite && timeoutInterval < Self.unlimited.seconds
            ? Duration.seconds(Swift.max(timeoutInterval, 0)) : Self.unlimited
        if let overall {
            let remaining = now.duration(to: overall)
            guard remaining > .zero else { throw BricksError(.timedOut(after: .zero)) }
            budget = Swift.min(budget, remaining)
        }
        self.budget = budget
        instant = now + budget
    }

    /// Whether there is no time limit at all.
    var isUnlimited: Bool { budget >= Self.unlimited }

    /// The error for this deadline having passed.
    var error: BricksError { BricksError(.timedOut(after: budget)) }

    /// Runs `operation`, stopping it when the deadline passes.
    ///
    /// A transport that stops at the deadline itself gets it in its ``TransportContext``.
    /// Otherwise the operation runs in a task of its own that the shared ``DeadlineTimer`` cancels
    /// at the deadline: one timer for every request, no timer task per request.
    /// - Throws: ``BricksError/Reason/timedOut(after:)`` when the deadline passed first, else the
    ///   operation's error.
    func run<Value: Sendable>(
        transportStops: Bool, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard !isUnlimited else { return try await operation() }
        guard ContinuousClock.now < instant else { throw error }
        if transportStops {
            // The transport watches the deadline itself: no task, no hop.
            do {
                return try await operation()
            } catch let failure as BricksError {
                if case .timedOut = failure.reason { throw error(naming: failure) }
                throw failure
            }
        }
        let task = Task { try await operation() }
        let expired = Locked(false)
        let timer = DeadlineTimer.shared
        let token = timer.schedule(at: instant) {
            expired.withLock { $0 = true }
            task.cancel()
        }
        defer { timer.cancel(token) }
        do {
            return try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        } catch {
            if expired.withLock({ $0 }) { throw self.error(naming: error) }
            throw error
        }
    }

    /// ``error``, naming the request that `failure` named (a redirect's target, say).
    private func error(naming failure: any Error) -> BricksError {
        var timedOut = error
        timedOut.request = (failure as? BricksError)?.request
        return timedOut
    }
}
