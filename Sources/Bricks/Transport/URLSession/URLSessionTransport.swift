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
    let configuration: URLSessionConfiguration
    /// The stored cookies, which the transport sends itself (FoundationNetworking would drop a
    /// request's own `Cookie` header for them).
    let storedCookies: StoredCookies

    /// A session and its delegate.
    private struct Connections {
        let session: URLSession
        let delegate: URLSessionTransportDelegate
    }

    /// Makes a transport with its own `URLSession`.
    /// - Parameters:
    ///   - configuration: the session's configuration. Default: `.ephemeral` (nothing written to
    ///     disk). Its `urlCache` is not used: the transport's own sessions keep no cache (on Linux
    ///     `URLCache` keys on host and path alone, so `?page=1` and `?page=2` would share an
    ///     entry); ``HTTPCacheMiddleware`` is the cache. Its `httpCookieStorage` keeps the cookies
    ///     servers set (as its `httpCookieAcceptPolicy` says); the transport sends them after a
    ///     request's own `Cookie` header, which wins for a name both carry.
    ///   - maximumSpoolSize: the most bytes of a streamed body that may wait on disk for a slow
    ///     reader. FoundationNetworking cannot pause a transfer, so what the reader has not taken
    ///     goes to a temporary file once 256 KiB wait in memory; past this size the transfer stops
    ///     with ``BricksError/Reason/spoolLimitExceeded(limit:)``. Default: 256 MiB.
    public init(configuration: URLSessionConfiguration = .ephemeral, maximumSpoolSize: Int = URLSessionTransport.defaultMaximumSpoolSize) {
        // A copy, so that the caller's configuration is left as it was.
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.storedCookies = StoredCookies(takingOverFrom: configuration)
        let connections = Self.makeSession(configuration, name: "Bricks.URLSessionTransport", maximumSpoolSize: maximumSpoolSize)
        self.configuration = configuration
        self.maximumSpoolSize = maximumSpoolSize
        self.delegate = connections.delegate
        self.session = connections.session
    }

    /// 256 MiB: room for a reader to fall well behind, never enough to fill a disk.
    public static let defaultMaximumSpoolSize = 256 << 20

    private let maximumSpoolSize: Int

    private static func makeSession(_ configuration: URLSessionConfiguration, name: String, maximumSpoolSize: Int) -> Connections {
        let delegate = URLSessionTransportDelegate(maximumSpoolSize: maximumSpoolSize)
        let queue = InlineDelegateQueue(name: name)
        return Connections(
            session: URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue), delegate: delegate)
    }

    /// The session and delegate for a request: one that may not be repeated
    /// (``CallContext/isIdempotent`` is `false`: POST, PATCH and any method but GET, HEAD,
    /// OPTIONS, TRACE, PUT and DELETE, without an `Idempotency-Key`) gets a session of its own,
    /// made for that one request and invalidated as soon as it starts, so that its connection is
    /// never used again. libcurl keeps a connection for the next request even when the request
    /// said `Connection: close`, as long as the reply did not; when the server has closed it as
    /// that next request goes out, libcurl sends the request again on a new connection, and a POST
    /// must never be sent twice without anyone knowing (nor, FoundationNetworking being unable
    /// to rewind its body, with its head and no body: Docs/Linux.md, "A body sent again"). The
    /// cost is one new connection (and TLS handshake) and one `URLSession` per such request.
    private func connections(isIdempotent: Bool) -> (Connections, isOwn: Bool) {
        guard !isIdempotent else { return (Connections(session: session, delegate: delegate), false) }
        return (Self.makeSession(configuration, name: "Bricks.URLSessionTransport.once", maximumSpoolSize: maximumSpoolSize), true)
    }

    /// Makes a transport with its own `URLSession` that accepts the certificates `trust` allows.
    ///
    /// FoundationNetworking (Linux, Windows, Android) offers no way to answer a server-trust
    /// challenge or to give libcurl a CA file, so there only ``TLSTrust/system`` is accepted; on
    /// Apple platforms too, Bricks does not evaluate trust itself yet. Use `AsyncHTTPClientTransport`
    /// (`BricksAsyncHTTPClient`) to trust a private CA. See Docs/Security.md, "TLS trust".
    /// - Parameters:
    ///   - configuration: the session's configuration. Default: `.ephemeral`.
    ///   - trust: which certificates to accept.
    /// - Throws: ``BricksError`` with ``BricksError/Reason/invalidRequest(_:)`` for any trust
    ///   other than ``TLSTrust/system``, saying why.
    public convenience init(configuration: URLSessionConfiguration = .ephemeral, trust: TLSTrust) throws {
        guard trust.isSystem else {
            let platform = Self.runsOnFoundationNetworking
                ? "FoundationNetworking (swift-corelibs-foundation) on this platform answers no server-trust challenge and takes no CA file"
                : "Bricks does not evaluate server trust in URLSession's delegate yet"
            throw BricksError(.invalidRequest(
                "URLSessionTransport cannot trust a private CA or pin a public key: \(platform); use AsyncHTTPClientTransport(trust:) from BricksAsyncHTTPClient, or install the CA in the system's store (Docs/Security.md, \"TLS trust\")"))
        }
        self.init(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Stops at ``CallContext/deadline``: the shared deadline timer fails the exchange (or the
    /// body being read, for a whole-body call) and cancels its task.
    public var stopsAtDeadline: Bool { true }

    /// Sends `head` with `body` and returns once the response head arrives.
    /// - Throws: ``BricksError`` for a failure before the head arrives.
    public func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        if Task.isCancelled { throw BricksError(.cancelled) }
        var wireRequest = try URLRequest(head, body: body)
        storedCookies.add(to: &wireRequest)
        var file: URL?
        if let body, body.data == nil {
            guard let fileURL = body.fileURL else {
                throw BricksError(.invalidRequest(
                    "URLSessionTransport sends bodies in memory or from files; for any other stream use a transport that streams uploads, such as AsyncHTTPClientTransport"))
            }
            // URLSession streams a file upload from disk (an upload task reads the file, not the
            // request's body stream), announcing the size the file has when the task starts: it
            // must still be the body's length.
            try body.checkFile()
            file = fileURL
        }
        // The Session keeps the deadline. URLSession's own timer (idle time, truncated to whole
        // seconds on Linux: 0.5 fails at once) must never fire first: a whole number of seconds is
        // left as it is (both time out together), anything else rounded up, and absurd values cut
        // to what FoundationNetworking can hold.
        let timeout = context.timeoutInterval
        if timeout > Self.longestTimeout {
            wireRequest.timeoutInterval = Self.longestTimeout
        } else if timeout.rounded(.down) != timeout || timeout < 1 {
            wireRequest.timeoutInterval = timeout.rounded(.up) + 1
        } else {
            wireRequest.timeoutInterval = timeout
        }

        let (connections, isOwn) = connections(isIdempotent: context.isIdempotent)
        if isOwn {
            // Its connection is used once (see connections(isIdempotent:)): the server may close it as
            // soon as it has replied, rather than keep it open for nothing.
            wireRequest.setValue("close", forHTTPHeaderField: "Connection")
        }
        let session = connections.session
        let task = file.map { session.uploadTask(with: wireRequest, fromFile: $0) } ?? session.dataTask(with: wireRequest)
        let delegate = connections.delegate
        defer { delegate.synchronize() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(task, body: body, context: context, continuation: continuation)
                task.resume()
                // Ends once the task has: its connection goes with it.
                if isOwn { session.finishTasksAndInvalidate() }
            }
        } onCancel: {
            delegate.cancel(task)
        }
    }

    /// About 115 days: an idle time-out that never fires first, and that FoundationNetworking can
    /// convert to milliseconds without overflow.
    static let longestTimeout: TimeInterval = 10_000_000
}
