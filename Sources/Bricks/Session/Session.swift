import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends endpoints: builds each `URLRequest`, runs it through the middleware and the transport,
/// checks the status and decodes the typed `Response`.
///
/// ```swift
/// let session = Session(middleware: [LoggingMiddleware(), RetryMiddleware()])
/// let user = try await session.send(GetUser(login: "octocat"))
/// ```
///
/// A `Session` is a small immutable value: share it freely between tasks. Cancelling the task
/// that awaits ``send(_:)`` cancels the request.
public struct Session: Sendable {
    /// The transport that does the I/O.
    public let transport: any HTTPTransport
    /// The middleware stack; the first element sees each request first and its reply last.
    public let middleware: [any Middleware]
    /// Limits applied to every request, unless the endpoint overrides them.
    public let limits: TransportLimits

    /// The stack folded once into a single call, so sending allocates no per-layer closures.
    private let chain: Middleware.Next

    /// Makes a session.
    /// - Parameters:
    ///   - transport: the transport. Default: ``URLSessionTransport/shared``.
    ///   - middleware: the middleware stack, outermost first. Default: none.
    ///   - limits: limits for every request. Default: a 50 MiB response size limit.
    public init(
        transport: any HTTPTransport = URLSessionTransport.shared, middleware: [any Middleware] = [],
        limits: TransportLimits = TransportLimits()
    ) {
        self.transport = transport
        self.middleware = middleware
        self.limits = limits
        var chain: Middleware.Next = { request, _ in try await transport.send(request) }
        for layer in middleware.reversed() {
            let next = chain
            chain = { request, context in try await layer.intercept(request, context: context, next: next) }
        }
        self.chain = chain
    }

    /// Sends `request` and returns its decoded response.
    /// - Returns: the endpoint's `Response`.
    /// - Throws: ``BricksError`` for every failure of Bricks' own, or the API's own error from
    ///   ``ResponseType/apiError(from:response:)`` or a middleware.
    public func send<Request: RequestContextType>(_ request: Request) async throws -> sending Request.Response {
        try await response(for: request).value
    }

    /// Sends `request` and returns its decoded response together with the `HTTPURLResponse`,
    /// for callers that need headers or the status (pagination, caching).
    /// - Throws: as ``send(_:)``.
    public func response<Request: RequestContextType>(for request: Request) async throws -> sending Reply<Request.Response> {
        let (data, response) = try await exchange(request)
        return Reply(value: try decodeReply(of: request, data: data, response: response), response: response)
    }

    /// Builds and sends `request` through the stack and returns the raw reply, without checking
    /// its status.
    func exchange<Request: RequestContextType>(_ request: Request) async throws -> (Data, HTTPURLResponse) {
        if Task.isCancelled { throw BricksError.cancelled }
        let urlRequest = try request.makeURLRequest()
        let context = RequestContext(endpointType: Request.self, method: request.method)
        do {
            return try await TransportLimits.$current.withValue(limits) {
                try await chain(urlRequest, context)
            }
        } catch let error as URLError {
            throw BricksError.fromTransport(error)
        } catch is CancellationError {
            throw BricksError.cancelled
        }
    }

    /// Checks the status of a raw reply and decodes it, or turns it into the right error.
    func decodeReply<Request: ResponseType>(of request: Request, data: Data, response: HTTPURLResponse) throws
        -> Request.Response
    {
        guard request.acceptableStatusCodes.contains(response.statusCode) else {
            if let apiError = request.apiError(from: data, response: response) { throw apiError }
            throw BricksError.unacceptableStatus(
                code: response.statusCode, headers: response.headerDictionary, body: data)
        }
        do {
            return try request.decode(data, response: response)
        } catch let error as BricksError {
            throw error
        } catch {
            throw BricksError.decoding(error, bodyExcerpt: BricksError.excerpt(of: data))
        }
    }
}

/// A decoded response together with the `HTTPURLResponse` it came from.
public struct Reply<Value> {
    /// The decoded response.
    public var value: Value
    /// The reply's status, headers and URL.
    public var response: HTTPURLResponse
}

extension Reply: Sendable where Value: Sendable {}

extension HTTPURLResponse {
    /// The headers as a `[String: String]`, names as the server spelled them.
    var headerDictionary: [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}
