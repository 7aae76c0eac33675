import Foundation

/// When one exchange must be over: the request's `timeoutInterval` from now, or the call's overall
/// deadline if that comes first. The one place where Bricks computes and enforces a time limit.
struct Deadline: Sendable {
    /// When the time runs out (a ``ClockOffset``: this value is copied into every exchange's context).
    let end: ClockOffset
    /// How long was allowed, for the error message.
    let budget: Duration

    /// Longer than this is taken as "no time limit": no timer is armed, and no arithmetic can
    /// overflow (`timeoutInterval = .greatestFiniteMagnitude` means "never").
    static let unlimited: Duration = .seconds(unlimitedSeconds)
    /// ``unlimited`` in seconds.
    private static let unlimitedSeconds: Double = 100 * 365 * 24 * 3600

    /// The deadline of a request.
    /// - Parameters:
    ///   - timeoutInterval: the request's own limit, in seconds (positive; larger than a century
    ///     counts as none).
    ///   - overall: the call's deadline, if any.
    /// - Throws: ``BricksError/Reason/timedOut(after:)`` when `overall` has passed already.
    init(timeoutInterval: TimeInterval, overall: ClockOffset?) throws(BricksError) {
        let now = ClockOffset.now
        // Whole nanoseconds, in range (a century is 3.2e18 of them): `Duration.seconds(Double)`
        // converts through 128-bit attoseconds, a few hundred instructions a request.
        var budget = timeoutInterval.isFinite && timeoutInterval < Self.unlimitedSeconds
            ? Duration.nanoseconds(Int64(Swift.max(timeoutInterval, 0) * 1e9)) : Self.unlimited
        if let overall {
            let remaining = now.duration(to: overall)
            guard remaining > .zero else { throw BricksError(.timedOut(after: .zero)) }
            budget = Swift.min(budget, remaining)
        }
        self.budget = budget
        end = now + budget
    }

    /// The deadline of one exchange of a call: its ``CallContext/timeoutInterval`` from now,
    /// within its ``CallContext/deadline``.
    /// - Throws: ``BricksError/Reason/timedOut(after:)`` when the call's deadline has passed already.
    init(for context: CallContext) throws(BricksError) {
        try self.init(timeoutInterval: context.timeoutInterval, overall: context.deadlineOffset)
    }

    /// The context the layer below this deadline gets: the call's, with this deadline as its own
    /// (none when unlimited) and whether `head` is a `HEAD` (a redirect keeps a HEAD a HEAD).
    func context(for head: RequestHead, from call: CallContext) -> CallContext {
        var context = call
        context.deadlineOffset = isUnlimited ? nil : end
        context.isHeadRequest = head.method == .head
        return context
    }

    /// Whether there is no time limit at all.
    var isUnlimited: Bool { budget >= Self.unlimited }

    /// The error for this deadline having passed.
    var error: BricksError { BricksError(.timedOut(after: budget)) }

    /// Runs `operation`, stopping it when the deadline passes: inline when that can be done
    /// inline (see ``runsInline(transportStops:)``), else in a watched task.
    /// - Throws: ``BricksError/Reason/timedOut(after:)`` when the deadline passed first, else the
    ///   operation's error.
    func run<Value: Sendable>(
        transportStops: Bool, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        if runsInline(transportStops: transportStops) { return try await inline(operation) }
        return try await watched(operation)
    }

    /// Whether an operation can run inline, in the caller's task: when there is no time limit, or
    /// when the transport stops at the deadline itself (it gets it in its ``CallContext``).
    func runsInline(transportStops: Bool) -> Bool { isUnlimited || transportStops }

    /// Runs `operation` in the caller's task, where ``runsInline(transportStops:)`` allows: no
    /// task, no hop, no timer; a time-out the transport reports is this deadline's.
    /// - Throws: ``BricksError/Reason/timedOut(after:)`` when the deadline has passed already
    ///   or the transport stopped at it, else the operation's error.
    @inline(__always)
    func inline<Value>(_ operation: () async throws -> Value) async throws -> Value {
        if isUnlimited { return try await operation() }
        guard budget > .zero else { throw error }  // `end` was `now + budget` a moment ago
        do {
            return try await operation()
        } catch let failure as BricksError {
            if case .timedOut = failure.reason { throw error(naming: failure) }
            throw failure
        }
    }

    /// Runs `operation` in a task of its own that the shared ``DeadlineTimer`` cancels at the
    /// deadline: one timer for every request, no timer task per request.
    /// - Throws: ``BricksError/Reason/timedOut(after:)`` when the deadline passed first, else the
    ///   operation's error.
    func watched<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        guard ClockOffset.now < end else { throw error }
        let task = Task { try await operation() }
        let expired = Locked(false)
        let timer = DeadlineTimer.shared
        let token = timer.schedule(at: end.instant) {
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
