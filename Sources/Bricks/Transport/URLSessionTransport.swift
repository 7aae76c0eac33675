import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: one exchange through `URLSession`, with the fixes Bricks needs on Linux.
///
/// It drives each request through a session-level delegate (FoundationNetworking ignores per-task
/// delegates), which lets it:
/// - hand out the head as soon as it arrives and the body chunk by chunk, pausing the transfer
///   while the reader is behind (FoundationNetworking has no `bytes(for:)`);
/// - answer authentication challenges itself, so a `401` with `WWW-Authenticate: Basic` comes back
///   at once as a normal `401` response instead of hanging;
/// - hand redirects back to the ``Session``, whose ``RedirectPolicy`` decides (URLSession would
///   forward credentials and drop a 307's body);
/// - cancel the request when the calling task is cancelled or the body is dropped unread.
///
/// Repeated header fields arrive joined with ", " from URLSession; `Set-Cookie` is split again
/// where each part is a `name=value` cookie (see ``ResponseHead/init(_:)``).
public final class URLSessionTransport: HTTPTransport {
    /// One transport for sessions that name none, so that they share connections.
    public static let shared = URLSessionTransport()

    private let session: URLSession
    private let delegate: URLSessionTransportDelegate

    /// Makes a transport with its own `URLSession`.
    /// - Parameter configuration: the session's configuration. Default: `.ephemeral` (nothing
    ///   written to disk).
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        let delegate = URLSessionTransportDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "Bricks.URLSessionTransport"
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` with `body` and returns once the response head arrives.
    /// - Throws: ``BricksError`` for a failure before the head arrives.
    public func exchange(_ request: URLRequest, body: RequestBody?) async throws -> RawResponse {
        if Task.isCancelled { throw BricksError(.cancelled) }
        var wireRequest = request
        var file: URL?
        if let body {
            if let data = body.data {
                if request.httpBody != data { wireRequest.httpBody = data }
            } else if let fileURL = body.fileURL {
                // FoundationNetworking streams a file upload from disk.
                file = fileURL
                wireRequest.httpBody = nil
            } else {
                throw BricksError(.invalidRequest(
                    "URLSessionTransport sends bodies in memory or from files; for any other stream use a transport that streams uploads, such as AsyncHTTPClientTransport"))
            }
        } else if request.httpBody != nil {
            wireRequest.httpBody = nil
        }
        // The Session keeps the deadline. URLSession's own timer (idle time, truncated to whole
        // seconds on Linux: 0.5 fails at once) must never fire first: a whole number of seconds is
        // left as it is (both time out together), anything else rounded up, and absurd values cut
        // to what FoundationNetworking can hold.
        let timeout = request.timeoutInterval
        if timeout > Self.longestTimeout {
            wireRequest.timeoutInterval = Self.longestTimeout
        } else if timeout.rounded(.down) != timeout || timeout < 1 {
            wireRequest.timeoutInterval = timeout.rounded(.up) + 1
        }

        let task = file.map { session.uploadTask(with: wireRequest, fromFile: $0) } ?? session.dataTask(with: wireRequest)
        let delegate = self.delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(task, body: body, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// About 115 days: an idle time-out that never fires first, and that FoundationNetworking can
    /// convert to milliseconds without overflow.
    static let longestTimeout: TimeInterval = 10_000_000
}
