// What the examples of the doc comments of Sources/ assume without showing it, as Docs/WebSockets.md
// declares it: scripts/check-doc-snippets.py compiles this as a module that their blocks import.
import Bricks
import BricksTesting
import Foundation

/// A session whose transport answers nothing: the examples are type-checked, not run.
public let session = Session(transport: StubWebSocketTransport(script: []))

/// The chat API of the WebSockets guide.
public nonisolated protocol ChatAPI: RequestType {}

extension ChatAPI {
    public var baseURL: URL { URL(string: "https://chat.example.com/v1")! }
}

/// What the app sends.
public enum ChatCommand: Encodable, Sendable {
    case join(room: String)
    case say(text: String)
}

/// What the server sends.
public struct ChatEvent: Decodable, Sendable {
    public let from: String
    public let text: String
}

/// A chat room's socket.
public struct ChatRoom: ChatAPI, WebSocketEndpoint, Sendable {
    public typealias Outgoing = ChatCommand
    public typealias Incoming = ChatEvent
    public let room: String
    public init(room: String) { self.room = room }
    public var pathSegments: [String] { ["rooms", room, "socket"] }
}
