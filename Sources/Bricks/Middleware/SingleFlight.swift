/// Runs at most one operation per key at a time: callers that ask for a key while its operation
/// runs wait for that operation's result instead of starting their own.
///
/// The operation runs in a task of its own, so a waiter that is cancelled leaves at once (with
/// `CancellationError`) while the others keep waiting. When the last waiter has left, the
/// operation is cancelled too if `cancelsWhenAbandoned`, and the next caller starts afresh.
///
/// Internal: the shared machinery of ``DeduplicationMiddleware`` (one network call for identical
/// requests) and ``AuthorizationMiddleware`` (one token refresh for many 401s). All state is in
/// one ``Locked`` table, so joining, leaving and finishing can never interleave badly.
final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private typealias Waiter = CheckedContinuation<Value, any Error>

    private struct Flight {
        /// Tells this flight from a later one for the same key.
        let id: UInt64
        var task: Task<Void, Never>?
        var waiters: [UInt64: Waiter] = [:]
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        var nextID: UInt64 = 0
        /// Callers cancelled before they could register as waiters.
        var cancelledEarly: Set<UInt64> = []

        mutating func makeID() -> UInt64 {
            nextID &+= 1
            return nextID
        }
    }

    private let state = Locked(State())
    private let cancelsWhenAbandoned: Bool

    /// - Parameter cancelsWhenAbandoned: whether to cancel an operation once nobody waits for it.
    init(cancelsWhenAbandoned: Bool) {
        self.cancelsWhenAbandoned = cancelsWhenAbandoned
    }

    /// The number of callers waiting, across all keys (for tests and diagnostics).
    var waiterCount: Int {
        state.withLock { $0.flights.values.reduce(0) { $0 + $1.waiters.count } }
    }

    /// Returns the result of the operation running for `key`, starting `operation` if none is.
    /// - Throws: the operation's error, or `CancellationError` when this caller is cancelled.
    func run(_ key: Key, operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let waiterID = state.withLock { $0.makeID() }
        defer {
            state.withLock { state in
                if !state.cancelledEarly.isEmpty { state.cancelledEarly.remove(waiterID) }
            }
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                join(key, waiterID: waiterID, continuation: continuation, operation: operation)
            }
        } onCancel: {
            leave(key, waiterID: waiterID)
        }
    }

    private func join(
        _ key: Key, waiterID: UInt64, continuation: Waiter, operation: @escaping @Sendable () async throws -> Value
    ) {
        let newFlightID = state.withLock { state -> UInt64?? in
            if state.cancelledEarly.remove(waiterID) != nil { return .some(nil) }
            if state.flights[key] != nil {
                state.flights[key]?.waiters[waiterID] = continuation
                return nil
            }
            let id = state.makeID()
            state.flights[key] = Flight(id: id, waiters: [waiterID: continuation])
            return id
        }
        switch newFlightID {
        case .none:
            return  // joined a flight in progress
        case .some(.none):
            continuation.resume(throwing: CancellationError())
        case .some(.some(let flightID)):
            let task = Task { await self.fly(key, flightID: flightID, operation: operation) }
            let abandoned = state.withLock { state -> Bool in
                guard state.flights[key]?.id == flightID else { return true }
                state.flights[key]?.task = task
                return false
            }
            // Gone already: finished (cancelling is harmless) or abandoned before we stored the task.
            if abandoned && cancelsWhenAbandoned { task.cancel() }
        }
    }

    private func fly(_ key: Key, flightID: UInt64, operation: @Sendable () async throws -> Value) async {
        let result: Result<Value, any Error>
        do {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        let waiters = state.withLock { state -> [Waiter] in
            guard state.flights[key]?.id == flightID else { return [] }
            return state.flights.removeValue(forKey: key).map { Array($0.waiters.values) } ?? []
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    private func leave(_ key: Key, waiterID: UInt64) {
        let (waiter, abandoned) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
            guard let waiter = state.flights[key]?.waiters.removeValue(forKey: waiterID) else {
                state.cancelledEarly.insert(waiterID)  // not registered yet; removed again on return
                return (nil, nil)
            }
            guard cancelsWhenAbandoned, state.flights[key]?.waiters.isEmpty == true else { return (waiter, nil) }
            return (waiter, state.flights.removeValue(forKey: key)?.task)
        }
        waiter?.resume(throwing: CancellationError())
        abandoned?.cancel()
    }
}
