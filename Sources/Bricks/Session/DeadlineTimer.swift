import Dispatch
import Foundation

/// One timer for every deadline in the process, armed for the earliest: a request costs a
/// dictionary entry, not a timer of its own.
///
/// An entry that is cancelled (its request finished) leaves the timer alone: a firing that finds
/// nothing due re-arms for the next entry.
///
/// `@unchecked Sendable`: every mutable field is read and written only while `lock` is held.
final class DeadlineTimer: @unchecked Sendable {
    /// The timer every ``Deadline`` uses.
    static let shared = DeadlineTimer()

    private struct Entry {
        let instant: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    private let lock = NSLock()
    private var entries: [UInt64: Entry] = [:]
    private var nextToken: UInt64 = 0
    /// When the timer fires next, or `nil` when it is idle.
    private var armed: ContinuousClock.Instant?
    private let timer: any DispatchSourceTimer

    init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "Bricks.DeadlineTimer"))
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
    }

    deinit {
        timer.cancel()
    }

    /// Calls `action` once `instant` has passed, unless ``cancel(_:)`` comes first.
    /// - Returns: the token for ``cancel(_:)``.
    func schedule(at instant: ContinuousClock.Instant, action: @escaping @Sendable () -> Void) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        nextToken &+= 1
        entries[nextToken] = Entry(instant: instant, action: action)
        if armed.map({ instant < $0 }) ?? true { arm(at: instant) }
        return nextToken
    }

    /// Forgets the entry of `token`; its action will not be called.
    func cancel(_ token: UInt64) {
        lock.lock()
        entries[token] = nil
        lock.unlock()
    }

    /// Runs the actions that are due, outside the lock, and re-arms for the earliest left.
    private func fire() {
        let now = ContinuousClock.now
        var due: [@Sendable () -> Void] = []
        lock.lock()
        var earliest: ContinuousClock.Instant?
        for (token, entry) in entries {
            if entry.instant <= now {
                due.append(entry.action)
                entries[token] = nil
            } else if earliest.map({ entry.instant < $0 }) ?? true {
                earliest = entry.instant
            }
        }
        armed = nil
        if let earliest { arm(at: earliest) } else { timer.schedule(deadline: .distantFuture) }
        lock.unlock()
        for action in due { action() }
    }

    /// Arms the timer for `instant`. Called with the lock held.
    private func arm(at instant: ContinuousClock.Instant) {
        armed = instant
        let wait = Swift.max(ContinuousClock.now.duration(to: instant), .zero)
        let nanoseconds = wait.components.seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000
        timer.schedule(deadline: .now() + .nanoseconds(Int(nanoseconds)))
    }
}
