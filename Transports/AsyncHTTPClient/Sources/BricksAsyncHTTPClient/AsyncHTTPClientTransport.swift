import AsyncHTTPClient
import Bricks
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOSSL
import Tracing

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
/// Like every transport it does one exchange: it returns the head as soon as it arrives, with
/// the body as AsyncHTTPClient streams it (read at the caller's pace, cancelled when dropped),
/// repeated header fields kept. The ``Session``'s core follows redirects, keeps the deadline and
/// applies the size limit, as for any transport.
///
/// It either owns its `HTTPClient` (``init(configuration:)``; call ``shutdown()`` when done, or it
/// shuts the client down when the transport is released) or uses one you pass
/// (``init(client:)``), which it never shuts down.
public final class AsyncHTTPClientTransport: HTTPTransport {
    /// The client that sends the requests.
    public let client: HTTPClient

    /// Whether ``shutdown()`` is this transport's job, and whether it has been done.
    private let ownership: NIOLockedValueBox<Ownership>
    /// The TLS configuration of the client's requests, which WebSocket connections use too
    /// (AsyncHTTPClient does not expose a client's own); `nil` for a client passed in.
    let tlsConfiguration: TLSConfiguration?

    private enum Ownership {
        case borrowed, owned, shutDown
    }

    /// The configuration an owned client gets unless you pass another, and the one to start from
    /// for a client of your own:
    /// - redirects are not followed by AsyncHTTPClient (the Session applies its ``RedirectPolicy``);
    /// - gzip and deflate bodies are decoded (as `URLSession` does), without a ratio limit of their
    ///   own: the Session's size limit applies to the decoded bytes as they are read;
    /// - a failed connection attempt fails the request at once instead of being retried until the
    ///   connect timeout, so that "connection refused" comes back as a ``BricksError`` at once
    ///   (use `RetryMiddleware` to retry);
    /// - a TLS connection closed before its reply ended (a body dropped or refused, a cancelled
    ///   call) is closed at once after its `close_notify`, without waiting for the server's
    ///   (``closingTLSConfiguration``);
    /// - tracing is off unless a tracer was bootstrapped (see ``init(configuration:)``).
    public static var defaultConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: closingTLSConfiguration, redirectConfiguration: .disallow,
            decompression: .enabled(limit: .none))
        configuration.connectionPool.retryConnectionEstablishment = false
        return withoutNoOpTracing(configuration)
    }

    /// `configuration` with its tracer removed when it is the no-op one, which records nothing but
    /// still costs every request a span, its attributes and (through the delegate API) a reflected
    /// description of the method: 28,000 instructions per loopback GET through this transport,
    /// 45,000 through AsyncHTTPClient's async API, measured with callgrind (7–13 % of the client's
    /// CPU). A tracer bootstrapped with `InstrumentationSystem.bootstrap` before the configuration
    /// was made is kept.
    static func withoutNoOpTracing(_ configuration: HTTPClient.Configuration) -> HTTPClient.Configuration {
        guard configuration.tracing.tracer is NoOpTracer else { return configuration }
        var configuration = configuration
        configuration.tracing.tracer = nil
        return configuration
    }

    /// The system's default client TLS configuration, except that closing a connection does not
    /// wait for the server's `close_notify` (`shutdownTimeout` zero; SwiftNIO's default is 5 s).
    ///
    /// While it waits, SwiftNIO keeps reading and discarding what the server sends: a reply whose
    /// head the Session refused on its `Content-Length` (200 MiB against a 100 MiB limit) was
    /// read to its end over TLS on loopback, 200 MiB, before the connection closed. RFC 8446
    /// lets the side that closes stop reading at once.
    public static var closingTLSConfiguration: TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.shutdownTimeout = .zero
        return tls
    }

    /// Makes a transport that owns a new `HTTPClient` on the shared event loop group.
    /// - Parameter configuration: the client's configuration; its redirect setting is replaced by
    ///   `.disallow`, since the Session follows redirects, a missing `tlsConfiguration` by
    ///   ``closingTLSConfiguration``, and a no-op tracer by none (it would record nothing, at a
    ///   cost per request). Default: ``defaultConfiguration``.
    public init(configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.defaultConfiguration) {
        var configuration = Self.withoutNoOpTracing(configuration)
        configuration.redirectConfiguration = .disallow
        if configuration.tlsConfiguration == nil { configuration.tlsConfiguration = Self.closingTLSConfiguration }
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.ownership = NIOLockedValueBox(.owned)
        self.tlsConfiguration = configuration.tlsConfiguration
    }

    /// Makes a transport that owns a new `HTTPClient` accepting the certificates `trust` allows.
    ///
    /// ``TLSTrust/trustRoots`` replace the system's roots in the client's `tlsConfiguration`
    /// (`trustRoots = .certificates(…)`), so that only servers those CAs vouch for are accepted.
    /// Pinning a public key is refused: AsyncHTTPClient exposes neither the peer's certificates
    /// nor a verification callback. Trusting only your own CA is the closest equivalent.
    /// - Parameters:
    ///   - configuration: the client's configuration; its `tlsConfiguration` (or
    ///     ``closingTLSConfiguration``) gets the trust roots. Default: ``defaultConfiguration``.
    ///   - trust: which certificates to accept.
    /// - Throws: ``BricksError`` with `.invalidRequest` when a trust root cannot be read as PEM
    ///   certificates, or when `trust` pins public keys.
    public convenience init(
        configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.defaultConfiguration, trust: TLSTrust
    ) throws {
        guard trust.pinnedPublicKeys.isEmpty else {
            throw BricksError(.invalidRequest(
                "AsyncHTTPClientTransport cannot pin a public key: AsyncHTTPClient exposes neither the server's certificates nor a verification callback; name only your own CA in TLSTrust.trustRoots instead (Docs/Security.md, \"TLS trust\")"))
        }
        var configuration = configuration
        if !trust.trustRoots.isEmpty {
            var certificates: [NIOSSLCertificate] = []
            for file in trust.trustRoots {
                do {
                    certificates += try NIOSSLCertificate.fromPEMFile(file.path)
                } catch {
                    throw BricksError(.invalidRequest(
                        "the trust root \(file.path) could not be read as PEM certificates: \(error)"))
                }
            }
            guard !certificates.isEmpty else {
                throw BricksError(.invalidRequest("the trust roots hold no certificate"))
            }
            var tls = configuration.tlsConfiguration ?? Self.closingTLSConfiguration
            tls.trustRoots = .certificates(certificates)
            configuration.tlsConfiguration = tls
        }
        self.init(configuration: configuration)
    }

    /// Makes a transport on a client you own and shut down yourself; the transport never shuts it down.
    ///
    /// Create the client with `redirectConfiguration: .disallow` (``defaultConfiguration`` has it):
    /// a client that follows redirects itself would bypass the Session's ``RedirectPolicy``, so a
    /// response that the client reached through a redirect fails with a ``BricksError``.
    /// - Parameter client: the client to send through.
    public init(client: HTTPClient) {
        self.client = client
        self.ownership = NIOLockedValueBox(.borrowed)
        self.tlsConfiguration = nil
    }

    deinit {
        // An HTTPClient released while running leaks its connections (and stops a debug build):
        // shut down an owned client that nobody shut down. The callback keeps it alive until done.
        if ownership.withLockedValue({ $0 == .owned }) {
            client.shutdown { _ in }
        }
    }

    /// Shuts down the client if the transport owns it; does nothing for a client you passed, or
    /// when called again. Requests sent afterwards fail with a ``BricksError``.
    /// - Throws: the client's error if it could not shut down cleanly.
    public func shutdown() async throws {
        let isOwnedAndRunning = ownership.withLockedValue { ownership -> Bool in
            guard ownership == .owned else { return false }
            ownership = .shutDown
            return true
        }
        if isOwnedAndRunning { try await client.shutdown() }
    }

    /// Stops at ``Bricks/CallContext/deadline`` itself: a whole-body call is collected on the
    /// event loop within it (one step, AsyncHTTPClient's delegate API), a streamed one gets its
    /// head by then.
    public var stopsAtDeadline: Bool { true }

    /// Sends `head` with `body` and returns once the response head arrives.
    ///
    /// When the caller reads the body whole (``Bricks/CallContext/bodyMode``) and the
    /// body to send is in memory or absent, the response body is collected here, within the
    /// context's deadline and size limit, and comes back buffered; otherwise it comes back as
    /// AsyncHTTPClient streams it, and the deadline covers the head.
    /// - Parameters:
    ///   - head: the method, URL and header fields to send.
    ///   - body: the body to send, or `nil` for none.
    ///   - context: the call's context: the exchange's deadline, the body size limit, whether the
    ///     request may be repeated.
    /// - Throws: ``Bricks/BricksError`` for a failure before the head arrives (or, when the body is
    ///   collected here, before it has all arrived).
    public func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws
        -> RawResponse
    {
        var head = head
        if !context.isIdempotent {
            // A request that may not be repeated (the call's rule: its method, or an
            // `Idempotency-Key`). Its connection is used once: AsyncHTTPClient closes a connection whose request
            // said `Connection: close` when the reply ends, so that the next POST never goes out
            // on a connection the server is closing, where it would fail (AsyncHTTPClient sends
            // nothing twice) though the server never read it (Docs/Linux.md, "A body sent again").
            head.headerFields["Connection"] = "close"
        }
        if context.bodyMode == .collected, body == nil || (body?.data != nil && body?.reportsProgress != true)
        {
            return try await exchangeWhole(head, data: body?.data, context: context)
        }
        let wireRequest = try HTTPClientRequest(head, body: body)
        let response: HTTPClientResponse
        do {
            // AsyncHTTPClient's deadline covers the head; a streamed body is read at the caller's pace.
            response = try await client.execute(wireRequest, deadline: context.deadline.map(Self.nioDeadline) ?? .distantFuture)
        } catch {
            throw BricksError(sending: error)
        }
        if response.history.count > 1 { throw BricksError(.transport(ClientFollowsRedirects())) }
        let responseHead = ResponseHead(response, url: try head.makeURL())
        try responseHead.requireUTF8Fields()
        return RawResponse(head: responseHead, body: ResponseBody(ByteBufferChunks(response.body)))
    }
}

/// The chunks of an AsyncHTTPClient body as `Data`, with its errors as ``BricksError``s.
struct ByteBufferChunks: AsyncSequence, Sendable {
    typealias Element = Data
    let body: HTTPClientResponse.Body

    init(_ body: HTTPClientResponse.Body) { self.body = body }

    struct AsyncIterator: AsyncIteratorProtocol {
        var buffers: HTTPClientResponse.Body.AsyncIterator

        mutating func next() async throws -> Data? {
            do {
                guard let buffer = try await buffers.next() else { return nil }
                return Data(buffer: buffer, byteTransferStrategy: .automatic)
            } catch {
                throw BricksError(sending: error, duringBody: true)
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(buffers: body.makeAsyncIterator()) }
}

/// The `HTTPClient` passed to ``AsyncHTTPClientTransport/init(client:)`` followed a redirect itself,
/// bypassing the Session's ``RedirectPolicy``.
struct ClientFollowsRedirects: Error, CustomStringConvertible {
    var description: String {
        "the HTTPClient given to AsyncHTTPClientTransport follows redirects itself, bypassing the RedirectPolicy; "
            + "create it with redirectConfiguration: .disallow (AsyncHTTPClientTransport.defaultConfiguration has it)"
    }
}
