import Bricks
import Foundation

/// What a ``StubWebSocketTransport`` does with one handshake: accept it and play a script, or
/// refuse it with a status.
public enum WebSocketScript: Sendable {
    /// Accepts the handshake (`101`) and plays `steps` on the connection.
    case accept([Step])
    /// Refuses the handshake with `status` and `body`, as a server that wants credentials (`401`) or
    /// is down (`503`).
    case reject(status: Int, body: String = "")

    /// One step of the server's side of a conversation. The steps play in order: replies and
    /// closes are read by the app as it reads, and a reply after an ``expect(_:)`` waits until
    /// that message was sent.
    public enum Step: Sendable, Equatable {
        /// The app must send this message next; a different one fails its send with
        /// ``BricksTestingError/unexpectedWebSocketMessage(expected:sent:)``.
        case expect(WebSocketMessage)
        /// The server sends this message.
        case reply(WebSocketMessage)
        /// The server closes the connection with `code` and `reason`.
        case close(WebSocketCloseCode, reason: String = "")
        /// The connection breaks without a close frame, as when the network drops it.
        case drop
        /// The server stops answering pings from here on (a half-open connection).
        case ignorePings

        /// The server sends `value` as JSON text.
        /// - Throws: the encoder's error.
        public static func reply(json value: some Encodable) throws -> Step {
            .reply(.text(String(decoding: try JSONEncoder().encode(value), as: UTF8.self)))
        }

        /// The app must send this JSON text next (compared as written).
        public static func expect(json text: String) -> Step { .expect(.text(text)) }

        /// The server sends this JSON text.
        public static func reply(json text: String) -> Step { .reply(.text(text)) }
    }
}
