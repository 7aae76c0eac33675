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
    public func connect<Socket: WebSocketEndpoint>(
        to endpoint: Socket, onReconnect: WebSocketConnection<Socket>.ReconnectHook? = nil
    ) async throws -> WebSocketConnection<Socket> {
        let (link, head, call) = try await openWebSocket(endpoint)
        let core = WebSocketCore(settings: endpoint.webSocketSettings, call: call)
        core.install(link)
        return WebSocketConnection(
            endpoint: endpoint, core: core, session: self, onReconnect: onReconnect, handshakeHead: Locked(head))
    }

    /// Opens a link to `endpoint` again, for a reconnection.
    nonisolated(nonsending)
    func openWebSocketLink<Socket: WebSocketEndpoint>(_ endpoint: Socket) async throws
        -> (link: any WebSocketLink, head: ResponseHead)
    {
        let (link, head, _) = try await openWebSocket(endpoint)
        return (link, head)
    }

    /// Builds the handshake in the caller's isolation, as every call is prepared, then runs it
    /// through the stack.
    nonisolated(nonsending)
    private func openWebSocket<Socket: WebSocketEndpoint>(_ endpoint: Socket) async throws
        -> (link: any WebSocketLink, head: ResponseHead, call: RequestSummary)
    {
        let settings = endpoint.webSocketSettings
        // Streamed, so that it is neither shared nor cached: each handshake opens a connection of
        // its own. Its one success is 101.
        var prepared = try prepare(
            endpoint, bodyMode: .streamed, maximumResponseSize: nil, acceptableStatusCodes: 101..<102,
            webSocketSettings: settings)
        do {
            guard prepared.head.method == .get else {
                throw BricksError.invalidRequest(
                    "a WebSocket handshake is a GET, but the endpoint's method is \(prepared.head.method.rawValue)")
            }
            if !settings.subprotocols.isEmpty {
                try prepared.head.headerFields.setChecked(
                    "Sec-WebSocket-Protocol", to: settings.subprotocols.joined(separator: ", "))
            }
        } catch {
            throw prepared.context.failure(error, request: prepared.head)
        }
        return try await handshake(prepared)
    }

    /// Runs the handshake through the middleware to the transport, away from the caller's actor,
    /// and returns the open link or the error for the server's refusal.
    @concurrent
    private func handshake(_ prepared: PreparedRequest) async throws
        -> (link: any WebSocketLink, head: ResponseHead, call: RequestSummary)
    {
        let context = prepared.context
        let head = prepared.head
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
            let deadline = try Deadline(for: context)
            let handshakeContext = deadline.context(for: head, from: context)
            let upgrade = try await deadline.run(transportStops: false) { [head] in
                try await transport.openWebSocket(head, context: handshakeContext)
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
            // A middleware's own error passes through unchanged, as on every other call.
            throw context.stackFailure(error, request: head)
        }
        let link = opened.withLock { $0 }
        if context.isSuccess(response.head.statusCode), let link { return (link, response.head, call) }
        await link?.close(code: .goingAway, reason: "")
        let answered = context.summary(of: head, answeredBy: response.head)
        if context.isSuccess(response.head.statusCode) {
            throw BricksError(.invalidResponse("a middleware answered the WebSocket handshake with 101 without opening a connection"), request: answered)
        }
        let body: Data
        do {
            body = try await response.body.collect(upTo: context.wholeBodyLimit)
        } catch {
            throw context.failure(error, request: head)
        }
        throw BricksError(.unacceptableStatus(response.head, body: body), request: answered)
    }
}
