import Foundation

/// The queue a ``URLSessionTransport``'s delegate runs on: none of its own. Each delegate call
/// runs at once on the thread that makes it, FoundationNetworking's work queue (serial, the
/// thread that drives libcurl), instead of being handed to another thread.
///
/// FoundationNetworking hands every delegate call to its session's delegate queue (the head,
/// each chunk, the end). On a queue of their own each call woke a thread: 3,000 sequential
/// loopback GETs through `Session` cost 19 futex calls per request against 10 for raw
/// `URLSession.data(for:)`, whose completion handler is one call. Run inline, the delegate adds
/// no thread hop; and libcurl reads no further while the delegate takes a chunk, so chunks can
/// no longer pile up in a queue faster than the delegate takes them.
///
/// What the delegate does there is short and never waits for that work queue: calls that do
/// (cancelling a task, answering a challenge) go to a queue of their own
/// (``URLSessionTransportDelegate/cancelSoon(_:)``), and so do the caller's upload-progress
/// handlers.
///
/// On Apple platforms, whose `URLSession` calls its delegate from threads of its own, it is an
/// ordinary serial queue: running the calls inline there is neither needed nor measured.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    init(name: String) {
        super.init()
        self.name = name
        maxConcurrentOperationCount = 1
    }

    #if canImport(FoundationNetworking)
    /// Runs `block` at once, on the calling thread (FoundationNetworking's work queue).
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
    #endif
}
