import Foundation

/// Sends endpoints: builds each request's ``RequestHead`` and ``RequestBody``, runs them through
/// the middleware and the Session's core to the transport, checks the status and decodes the
/// typed `Response`.
///
/// ```swift
/// let session = Session(middleware: [LoggingMiddleware(), RetryMiddleware()])
/// let user = try await session.send(GetUser(login: "octocat"))
/// ```
///
/// The core, below the middleware, applies the same policy to every transport: header
/// validation, the ``RedirectPolicy``, the whole-exchange deadline (each request's
/// `timeoutInterval`, within ``overallTimeout``), the ``ResponseLimits``, and errors that name the
/// call.
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
    public var transport: any HTTPTransport { core.transport }
    /// The middleware stack; the first element sees each request first and its response last.
    public let middleware: [any Middleware]
    /// Limits on every response, unless the endpoint sets its own body size.
    public let limits: ResponseLimits
    /// What happens on a redirect.
    public var redirectPolicy: RedirectPolicy { core.redirectPolicy }
    /// The longest a call may take from start to end, retries and waits included, or `nil` for
    /// no limit beyond each request's `timeoutInterval`. See ``CallContext/deadline``.
    public private(set) var overallTimeout: Duration?

    private let core: SessionCore
    /// The stack folded once into a single call, so sending allocates no per-layer closures. With
    /// no middleware it is not called: ``callStack(_:)`` calls the core itself.
    private let stack: Middleware.Next

    /// Makes a session.
    /// - Parameters:
    ///   - transport: the transport. Default: ``URLSessionTransport/shared``.
    ///   - middleware: the middleware stack, outermost first. Default: none.
    ///   - limits: limits on every response. Default: ``ResponseLimits/init(maximumBodySize:maximumHeaderCount:maximumHeaderBytes:)``'s.
    ///   - redirectPolicy: what to do on a redirect. Default: ``RedirectPolicy/follow``.
    ///   - overallTimeout: the longest a call may take, retries included; when it runs out the
    ///     call fails with ``BricksError/Reason/timedOut(after:)``. A limit past a century counts as
    ///     none. Default: `nil`, no overall limit.
    public init(
        transport: any HTTPTransport = URLSessionTransport.shared, middleware: [any Middleware] = [],
        limits: ResponseLimits = ResponseLimits(), redirectPolicy: RedirectPolicy = .follow,
        overallTimeout: Duration? = nil
    ) {
        let core = SessionCore(transport: transport, redirectPolicy: redirectPolicy)
        self.core = core
        self.limits = limits
        self.middleware = middleware
        self.overallTimeout = overallTimeout
        stack = Self.fold(middleware, around: core.send)
    }

    /// Sends a prepared request through the stack: straight to the core when there is no
    /// middleware, as a closure between would be one more async frame on every call.
    @inline(__always)
    private func callStack(_ prepared: PreparedRequest) async throws -> RawResponse {
        if middleware.isEmpty {
            return try await core.send(prepared.head, body: prepared.body, context: prepared.context)
        }
        return try await stack(prepared.head, prepared.body, prepared.context)
    }

    /// `middleware` wrapped around `terminal`, the first element outermost.
    static func fold(_ middleware: [any Middleware], around terminal: @escaping Middleware.Next) -> Middleware.Next {
        var chain = terminal
        for layer in middleware.reversed() {
            let next = chain
            chain = { head, body, context in try await layer.intercept(head, body: body, context: context, next: next) }
        }
        return chain
    }

    /// A session with a stack of sensible defaults on ``URLSessionTransport/shared``: see
    /// ``defaultMiddleware``.
    public static let `default` = Session(middleware: defaultMiddleware)

    /// The stack of ``default``, as new instances: a ``RetryMiddleware`` with
    /// ``RetryPolicy/default`` (idempotent requests only), then a ``DeduplicationMiddleware``.
    public static var defaultMiddleware: [any Middleware] {
        [RetryMiddleware(), DeduplicationMiddleware()]
    }

    /// This session with `middleware` added as the innermost layer, next to the core.
    public func appending(_ middleware: any Middleware) -> Session {
        with(middleware: self.middleware + [middleware])
    }

    /// This session with `middleware` added as the outermost layer, which sees requests first.
    public func prepending(_ middleware: any Middleware) -> Session {
        with(middleware: [middleware] + self.middleware)
    }

    /// This session without the middleware of type `type` (all of them, if there are several).
    public func removing<Removed: Middleware>(_ type: Removed.Type) -> Session {
        with(middleware: middleware.filter { !($0 is Removed) })
    }

    /// This session with each middleware of type `type` replaced, in place, by `replacement`.
    public func replacing<Replaced: Middleware>(_ type: Replaced.Type, with replacement: any Middleware) -> Session {
        with(middleware: middleware.map { $0 is Replaced ? replacement : $0 })
    }

    /// This session, sending through `transport` instead (a `StubTransport` in tests, say).
    public func with(transport: any HTTPTransport) -> Session {
        Session(transport: transport, middleware: middleware, limits: limits, redirectPolicy: redirectPolicy,
            overallTimeout: overallTimeout)
    }

    /// This session with another overall time limit; cheap enough to use for a single call:
    /// `try await session.with(overallTimeout: .seconds(5)).send(request)`.
    public func with(overallTimeout: Duration?) -> Session {
        var session = self
        session.overallTimeout = overallTimeout
        return session
    }

    private func with(middleware: [any Middleware]) -> Session {
        Session(transport: transport, middleware: middleware, limits: limits, redirectPolicy: redirectPolicy,
            overallTimeout: overallTimeout)
    }

    /// Sends `request` and returns its decoded response.
    ///
    /// The request is built in the caller's isolation (an endpoint declared in an app target may
    /// be main-actor-isolated, and building it is cheap); the middleware, the core and the
    /// transport always run away from the caller's actor. The body is decoded in the caller's
    /// isolation, because that is where the endpoint's `decode(_:response:)` may run (an endpoint
    /// of an app target is main-actor-isolated). An endpoint that is `Sendable` and nonisolated —
    /// declared in a package or a plain target, generated by `bricks-openapi`, or written
    /// `nonisolated` — is sent by an overload that Swift chooses by itself, which decodes away from
    /// the caller's actor, so that a large reply never holds up the main actor.
    /// - Returns: the endpoint's `Response`.
    /// - Throws: ``BricksError`` for every failure of Bricks' own, a ``TypedAPIError`` with the
    ///   API's own error, the error of ``ResponseType/error(forStatus:data:response:)``, or a
    ///   middleware's own error.
    nonisolated(nonsending)
    public func send<Request: RequestContextType>(_ request: Request) async throws -> Request.Response {
        // Not through `response(for:)`: each async call is a frame, and a `DecodedResponse` of the
        // endpoint's type is generic metadata the runtime looks up at each call.
        let prepared = try prepare(request, bodyMode: .collected)
        let reply = try await collectedReply(prepared)
        return try decode(request, reply: reply, prepared: prepared)
    }

    /// Sends a `Sendable` endpoint whose conformances are nonisolated and returns its decoded
    /// response, decoded away from the caller's actor: a large reply never holds up the main actor.
    ///
    /// Swift chooses this overload by itself for endpoints declared in a package or a plain
    /// target, endpoints generated by `bricks-openapi`, and `nonisolated` endpoints in an app
    /// target. An endpoint whose conformance is main-actor-isolated (the default for types of an
    /// app target) is sent by the overload above, since Swift lets its `decode(_:response:)` run
    /// only on the main actor.
    /// - Returns: the endpoint's `Response`.
    /// - Throws: as the overload above.
    @_documentation(visibility: internal)  // one `send(_:)` in the documentation; Swift picks this one by itself
    nonisolated(nonsending)
    public func send<Request: RequestContextType & Sendable>(_ request: Request) async throws -> sending Request.Response {
        let prepared = try prepare(request, bodyMode: .collected)
        // Called away from any actor already (a server's handler, a detached task): collected and
        // decoded in this frame, without `valueDecodedAway`'s hop and frame. (`#isolation` is read
        // into a constant first: comparing it to `nil` directly crashes Swift 6.3's compiler.)
        let isolation: (any Actor)? = #isolation
        if isolation == nil {
            let reply = try await collectReply(prepared)
            return try decode(request, reply: reply, prepared: prepared)
        }
        // `valueDecodedAway` itself, not through `response(for:)`: as in the overload above.
        return try await valueDecodedAway(request, prepared: prepared)
    }

    /// Sends `request`, reporting the progress of its upload, and returns its decoded response.
    ///
    /// ```swift
    /// let asset = try await session.send(UploadAsset(fileURL: movie)) { progress in
    ///     Task { @MainActor in bar.value = progress.fractionCompleted ?? 0 }
    /// }
    /// ```
    /// Where each step runs is as for ``send(_:)``.
    /// - Parameters:
    ///   - request: the endpoint; its body may be in memory or streamed (``FileBodyRequestType``).
    ///   - uploadProgress: called as the body is handed to the transport, with the bytes sent so far:
    ///     in order, never on a transport's I/O thread (a handler that blocks holds up its own
    ///     upload only), every report made before the call returns.
    /// - Throws: as ``send(_:)``.
    nonisolated(nonsending)
    public func send<Request: RequestContextType>(
        _ request: Request, uploadProgress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> Request.Response {
        var prepared = try prepare(request, bodyMode: .collected)
        prepared.body?.progress = uploadProgress
        let reply = try await collectedReply(prepared)
        return try decode(request, reply: reply, prepared: prepared)
    }

    /// Sends a `Sendable`, nonisolated endpoint, reporting the progress of its upload, and
    /// decodes its response away from the caller's actor.
    /// - Parameters:
    ///   - request: the endpoint; its body may be in memory or streamed (``FileBodyRequestType``).
    ///   - uploadProgress: as for the overload above.
    /// - Throws: as ``send(_:)``.
    @_documentation(visibility: internal)  // one `send(_:)` in the documentation; Swift picks this one by itself
    nonisolated(nonsending)
    public func send<Request: RequestContextType & Sendable>(
        _ request: Request, uploadProgress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> sending Request.Response {
        var prepared = try prepare(request, bodyMode: .collected)
        prepared.body?.progress = uploadProgress
        return try await valueDecodedAway(request, prepared: prepared)
    }

    /// Sends `request` and returns its decoded response together with the response head, for
    /// callers that need header fields or the status (pagination, caching). Where each step runs
    /// is as for ``send(_:)``.
    /// - Throws: as ``send(_:)``.
    nonisolated(nonsending)
    public func response<Request: RequestContextType>(for request: Request) async throws
        -> DecodedResponse<Request.Response>
    {
        let prepared = try prepare(request, bodyMode: .collected)
        let reply = try await collectedReply(prepared)
        return DecodedResponse(value: try decode(request, reply: reply, prepared: prepared), head: reply.head)
    }

    /// Sends a `Sendable`, nonisolated endpoint and returns its response, decoded away from the
    /// caller's actor, with the response head.
    /// - Throws: as ``send(_:)``.
    @_documentation(visibility: internal)  // one `send(_:)` in the documentation; Swift picks this one by itself
    nonisolated(nonsending)
    public func response<Request: RequestContextType & Sendable>(for request: Request) async throws
        -> sending DecodedResponse<Request.Response>
    {
        try await decodedAway(request, prepared: prepare(request, bodyMode: .collected))
    }

    /// Runs a prepared request through the stack and collects its body, away from the caller's
    /// actor: ``collectReply(_:)`` for the overloads whose endpoint may be isolated to that actor.
    @concurrent
    func collectedReply(_ prepared: PreparedRequest) async throws -> CollectedReply {
        try await collectReply(prepared)
    }

    /// Runs a prepared request through the stack and collects its body, in the caller's
    /// isolation, which is never an actor's: inlined into the functions that run away from the
    /// caller's actor, and into `send` when its caller is on no actor.
    ///
    /// The path every `send` takes, so it calls the stack and reads the body itself rather than
    /// through ``runThroughStack(_:)`` and ``collect(_:prepared:)``: each async call is a frame
    /// the task allocates and frees.
    @inline(__always)
    nonisolated(nonsending)
    func collectReply(_ prepared: PreparedRequest) async throws -> CollectedReply {
        let response: RawResponse
        do {
            response = try await callStack(prepared)
        } catch {
            throw prepared.context.stackFailure(error, request: prepared.head)
        }
        if let data = response.body.bufferedData { return CollectedReply(head: response.head, data: data) }
        do {
            return CollectedReply(
                head: response.head, data: try await response.body.collect(upTo: prepared.context.wholeBodyLimit))
        } catch {
            throw prepared.context.failure(error, request: prepared.head)
        }
    }

    /// Runs a prepared request through the stack and decodes its reply, all away from the
    /// caller's actor.
    @concurrent
    func decodedAway<Request: RequestContextType & Sendable>(_ request: Request, prepared: PreparedRequest)
        async throws -> sending DecodedResponse<Request.Response>
    {
        let reply = try await collectReply(prepared)
        return DecodedResponse(value: try decode(request, reply: reply, prepared: prepared), head: reply.head)
    }

    /// Runs a prepared request through the stack and decodes its reply's value, all away from the
    /// caller's actor: ``decodedAway(_:prepared:)`` without the head, for `send`, which makes no
    /// `DecodedResponse` (its metadata is looked up at run time for each endpoint type).
    @concurrent
    func valueDecodedAway<Request: RequestContextType & Sendable>(_ request: Request, prepared: PreparedRequest)
        async throws -> sending Request.Response
    {
        try decode(request, reply: try await collectReply(prepared), prepared: prepared)
    }

    /// The decoded value of a collected reply, or the error for its status.
    func decode<Request: RequestContextType>(_ request: Request, reply: CollectedReply, prepared: PreparedRequest)
        throws -> Request.Response
    {
        try APIErrorDecoding.decode(
            request, data: reply.data, head: reply.head, context: prepared.context,
            isHeadRequest: prepared.head.method == .head, summary: {
            prepared.context.summary(of: prepared.head, answeredBy: reply.head)
        })
    }

    /// A reply whose body was read whole.
    struct CollectedReply: Sendable {
        var head: ResponseHead
        var data: Data
    }

    /// A request built and ready to go down the stack, with the context it travels with.
    struct PreparedRequest: Sendable {
        var head: RequestHead
        var body: RequestBody?
        var context: CallContext
    }

    /// Builds `request`'s head and body and the context they travel with: HTTP calls, streams and
    /// downloads.
    func prepare<Request: RequestContextType>(_ request: Request, bodyMode: CallContext.BodyMode) throws
        -> PreparedRequest
    {
        try prepare(
            request, bodyMode: bodyMode, maximumResponseSize: request.maximumResponseSize,
            acceptableStatusCodes: request.acceptableStatusCodes)
    }

    /// Builds the head and body of any endpoint, a WebSocket handshake's included, and the one
    /// context of the call (``CallContext/init(for:isIdempotent:bodyMode:deadline:responseLimits:maximumResponseSize:acceptableStatusCodes:webSocketSettings:)``);
    /// every error names the call. Inlined into its callers: it returns a large value, copied
    /// once more by each call between.
    @inline(__always)
    func prepare<Request: RequestType>(
        _ request: Request, bodyMode: CallContext.BodyMode, maximumResponseSize: Int?,
        acceptableStatusCodes: Range<Int>, webSocketSettings: WebSocketSettings? = nil
    ) throws -> PreparedRequest {
        do {
            if Task.isCancelled { throw BricksError(.cancelled) }
            // A body mixin's own encoding error (an `EncodingError`, say) comes back as a BricksError.
            let body = try RequestBuilder.rethrow(as: BricksError.bodyEncoding) { try request.makeRequestBody() }
            let head = try request.makeRequestHead(body: body)
            // An overall limit past a century is none (`Deadline.unlimited`): capped, it cannot overflow.
            let context = try CallContext(
                for: request, isIdempotent: head.isIdempotent, bodyMode: bodyMode,
                deadline: overallTimeout.map { ClockOffset.now + Swift.min($0, Deadline.unlimited) }, responseLimits: limits,
                maximumResponseSize: maximumResponseSize, acceptableStatusCodes: acceptableStatusCodes,
                webSocketSettings: webSocketSettings)
            return PreparedRequest(head: head, body: body, context: context)
        } catch var error as BricksError {
            if error.request == nil {
                error.request = RequestSummary(
                    endpoint: EndpointName.of(Request.self), method: request.method.rawValue, url: nil)
            }
            throw error
        }
    }

    /// Runs a prepared request through the stack, away from the caller's actor.
    @concurrent
    func runThroughStack(_ prepared: PreparedRequest) async throws -> RawResponse {
        do {
            return try await callStack(prepared)
        } catch {
            throw prepared.context.stackFailure(error, request: prepared.head)
        }
    }

    /// The whole body of a response that went through the stack: as collected by the core, or read
    /// now when a middleware replaced it with a stream. Its limit is the whole-body one, also for
    /// the error reply of a stream or download.
    @concurrent
    func collect(_ body: ResponseBody, prepared: PreparedRequest) async throws -> Data {
        if let data = body.bufferedData { return data }
        do {
            return try await body.collect(upTo: prepared.context.wholeBodyLimit)
        } catch {
            throw prepared.context.failure(error, request: prepared.head)
        }
    }
}
