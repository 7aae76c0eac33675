import Foundation

/// A value guarded by a lock, for the few places where state is shared between tasks or
/// URLSession delegate callbacks.
///
/// Internal on purpose. `@unchecked Sendable` is sound because every access goes through
/// ``withLock(_:)``, which holds an `NSLock` for the duration of the closure. (`Mutex` from the
/// Synchronization module would do, but needs macOS 15 / iOS 18.)
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value. Keep `body` short and never `await` in it.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
