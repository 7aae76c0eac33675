import Bricks
import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
/// once the head has arrived, and it stops when its task is cancelled. The request is converted
/// with ``HTTPTypes/HTTPRequest/init(_:)-(URLRequest)`` (an invalid one fails as a
/// ``Bricks/BricksError`` before the closure is called); the body comes as Bricks'
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

    /// Converts the request, sends it through the closure and converts the response head.
    /// - Throws: ``Bricks/BricksError`` for a request `HTTPRequest` cannot hold, or as
    ///   ``Bricks/BricksError/init(mapping:)`` maps the closure's error.
    public func exchange(_ request: URLRequest, body: RequestBody?) async throws -> RawResponse {
        let httpRequest = try HTTPRequest(request)
        guard let url = request.url else { throw BricksError(.invalidURL("the request has no URL")) }
        do {
            let (response, chunks) = try await send(httpRequest, body)
            return RawResponse(head: ResponseHead(response, url: url, httpVersion: httpVersion), body: chunks)
        } catch {
            throw BricksError(mapping: error)
        }
    }
}
