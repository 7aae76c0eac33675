import Bricks
import Foundation
import HTTPTypes

/// A Bricks transport over any HTTP client that speaks swift-http-types: give it a closure that
/// sends an `HTTPRequest` with its body and returns the `HTTPResponse` with the body's chunks.
///
/// ```swift
/// let transport = HTTPTypesTransport { request, body in
///     let (response, bytes) = try await myClient.send(request, body: body?.data)
///     return (response, bytes)          // any AsyncSequence of Data that is Sendable
/// }
/// let session = Session(transport: transport)
/// let user = try await session.send(GetUser(login: "octocat"))
/// ```
///
/// As for every ``Bricks/HTTPTransport``, the closure sends one exchange: it must not follow
/// redirects (the Session's core does, and applies the deadline and the size limits), it returns
/// once the head has arrived, and it stops when its task is cancelled (the Session's core cancels
/// it at the deadline). The request head is converted field for field with
/// ``HTTPTypes/HTTPRequest/init(_:)-(RequestHead)`` (a head that `HTTPRequest` cannot hold
/// fails as a ``Bricks/BricksError`` before the closure is called); the body comes as Bricks'
/// ``Bricks/RequestBody`` (``Bricks/RequestBody/data`` in memory, or
/// ``Bricks/RequestBody/chunks()`` for a streamed upload), or `nil` for none. The response's URL
/// is the request's, since no redirect was followed. Errors the closure throws reach the Session
/// as ``Bricks/BricksError/init(mapping:)`` makes them.
public struct HTTPTypesTransport: HTTPTransport {
    /// Sends one request; the body's chunks come as Bricks' ``Bricks/ResponseBody``.
    private let send: @Sendable (HTTPRequest, RequestBody?) async throws -> (HTTPResponse, ResponseBody)
    /// The protocol version that the response heads report.
    public let httpVersion: String

    /// Makes a transport from a client's send function.
    /// - Parameters:
    ///   - httpVersion: the protocol version that the response heads report. Default: `"HTTP/1.1"`.
    ///   - send: sends the request and body, and returns the response head with the body's chunks,
    ///     read as the Session reads them.
    public init<Chunks: AsyncSequence & Sendable>(
        httpVersion: String = "HTTP/1.1",
        _ send: @escaping @Sendable (HTTPRequest, RequestBody?) async throws -> (HTTPResponse, Chunks)
    ) where Chunks.Element == Data {
        self.httpVersion = httpVersion
        self.send = { request, body in
            let (response, chunks) = try await send(request, body)
            return (response, ResponseBody(chunks))
        }
    }

    /// Converts the request head, sends it through the closure with the body and converts the
    /// response head.
    /// - Parameters:
    ///   - head: the method, URL and header fields to send.
    ///   - body: the body to send, or `nil` for none.
    ///   - context: what the Session's core asks of this exchange; the core keeps its deadline
    ///     by cancelling the closure's task, and collects the body within its size limit.
    /// - Throws: ``Bricks/BricksError`` for a request `HTTPRequest` cannot hold, or as
    ///   ``Bricks/BricksError/init(mapping:)`` maps the closure's error.
    public func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws
        -> RawResponse
    {
        let httpRequest = try HTTPRequest(head)
        do {
            let (response, chunks) = try await send(httpRequest, body)
            return RawResponse(head: ResponseHead(response, url: try head.makeURL(), httpVersion: httpVersion), body: chunks)
        } catch {
            throw BricksError(mapping: error)
        }
    }
}
