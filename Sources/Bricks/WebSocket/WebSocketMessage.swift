import Foundation

/// One whole WebSocket message as it travels: text or binary, its frames already joined.
///
/// A ``WebSocketEndpoint`` turns its typed messages into these and back; a ``WebSocketTransport``
/// sends and receives them.
public enum WebSocketMessage: Sendable, Hashable {
    /// A text message (opcode 1): UTF-8 on the wire.
    case text(String)
    /// A binary message (opcode 2).
    case binary(Data)

    /// The message's payload size in bytes, as it is counted against
    /// ``WebSocketSettings/maximumMessageSize``.
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }

    /// The payload as bytes: the UTF-8 of a text message, the data of a binary one.
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }
}
