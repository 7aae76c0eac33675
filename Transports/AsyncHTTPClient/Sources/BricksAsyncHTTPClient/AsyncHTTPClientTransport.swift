import AsyncHTTPClient
import Bricks
import Foundation
import NIOConcurrencyHelpers
import NIOCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport on AsyncHTTPClient (SwiftNIO): about half the client CPU of `URLSession` per request
/// on Linux, for servers and tools that send many requests.
///
/// ```swift
/// let transport = AsyncHTTPClientTransport()
/// let session = Session(transport: transport)
/// let user = try await session.send(GetUser(login: "octocat"))
/// try await transport.shutdown()
/// ```
///
/// It behaves as ``URLSessionTransport`` does:
/// - every reply comes back whatever its status, repeated headers joined with ", ";
/// - the body is read only up to ``TransportLimits/maximumResponseSize``;
/// - `timeoutInterval` bounds the whole exchange, redirects and body included, fractions of a second too;
/// - cancelling the calling task cancels the request;
/// - redirects are followed by the transport itself, through its ``RedirectPolicy`` and at most
///   its `maximumRedirects` times (AsyncHTTPClient's own redirect following is switched off).
///
/// It either owns its `HTTPClient` (``init(configuration:redirectPolicy:)``; call ``shutdown()``
/// when done, or it shuts the client down when the transport is released) or uses one you pass
/// (``init(client:redirectPolicy:)``), which it never shuts down.
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The client that sends the requests.
    public let client: HTTPClient
    /// What the transport does with redirects.
    public let redirectPolicy: RedirectPolicy

    /// Whether ``shutdown()`` is this transport's job, and whether it has been done.
    private let ownership: NIOLockedValueBox<Ownership>

    private enum Ownership {
        case borrowed, owned, shutDown
    }

    /// The configuration an owned client gets unless you pass another, and the one to start from
    /// for a client of your own:
    /// - redirects are not followed by AsyncHTTPClient (the transport applies its ``RedirectPolicy``);
    /// - gzip and deflate bodies are decoded (as `URLSession` does), without a ratio limit of their
    ///   own: the response size limit applies to the decoded bytes;
    /// - a failed connection attempt fails the request at once instead of being retried until the
    ///   connect timeout, so that "connection refused" comes back as ``BricksError/transport(_:)``
    ///   (use `RetryMiddleware` to retry).
    public static var defaultConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .enabled(limit: .none))
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// Makes a transport that owns a new `HTTPClient` on the shared event loop group.
    /// - Parameters:
    ///   - configuration: the client's configuration; its redirect setting is replaced by
    ///     `.disallow`, since the transport follows redirects itself. Default: ``defaultConfiguration``.
    ///   - redirectPolicy: what to do with redirects. Default: ``RedirectPolicy/follow``.
    public init(
        configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.defaultConfiguration,
        redirectPolicy: RedirectPolicy = .follow
    ) {
        var configuration = configuration
        configuration.redirectConfiguration = .disallow
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.redirectPolicy = redirectPolicy
        self.ownership = NIOLockedValueBox(.owned)
    }

    /// Makes a transport on a client you own and shut down yourself; the transport never shuts it down.
    ///
    /// Create the client with `redirectConfiguration: .disallow` (``defaultConfiguration`` has it):
    /// a client that follows redirects itself would bypass the ``RedirectPolicy``, so a reply that
    /// the client reached through a redirect fails with ``BricksError/transport(_:)``.
    /// - Parameters:
    ///   - client: the client to send through.
    ///   - redirectPolicy: what to do with redirects. Default: ``RedirectPolicy/follow``.
    public init(client: HTTPClient, redirectPolicy: RedirectPolicy = .follow) {
        self.client = client
        self.redirectPolicy = redirectPolicy
        self.ownership = NIOLockedValueBox(.borrowed)
    }

    deinit {
        // An HTTPClient released while running leaks its connections (and stops a debug build):
        // shut down an owned client that nobody shut down. The callback keeps it alive until done.
        if ownership.withLockedValue({ $0 == .owned }) {
            client.shutdown { _ in }
        }
    }

    /// Shuts down the client if the transport owns it; does nothing for a client you passed, or
    /// when called again. Requests sent afterwards fail with ``BricksError/transport(_:)``.
    /// - Throws: the client's error if it could not shut down cleanly.
    public func shutdown() async throws {
        let isOwnedAndRunning = ownership.withLockedValue { ownership -> Bool in
            guard ownership == .owned else { return false }
            ownership = .shutDown
            return true
        }
        if isOwnedAndRunning { try await client.shutdown() }
    }

    /// Sends `request`, following redirects as the ``redirectPolicy`` says, and returns the complete
    /// reply, whatever its status.
    /// - Throws: ``BricksError/cancelled``, ``BricksError/timedOut``,
    ///   ``BricksError/responseTooLarge(limit:)``, ``BricksError/invalidHeader(name:reason:)`` (for a
    ///   redirected request), ``BricksError/invalidRequest(_:)`` or ``BricksError/transport(_:)``
    ///   (also for a header AsyncHTTPClient refuses, and for more redirects than the policy allows).
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        if Task.isCancelled { throw BricksError.cancelled }
        let limit = TransportLimits.current.maximumResponseSize
        let deadline = NIODeadline.now() + (try Self.timeout(of: request))
        let exchange = RedirectingExchange(client: client, policy: redirectPolicy, limit: limit, deadline: deadline)
        do {
            return try await exchange.send(request)
        } catch {
            throw BricksError(sending: error, limit: limit)
        }
    }

    /// The request's `timeoutInterval` as a NIO time amount: sub-second intervals kept, absurdly
    /// long ones capped at a year.
    static func timeout(of request: URLRequest) throws(BricksError) -> TimeAmount {
        let seconds = request.timeoutInterval
        guard seconds > 0, !seconds.isNaN else {
            throw .invalidRequest("timeoutInterval must be a positive number of seconds, not \(seconds)")
        }
        let year: TimeInterval = 365 * 24 * 60 * 60
        return .nanoseconds(Int64(min(seconds, year) * 1_000_000_000))
    }
}
