import Foundation

/// The messages a ``WebSocketConnection`` receives, decoded by its endpoint, in order.
///
/// The sequence ends when the server closes the connection with
/// ``WebSocketCloseCode/normalClosure``, or when the app closes it. It throws a ``BricksError``
/// that says why for any other end: ``BricksError/Reason/webSocketClosed(code:reason:)`` with the
/// server's code and reason, ``BricksError/Reason/pingTimedOut(after:)``,
/// ``BricksError/Reason/messageTooLarge(limit:)``, ``BricksError/Reason/decoding(_:bodyExcerpt:)``
/// naming the message by its number and quoting it, ``BricksError/Reason/invalidResponse(_:)``
/// for a server that broke the protocol, ``BricksError/Reason/transport(_:)`` for a broken
/// socket, or ``BricksError/Reason/reconnectionGaveUp(reconnections:why:)``. With a
/// ``WebSocketReconnection`` policy the loop goes on across reconnections.
///
/// Cancelling the task that iterates closes the connection.
public struct WebSocketMessages<Socket: WebSocketEndpoint>: AsyncSequence {
    let connection: WebSocketConnection<Socket>

    /// Reads the messages in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let connection: WebSocketConnection<Socket>

        /// The next message, or `nil` once the connection closed normally.
        /// - Throws: ``BricksError`` saying why the connection ended, or the error of the
        ///   reconnection hook.
        public mutating func next() async throws -> Socket.Incoming? {
            try await connection.nextMessage()
        }

        /// The next message, read in the isolation of `actor` (what a `for try await` loop
        /// passes), or `nil` once the connection closed normally.
        /// - Throws: as ``next()``.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Socket.Incoming? {
            try await connection.nextMessage()
        }
    }

    /// Starts reading.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(connection: connection) }
}

extension WebSocketConnection {
    /// The next message: reads the link, checks and decodes what arrives, and reconnects or ends
    /// as the policy says.
    nonisolated(nonsending)
    func nextMessage() async throws -> Socket.Incoming? {
        while true {
            if let end = core.end {
                if let error = end.error { throw error }
                return nil
            }
            guard let link = core.readLink else { return nil }
            let event: WebSocketEvent
            do {
                event = try await Self.receive(from: link)
            } catch {
                if let end = core.end {
                    if let error = end.error { throw error }
                    return nil
                }
                var failure = core.unansweredPing ?? BricksError(mapping: error)
                if failure.request == nil { failure.request = core.call }
                if failure.isCancellation {
                    await core.finish(failure, code: .goingAway)
                    throw failure
                }
                try await drop(failure, reconnects: Self.reconnects(after: failure), code: Self.closeCode(for: failure))
                continue
            }
            switch event {
            case .message(let message):
                let number = core.countMessage()
                let limit = core.settings.maximumMessageSize
                if message.byteCount > limit {
                    let failure = BricksError(.messageTooLarge(limit: limit), request: core.call)
                    await core.finish(failure, code: .messageTooBig)
                    throw failure
                }
                do {
                    return try decode(message, number: number)
                } catch {
                    await core.finish(error as? BricksError, code: .unsupportedData)
                    throw error
                }
            case .closed(let code, let reason):
                if let end = core.end {
                    if let error = end.error { throw error }
                    return nil
                }
                if let ping = core.unansweredPing {
                    try await drop(ping, reconnects: true)
                    continue
                }
                core.serverClosed(code: code, reason: reason)
                if code == .normalClosure {
                    await core.finish(nil)
                    return nil
                }
                let failure = BricksError(.webSocketClosed(code: code, reason: reason), request: core.call)
                try await drop(failure, reconnects: core.settings.reconnection.reconnects(after: code))
            }
        }
    }

    /// Reads the link away from the caller's actor.
    @concurrent
    private static func receive(from link: any WebSocketLink) async throws -> WebSocketEvent {
        try await link.receive()
    }

    /// Whether a link that failed with `error` may be replaced: a broken socket or an unanswered
    /// ping, not a server that broke the protocol or a message over the limit.
    private static func reconnects(after error: BricksError) -> Bool {
        switch error.reason {
        case .transport, .pingTimedOut, .timedOut: true
        default: false
        }
    }

    /// The code the transport closes a link with when it fails it with `error` (a breach of the
    /// protocol, a message over the limit), or ``WebSocketCloseCode/goingAway``.
    private static func closeCode(for error: BricksError) -> WebSocketCloseCode {
        switch error.reason {
        case .invalidResponse: .protocolError
        case .messageTooLarge: .messageTooBig
        default: .goingAway
        }
    }

    /// The link ended with `failure`: reconnects when the policy allows it, else ends the
    /// messages with `failure`, closing the link with `code`.
    nonisolated(nonsending)
    private func drop(_ failure: BricksError, reconnects: Bool, code: WebSocketCloseCode = .goingAway) async throws {
        let policy = core.settings.reconnection
        guard reconnects, policy.maximumAttempts > 0 else {
            await core.finish(failure, code: code)
            throw failure
        }
        core.beginReconnecting()
        var lastFailure = failure
        for attempt in 1...policy.maximumAttempts {
            do {
                try await Task.sleep(for: policy.delay(beforeAttempt: attempt))
            } catch {
                let cancelled = BricksError(.cancelled, request: core.call)
                await core.finish(cancelled, code: .goingAway)
                throw cancelled
            }
            do {
                let (link, head) = try await session.openWebSocketLink(endpoint)
                handshakeHead.withLock { $0 = head }
                core.install(link)
            } catch let error as BricksError {
                lastFailure = error
                if error.isCancellation || Self.isFinal(error) {
                    await core.finish(error, code: .goingAway)
                    throw error
                }
                continue
            }
            if let onReconnect {
                do {
                    for message in try await onReconnect() { try await send(message) }
                } catch {
                    await core.finish(error as? BricksError, code: .goingAway)
                    throw error
                }
            }
            return
        }
        let gaveUp = BricksError(
            .reconnectionGaveUp(
                reconnections: policy.maximumAttempts,
                why: "the WebSocket connection dropped (\(failure.sentence)) and \(policy.maximumAttempts) "
                    + "attempt\(policy.maximumAttempts == 1 ? "" : "s") in a row to open it again failed; the last: \(lastFailure.sentence)"),
            request: core.call)
        await core.finish(gaveUp, code: .goingAway)
        throw gaveUp
    }

    /// Whether a handshake failure ends reconnecting: a client error other than 408 and 429, or a
    /// request that cannot be built.
    private static func isFinal(_ error: BricksError) -> Bool {
        switch error.reason {
        case .unacceptableStatus(let head, _): (400..<500).contains(head.statusCode) && ![408, 429].contains(head.statusCode)
        case .invalidURL, .invalidHeader, .invalidRequest, .bodyEncoding, .unsupportedTransport: true
        default: false
        }
    }

    /// `message` decoded by the endpoint; a failure names the message by its number and quotes it.
    private func decode(_ message: WebSocketMessage, number: Int) throws -> Socket.Incoming {
        do {
            // The bytes are quoted only on failure: a text message's are viewed, not copied.
            switch message {
            case .text(let text):
                return try StreamItemError.decoding(.message, number: number, bytes: text.utf8) { try endpoint.decode(message) }
            case .binary(let data):
                return try StreamItemError.decoding(.message, number: number, bytes: data) { try endpoint.decode(message) }
            }
        } catch var error as BricksError {
            if error.request == nil { error.request = core.call }
            throw error
        }
    }
}
