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
    ///   (use `RetryMiddleware` to retry).
    public static var defaultConfiguration: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .enabled(limit: .none))
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }

    /// Makes a transport that owns a new `HTTPClient` on the shared event loop group.
    /// - Parameter configuration: the client's configuration; its redirect setting is replaced by
    ///   `.disallow`, since the Session follows redirects. Default: ``defaultConfiguration``.
    public init(configuration: HTTPClient.Configuration = AsyncHTTPClientTransport.defaultConfiguration) {
        var configuration = configuration
        configuration.redirectConfiguration = .disallow
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.ownership = NIOLockedValueBox(.owned)
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

    /// Sends `request` with `body` and returns once the response head arrives.
    /// - Throws: ``BricksError`` for a failure before the head arrives.
    public func exchange(_ request: URLRequest, body: RequestBody?) async throws -> RawResponse {
        guard let url = request.url else { throw BricksError(.invalidURL("the request has no URL")) }
        let wireRequest = try HTTPClientRequest(request, url: url, body: body)
        let response: HTTPClientResponse
        do {
            // The Session's core keeps the deadline by cancelling this task.
            response = try await client.execute(wireRequest, deadline: .distantFuture)
        } catch {
            throw BricksError(sending: error)
        }
        if response.history.count > 1 { throw BricksError(.transport(ClientFollowsRedirects())) }
        return RawResponse(head: ResponseHead(response, url: url), body: ResponseBody(ByteBufferChunks(response.body)))
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
                throw BricksError(sending: error)
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
