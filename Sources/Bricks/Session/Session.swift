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
/// that awaits ``send(_:)`` cancels the request. Variants for tests or other environments are
/// derived without re-listing the stack:
///
/// ```swift
/// let offline = Session.default.with(transport: stub).removing(RetryMiddleware.self)
/// ```
public struct Session: Sendable {
    /// The transport that does the I/O.
    public let transport: any HTTPTransport
    /// The middleware stack; the first element sees each request first and its reply last.
    public let middleware: [any Middleware]
    /// Limits applied to every request, unless the endpoint overrides them.
    public let limits: TransportLimits
    /// The longest a call may take from start to end, retries and waits included, or `nil` for
    /// no limit beyond each request's `timeoutInterval`. See ``RequestContext/deadline``.
    public private(set) var overallTimeout: Duration?

    /// The stack folded once into a single call, so sending allocates no per-layer closures.
    private let chain: Middleware.Next

    /// Makes a session.
    /// - Parameters:
    ///   - transport: the transport. Default: ``URLSessionTransport/shared``.
    ///   - middleware: the middleware stack, outermost first. Default: none.
    ///   - limits: limits for every request. Default: a 50 MiB response size limit.
    ///   - overallTimeout: the longest a call may take, retries included; when it runs out the
    ///     call fails with ``BricksError/timedOut``. Default: `nil`, no overall limit.
    public init(
        transport: any HTTPTransport = URLSessionTransport.shared, middleware: [any Middleware] = [],
        limits: TransportLimits = TransportLimits(), overallTimeout: Duration? = nil
    ) {
        self.transport = transport
        self.middleware = middleware
        self.limits = limits
        self.overallTimeout = overallTimeout
        var chain: Middleware.Next = { request, context in
            // Whoever set them (endpoint, proxy or middleware), no header reaches a transport unchecked.
            try HeaderValidation.validate(request)
            guard let deadline = context.deadline else { return try await transport.send(request) }
            return try await transport.send(Self.request(request, limitedTo: deadline))
        }
        for layer in middleware.reversed() {
            let next = chain
            chain = { request, context in try await layer.intercept(request, context: context, next: next) }
        }
        self.chain = chain
    }

    /// A session with a stack of sensible defaults on ``URLSessionTransport/shared``: see
    /// ``defaultMiddleware``.
    public static let `default` = Session(middleware: defaultMiddleware)

    /// The stack of ``default``, as new instances: a ``RetryMiddleware`` with
    /// ``RetryPolicy/default`` (idempotent requests only), then a ``DeduplicationMiddleware``.
    public static var defaultMiddleware: [any Middleware] {
        [RetryMiddleware(), DeduplicationMiddleware()]
    }

    /// This session with `middleware` added as the innermost layer, next to the transport.
    public func appending(_ middleware: any Middleware) -> Session {
        Session(transport: transport, middleware: self.middleware + [middleware], limits: limits,
            overallTimeout: overallTimeout)
    }

    /// This session with `middleware` added as the outermost layer, which sees requests first.
    public func prepending(_ middleware: any Middleware) -> Session {
        Session(transport: transport, middleware: [middleware] + self.middleware, limits: limits,
            overallTimeout: overallTimeout)
    }

    /// This session without the middleware of type `type` (all of them, if there are several).
    public func removing<Removed: Middleware>(_ type: Removed.Type) -> Session {
        Session(transport: transport, middleware: middleware.filter { !($0 is Removed) }, limits: limits,
            overallTimeout: overallTimeout)
    }

    /// This session with each middleware of type `type` replaced, in place, by `replacement`.
    public func replacing<Replaced: Middleware>(_ type: Replaced.Type, with replacement: any Middleware) -> Session {
        Session(transport: transport, middleware: middleware.map { $0 is Replaced ? replacement : $0 },
            limits: limits, overallTimeout: overallTimeout)
    }

    /// This session, sending through `transport` instead (a `StubTransport` in tests, say).
    public func with(transport: any HTTPTransport) -> Session {
        Session(transport: transport, middleware: middleware, limits: limits, overallTimeout: overallTimeout)
    }

    /// This session with another overall time limit; cheap enough to use for a single call:
    /// `try await session.with(overallTimeout: .seconds(5)).send(request)`.
    public func with(overallTimeout: Duration?) -> Session {
        var session = self
        session.overallTimeout = overallTimeout
        return session
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
        var urlRequest = try request.makeURLRequest()
        let method = request.method
        var context = RequestContext(
            endpointType: Request.self, method: method,
            isIdempotent: method.isIdempotent || urlRequest.value(forHTTPHeaderField: "Idempotency-Key") != nil)
        if let overallTimeout {
            context.deadline = .now + overallTimeout
            // Here the request is not shared yet, so this costs no copy; the transport end of the
            // stack then only shortens it again for later attempts.
            urlRequest.timeoutInterval = min(urlRequest.timeoutInterval, overallTimeout.seconds)
        }
        do {
            let limits = request.maximumResponseSize.map { TransportLimits(maximumResponseSize: $0) } ?? self.limits
            return try await TransportLimits.$current.withValue(limits) {
                try await chain(urlRequest, context)
            }
        } catch let error as URLError {
            throw BricksError.fromTransport(error)
        } catch is CancellationError {
            throw BricksError.cancelled
        }
    }

    /// How far past the deadline a transport may give up: shortening a request's timeout copies
    /// the request, a cost not worth paying for less.
    static let deadlineTolerance: TimeInterval = 0.001

    /// `request` with its `timeoutInterval` shortened so that the transport gives up by `deadline`.
    /// - Throws: ``BricksError/timedOut`` when the deadline has passed.
    static func request(_ request: URLRequest, limitedTo deadline: ContinuousClock.Instant) throws -> URLRequest {
        let remaining = ContinuousClock.now.duration(to: deadline).seconds
        guard remaining > 0 else { throw BricksError.timedOut }
        guard remaining + deadlineTolerance < request.timeoutInterval else { return request }
        var request = request
        request.timeoutInterval = remaining
        return request
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
        } catch let error as DecodingError {
            throw BricksError.decoding(error, bodyExcerpt: BricksError.excerpt(of: data))
        }
        // Any other error was thrown on purpose by the endpoint's own decoding (an envelope's
        // failure, say): it reaches the caller unchanged, like a typed API error.
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
