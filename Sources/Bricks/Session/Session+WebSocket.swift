import Foundation

extension Session {
    /// Opens a WebSocket connection to `endpoint` and returns it once the server accepted the
    /// handshake.
    ///
    /// ```swift
    /// let chat = try await session.connect(to: ChatRoom(room: "swift")) {
    ///     [.join(room: "swift")]   // sent first on every reconnection
    /// }
    /// ```
    ///
    /// The handshake is a call like any other: its head goes through the middleware, so that
    /// authorization (with its refresh on `401`), logging and metrics see it, within the
    /// endpoint's `timeoutInterval` and the session's ``overallTimeout``. Redirects are not followed.
    /// The session's transport must adopt ``WebSocketTransport``.
    /// - Parameters:
    ///   - endpoint: the endpoint.
    ///   - onReconnect: runs on each new connection after a reconnection (see
    ///     ``WebSocketReconnection``) and returns the messages to send first, before any message
    ///     of the new connection is read. Default: none.
    /// - Returns: the open connection.
    /// - Throws: ``BricksError``: ``BricksError/Reason/unacceptableStatus(_:body:)`` with the
    ///   server's status and body when it refused the handshake,
    ///   ``BricksError/Reason/unsupportedTransport(_:)`` when the transport cannot carry
    ///   WebSockets, or as ``send(_:)`` for a connection that failed.
    nonisolated(nonsending)
    public func connect<Endpoint: WebSocketEndpoint>(
        to endpoint: Endpoint, onReconnect: WebSocketConnection<Endpoint>.ReconnectHook? = nil
    ) async throws -> WebSocketConnection<Endpoint> {
        let (link, head, call) = try await openWebSocket(endpoint)
        let core = WebSocketCore(settings: endpoint.webSocketSettings, call: call)
        core.install(link)
        return WebSocketConnection(
            endpoint: endpoint, core: core, session: self, onReconnect: onReconnect, handshakeHead: Locked(head))
    }

    /// Opens a link to `endpoint` again, for a reconnection.
    nonisolated(nonsending)
    func openWebSocketLink<Endpoint: WebSocketEndpoint>(_ endpoint: Endpoint) async throws
        -> (link: any WebSocketLink, head: ResponseHead)
    {
        let (link, head, _) = try await openWebSocket(endpoint)
        return (link, head)
    }

    /// Builds the handshake in the caller's isolation, then runs it through the stack.
    nonisolated(nonsending)
    private func openWebSocket<Endpoint: WebSocketEndpoint>(_ endpoint: Endpoint) async throws
        -> (link: any WebSocketLink, head: ResponseHead, call: RequestSummary)
    {
        var context = MiddlewareContext(endpointType: Endpoint.self, isIdempotent: true)
        // Neither shared nor cached: each handshake opens a connection of its own.
        context.bodyMode = .streamed
        let secretNames = endpoint.secretHeaderNames
        if !secretNames.isEmpty { context.secretHeaderNames = SecretNames.lowercased(SecretNames.headerFields(adding: secretNames)) }
        if let overallTimeout { context.deadline = .now + overallTimeout }
        let settings = endpoint.webSocketSettings
        var head: RequestHead
        do {
            if Task.isCancelled { throw BricksError(.cancelled) }
            head = try endpoint.makeRequestHead(body: nil)
            guard head.method == .get else {
                throw BricksError.invalidRequest(
                    "a WebSocket handshake is a GET, but the endpoint's method is \(head.method.rawValue)")
            }
            if !settings.subprotocols.isEmpty {
                head.headerFields["Sec-WebSocket-Protocol"] = settings.subprotocols.joined(separator: ", ")
                try head.headerFields.check()
            }
        } catch var error as BricksError {
            if error.request == nil {
                error.request = RequestSummary(endpoint: context.endpointName, method: endpoint.method.rawValue, url: nil)
            }
            throw error
        }
        return try await handshake(head, context: context, settings: settings)
    }

    /// Runs the handshake through the middleware to the transport, away from the caller's actor,
    /// and returns the open link or the error for the server's refusal.
    @concurrent
    private func handshake(_ head: RequestHead, context: MiddlewareContext, settings: WebSocketSettings) async throws
        -> (link: any WebSocketLink, head: ResponseHead, call: RequestSummary)
    {
        let call = context.summary(of: head)
        guard let transport = transport as? any WebSocketTransport else {
            throw BricksError(
                .unsupportedTransport(
                    "\(type(of: transport)) cannot open WebSocket connections; use a transport that adopts "
                        + "WebSocketTransport, such as AsyncHTTPClientTransport (package BricksAsyncHTTPClient)"),
                request: call)
        }
        // The link the innermost layer opened; a layer that calls `next` again (a token refresh)
        // replaces it, and the one before is closed.
        let opened = Locked<(any WebSocketLink)?>(nil)
        let terminal: Middleware.Next = { head, _, context in
            var head = head
            try head.headerFields.check()  // a no-op unless a layer added or changed a field
            let deadline = try Deadline(timeoutInterval: head.timeoutInterval, overall: context.deadline)
            let transportContext = WebSocketTransportContext(
                maximumMessageSize: settings.maximumMessageSize, incomingBufferSize: settings.incomingBufferSize,
                deadline: deadline.isUnlimited ? nil : deadline.instant, secretHeaderNames: context.secretHeaderNames)
            let upgrade = try await deadline.run(transportStops: false) { [head] in
                try await transport.openWebSocket(head, context: transportContext)
            }
            switch upgrade {
            case .accepted(let reply, let link):
                let previous = opened.withLock { opened in
                    defer { opened = link }
                    return opened
                }
                await previous?.close(code: .goingAway, reason: "")
                return RawResponse(head: reply)
            case .rejected(let reply):
                return reply
            }
        }
        let response: RawResponse
        do {
            response = try await Self.fold(middleware, around: terminal)(head, nil, context)
        } catch {
            await opened.withLock { $0 }?.close(code: .goingAway, reason: "")
            throw SessionCore.failure(error, context: context, request: head)
        }
        let link = opened.withLock { $0 }
        if response.head.statusCode == 101, let link { return (link, response.head, call) }
        await link?.close(code: .goingAway, reason: "")
        let answered = context.summary(of: head, answeredBy: response.head)
        if response.head.statusCode == 101 {
            throw BricksError(.invalidResponse("a middleware answered the WebSocket handshake with 101 without opening a connection"), request: answered)
        }
        let body: Data
        do {
            body = try await response.body.collect(upTo: limits.maximumBodySize)
        } catch {
            throw SessionCore.failure(error, context: context, request: head)
        }
        throw BricksError(.unacceptableStatus(response.head, body: body), request: answered)
    }
}
