import Foundation

/// A WebSocket endpoint: where it connects — the same base URL, path, query and header fields as
/// any endpoint, so an API protocol's base URL and authorization apply — and the types of the
/// messages it sends and receives.
///
/// ```swift
/// struct ChatRoom: ChatAPI, WebSocketEndpoint {
///     typealias Outgoing = ChatCommand      // any Encodable: sent as JSON text
///     typealias Incoming = ChatEvent        // any Decodable: read from JSON text or binary
///     let room: String
///     var pathSegments: [String] { ["rooms", room, "socket"] }
/// }
/// let chat = try await session.connect(to: ChatRoom(room: "swift"))
/// try await chat.send(.say(text: "hello"))
/// for try await event in chat.messages { print(event) }
/// ```
///
/// The URL is built as for any endpoint, `http` and `https` included: the transport connects to
/// `ws` or `wss` at the same address. Messages are coded by their type: `Encodable` and
/// `Decodable` types as JSON text frames, `String` as text, `Data` as binary, and
/// ``WebSocketMessage`` as it is. Implement ``encode(_:)`` or ``decode(_:)`` for another coding.
/// The connection's limits, keepalive and reconnection are its ``webSocketSettings``.
public protocol WebSocketEndpoint: RequestType {
    /// The type of the messages sent.
    associatedtype Outgoing
    /// The type of the messages received.
    associatedtype Incoming

    /// A message to send, as a WebSocket message.
    /// - Throws: an encoding error, reported as ``BricksError/Reason/bodyEncoding(_:)``.
    func encode(_ message: Outgoing) throws -> WebSocketMessage
    /// A received message as the endpoint's type.
    /// - Throws: a decoding error, which ends the incoming messages with
    ///   ``BricksError/Reason/decoding(_:bodyExcerpt:)`` naming the message and quoting it.
    func decode(_ message: WebSocketMessage) throws -> Incoming
    /// The connection's limits, keepalive and reconnection. Default: ``WebSocketSettings/init(maximumMessageSize:incomingBufferSize:keepalive:reconnection:subprotocols:)``'s.
    var webSocketSettings: WebSocketSettings { get }
}

extension WebSocketEndpoint {
    /// The defaults: 8 MiB messages, 1 MiB of them waiting, a ping every 30 s, no reconnection.
    public var webSocketSettings: WebSocketSettings { WebSocketSettings() }
}

extension WebSocketEndpoint where Outgoing: Encodable {
    /// The message as JSON, in a text frame, written as a JSON body is (a `Double` keeps its point:
    /// `2.0`).
    public func encode(_ message: Outgoing) throws -> WebSocketMessage {
        let json = try JSONBodyEncoder.encode(message, configuredBy: DefaultCoders.jsonEncoder)
        return .text(String(decoding: json, as: UTF8.self))
    }
}

extension WebSocketEndpoint where Incoming: Decodable {
    /// The message's text (or binary data) decoded as JSON.
    public func decode(_ message: WebSocketMessage) throws -> Incoming {
        try DefaultCoders.jsonDecoder.decode(Incoming.self, from: message.data)
    }
}

extension WebSocketEndpoint where Outgoing == String {
    /// The string, in a text frame.
    public func encode(_ message: String) throws -> WebSocketMessage { .text(message) }
}

extension WebSocketEndpoint where Incoming == String {
    /// A text message's string; a binary message's bytes read as UTF-8.
    public func decode(_ message: WebSocketMessage) throws -> String {
        switch message {
        case .text(let text): return text
        case .binary(let data):
            guard let text = String(data: data, encoding: .utf8) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a binary message that is not UTF-8 text"))
            }
            return text
        }
    }
}

extension WebSocketEndpoint where Outgoing == Data {
    /// The data, in a binary frame.
    public func encode(_ message: Data) throws -> WebSocketMessage { .binary(message) }
}

extension WebSocketEndpoint where Incoming == Data {
    /// A binary message's data; a text message's UTF-8.
    public func decode(_ message: WebSocketMessage) throws -> Data { message.data }
}

extension WebSocketEndpoint where Outgoing == WebSocketMessage {
    /// The message as it is.
    public func encode(_ message: WebSocketMessage) throws -> WebSocketMessage { message }
}

extension WebSocketEndpoint where Incoming == WebSocketMessage {
    /// The message as it is.
    public func decode(_ message: WebSocketMessage) throws -> WebSocketMessage { message }
}
