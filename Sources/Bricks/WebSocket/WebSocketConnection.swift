import Foundation

/// An open WebSocket connection to an endpoint: typed ``send(_:)``, the incoming messages as an
/// `AsyncSequence` (``messages``), and ``close(code:reason:)``.
/// ``Session/connect(to:onReconnect:)`` returns one.
///
/// ```swift
/// let chat = try await session.connect(to: ChatRoom(room: "swift"))
/// try await chat.send(.say(text: "hello"))
/// for try await event in chat.messages {
///     print(event)
/// }
/// // the loop ends when the server closes with 1000; any other end throws a BricksError that says why
/// ```
///
/// The messages are read by one loop. Sends may come from several tasks while it reads (when the
/// endpoint is `Sendable`); each waits while the socket is full, and while the connection
/// reconnects. The endpoint's ``WebSocketEndpoint/encode(_:)`` and
/// ``WebSocketEndpoint/decode(_:)`` run in the isolation of the caller (the loop, for received
/// messages); the I/O runs away from it. Releasing the connection, or ``close(code:reason:)``,
/// closes it.
public struct WebSocketConnection<Socket: WebSocketEndpoint> {
    /// A hook that runs on every new connection after a reconnection and returns the messages to
    /// send first, before any message of it is read: subscribe again, resume from a cursor. It runs
    /// in its own isolation: write `{ @MainActor in … }` to read the main actor's state.
    public typealias ReconnectHook = @isolated(any) @Sendable () async throws -> sending [Socket.Outgoing]

    /// The endpoint this connection was opened for.
    public let endpoint: Socket
    /// The handshake's `101` reply of the current connection: the subprotocol the server chose is
    /// its `Sec-WebSocket-Protocol`.
    public var handshake: ResponseHead { handshakeHead.withLock { $0 } }

    let core: WebSocketCore
    let session: Session
    let onReconnect: ReconnectHook?
    let handshakeHead: Locked<ResponseHead>

    /// Sends `message`, coded by the endpoint, returning once the transport has taken it.
    ///
    /// While the connection reconnects, the send waits for the new connection.
    /// - Throws: ``BricksError``: ``BricksError/Reason/bodyEncoding(_:)`` when the message cannot
    ///   be encoded, or why the connection ended; a transport's error of another type (a test
    ///   stub's) unchanged.
    nonisolated(nonsending)
    public func send(_ message: Socket.Outgoing) async throws {
        let raw: WebSocketMessage
        do {
            raw = try endpoint.encode(message)
        } catch {
            throw BricksError(.bodyEncoding(error), request: core.call)
        }
        try await core.send(raw)
    }

    /// How the current connection closed, once it has: the server's code and reason (`1000 "bye"`,
    /// which ends ``messages`` normally), or the code this side sent when the app closed it or
    /// Bricks failed it (1002 for a server that broke the protocol, 1003 for a message the endpoint
    /// could not decode, 1009 for one too large). `nil` while it is open.
    public var closure: WebSocketClose? { core.closure }

    /// The incoming messages, decoded by the endpoint, as they arrive. Iterate it once.
    public var messages: WebSocketMessages<Socket> { WebSocketMessages(connection: self) }

    /// Closes the connection: sends a close frame with `code` and `reason` and waits briefly for the
    /// server's. The incoming messages end normally; later sends fail.
    /// - Parameters:
    ///   - code: the close code. Default: ``WebSocketCloseCode/normalClosure``.
    ///   - reason: a short reason, at most 123 bytes of UTF-8. Default: none.
    nonisolated(nonsending)
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        await core.finish(nil, code: code, reason: reason, byCaller: true)
    }
}

extension WebSocketConnection: Sendable where Socket: Sendable {}

extension WebSocketCore {
    /// Sends on the current link, or the next one while reconnecting.
    @concurrent
    func send(_ message: WebSocketMessage) async throws {
        let link = try await currentLink()
        do {
            try await link.send(message)
        } catch var failure as BricksError {
            if failure.request == nil { failure.request = call }
            throw failure
        } catch is CancellationError {
            throw BricksError(.cancelled, request: call)
        }
    }
}
