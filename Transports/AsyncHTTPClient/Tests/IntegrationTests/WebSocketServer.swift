import Bricks
import Foundation
import Testing

/// Where the local WebSocket servers (scripts/websocket-server.py, started by `websocket_start` in
/// scripts/websocket.sh) live: the conforming one and the one that writes hostile frames by hand.
///
/// Like ``HTTPBin``: without `BRICKS_WEBSOCKET_URL` the suites that need it are skipped with a
/// visible reason, unless `BRICKS_REQUIRE_INTEGRATION=1` asks for them: then they run and fail.
enum WebSocketServer {
    static let url = ProcessInfo.processInfo.environment["BRICKS_WEBSOCKET_URL"].flatMap(URL.init(string:))
    static let hostileURL = ProcessInfo.processInfo.environment["BRICKS_WEBSOCKET_HOSTILE_URL"].flatMap(URL.init(string:))

    /// Run the suite when a server is given, or when the test command requires it.
    static var shouldRun: Bool { url != nil || HTTPBin.isRequired }
    static let skipReason: Comment =
        "set BRICKS_WEBSOCKET_URL (source scripts/websocket.sh; websocket_start) to run the WebSocket integration tests"

    /// Fails the test when the server is missing.
    static func requireServer(sourceLocation: SourceLocation = #_sourceLocation) throws {
        _ = try #require(url, "BRICKS_REQUIRE_INTEGRATION=1 but BRICKS_WEBSOCKET_URL is not set", sourceLocation: sourceLocation)
        _ = try #require(hostileURL, "BRICKS_WEBSOCKET_HOSTILE_URL is not set", sourceLocation: sourceLocation)
    }

    /// The process's resident memory now, in MiB (Linux; 0 elsewhere).
    static func residentMiB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return pages * 4096 / 1_048_576
    }
}

/// An endpoint of the local servers: a path, and settings of the test's choosing. The message
/// types use the library's default coding.
protocol LocalSocket: WebSocketEndpoint, Sendable {
    var hostile: Bool { get }
    var settings: WebSocketSettings { get }
    /// The path with its query, as `/drop?after=1`.
    var target: String { get }
}

extension LocalSocket {
    var path: String { String(target.prefix { $0 != "?" }) }
    var queryItems: [URLQueryItem] {
        URLComponents(string: "http://localhost" + target)?.queryItems ?? []
    }
    var baseURL: URL {
        (hostile ? WebSocketServer.hostileURL : WebSocketServer.url) ?? URL(fileURLWithPath: "/no-websocket-server")
    }
    var webSocketSettings: WebSocketSettings { settings }
}

/// Text messages both ways.
struct TextSocket: LocalSocket {
    typealias Outgoing = String
    typealias Incoming = String
    var target: String
    var hostile = false
    var settings = WebSocketSettings()
    var timeoutInterval: TimeInterval = 10
}

/// Binary messages both ways.
struct BinarySocket: LocalSocket {
    typealias Outgoing = Data
    typealias Incoming = Data
    var target: String
    var hostile = false
    var settings = WebSocketSettings()
}

/// A note as JSON text frames.
struct Note: Codable, Equatable, Sendable {
    var from: String
    var text: String
}

/// JSON messages both ways.
struct NoteSocket: LocalSocket {
    typealias Outgoing = Note
    typealias Incoming = Note
    var target: String
    var hostile = false
    var settings = WebSocketSettings()
}

/// The chat room: text out, JSON notes in.
struct ChatSocket: LocalSocket {
    typealias Outgoing = String
    typealias Incoming = Note
    let room: String
    let name: String
    var target: String { "" }
    var hostile: Bool { false }
    var settings: WebSocketSettings { WebSocketSettings() }
    var pathSegments: [String] { ["chat", room] }
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "name", value: name)] }
}
