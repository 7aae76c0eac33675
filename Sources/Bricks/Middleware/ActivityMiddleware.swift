import Foundation

/// Counts the requests in flight and reports when the network becomes busy or idle: the classic
/// network activity indicator.
///
/// `onChange(true)` is called when the count goes from 0 to 1, `onChange(false)` when it goes back
/// to 0, whether the request succeeded, failed or was cancelled. Calls come in order and always
/// alternate, starting with `true`.
///
/// ```swift
/// let activity = ActivityMiddleware { isActive in
///     Task { @MainActor in spinner.isHidden = !isActive }
/// }
/// let session = Session(middleware: [activity, RetryMiddleware()])
/// ```
///
/// Put it first to count each call once, retries included.
public struct ActivityMiddleware: Middleware {
    private let counter: Counter

    /// Makes the middleware.
    /// - Parameter onChange: called with `true` on 0 → 1 and `false` on 1 → 0. It is called while
    ///   an internal lock is held, which is what keeps the calls in order: keep it short and hop
    ///   to another task or actor for real work.
    public init(onChange: @escaping @Sendable (_ isActive: Bool) -> Void) {
        counter = Counter(onChange: onChange)
    }

    /// The number of requests in flight through this middleware right now.
    public var requestsInFlight: Int { counter.count.withLock { $0 } }

    /// Counts the request while it passes through.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        counter.add(1)
        defer { counter.add(-1) }
        return try await next(head, body, context)
    }

    /// The shared count, and the callback fired on its edges.
    private final class Counter: Sendable {
        let count = Locked(0)
        let onChange: @Sendable (Bool) -> Void

        init(onChange: @escaping @Sendable (Bool) -> Void) { self.onChange = onChange }

        func add(_ delta: Int) {
            count.withLock { count in
                let wasActive = count > 0
                count += delta
                if wasActive != (count > 0) { onChange(!wasActive) }
            }
        }
    }
}
