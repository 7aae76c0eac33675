import Bricks
import Foundation

/// A transport that opens WebSocket connections from scripts instead of the network: expect this
/// message, reply that one, close with this code. Everything else of the session runs as for a
/// real server — middleware, the handshake's status, the endpoint's coding, keepalive, size limit,
/// reconnection — so a test checks what the app does.
///
/// ```swift
/// let stub = StubWebSocketTransport(script: [
///     .expect(json: #"{"join":{"room":"swift"}}"#),
///     .reply(json: #"{"from":"ada","text":"hi"}"#),
///     .close(.normalClosure),
/// ])
/// let chat = try await stub.session().connect(to: ChatRoom(room: "swift"))
/// try await chat.send(.join(room: "swift"))
/// for try await event in chat.messages { print(event) }   // one event, then the loop ends
/// let sent = await stub.sentMessages   // the join, as JSON text
/// ```
///
/// Each handshake takes the next script of the list (the last one again once all are used), so a
/// test of reconnection lists one per connection. Pings are answered at once unless a script says
/// ``WebSocketScript/Step/ignorePings``. Plain HTTP calls are answered `404`.
public actor StubWebSocketTransport: HTTPTransport, WebSocketTransport {
    private let scripts: [WebSocketScript]
    private var opened = 0
    /// Every handshake received, in order.
    public private(set) var handshakes: [RequestHead] = []
    /// The context each handshake arrived with, in order: the endpoint's settings, the
    /// connection's limits (`webSocketSettings`), the values of your own keys.
    public private(set) var handshakeContexts: [CallContext] = []
    /// Every message the app sent, on all connections, in order.
    public private(set) var sentMessages: [WebSocketMessage] = []
    /// The closes the app sent, with their codes and reasons, in order.
    public private(set) var closes: [(code: WebSocketCloseCode, reason: String)] = []

    /// Makes a stub that plays `scripts`, one per handshake.
    /// - Parameter scripts: the scripts; the last one is played again once all are used.
    public init(_ scripts: [WebSocketScript]) {
        self.scripts = scripts
    }

    /// Makes a stub that accepts every handshake and plays `script`.
    /// - Parameter script: the server's side of the conversation.
    public init(script: [WebSocketScript.Step]) {
        self.init([.accept(script)])
    }

    /// Answers `404`: this stub opens WebSocket connections only.
    public nonisolated func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws
        -> RawResponse
    {
        RawResponse(
            head: ResponseHead(statusCode: 404, url: try head.makeURL()),
            body: ResponseBody(Data("StubWebSocketTransport opens WebSocket connections only".utf8)))
    }

    /// Plays the next script.
    public func openWebSocket(_ head: RequestHead, context: CallContext) async throws -> WebSocketUpgrade {
        handshakes.append(head)
        handshakeContexts.append(context)
        guard let script = scripts.isEmpty ? nil : scripts[Swift.min(opened, scripts.count - 1)] else {
            return .rejected(RawResponse(head: ResponseHead(statusCode: 404, url: try head.makeURL())))
        }
        opened += 1
        switch script {
        case .reject(let status, let body):
            return .rejected(RawResponse(head: ResponseHead(statusCode: status, url: try head.makeURL()), body: ResponseBody(Data(body.utf8))))
        case .accept(let steps):
            var fields = HeaderFields()
            fields.append(name: "Upgrade", value: "websocket")
            fields.append(name: "Connection", value: "Upgrade")
            return .accepted(ResponseHead(statusCode: 101, headerFields: fields, url: try head.makeURL()), StubWebSocketLink(steps, stub: self))
        }
    }

    func record(_ message: WebSocketMessage) { sentMessages.append(message) }

    func recordClose(_ code: WebSocketCloseCode, _ reason: String) { closes.append((code, reason)) }
}
