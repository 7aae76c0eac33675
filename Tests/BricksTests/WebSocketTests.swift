@testable import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing

/// The chat API of these tests: JSON both ways.
private struct ChatCommand: Codable, Equatable, Sendable {
    var say: String
}

private struct ChatEvent: Codable, Equatable, Sendable {
    var from: String
    var text: String
}

private struct ChatRoom: WebSocketEndpoint, Sendable {
    typealias Outgoing = ChatCommand
    typealias Incoming = ChatEvent
    var baseURL: URL { exampleBase }
    var room = "swift"
    var settings = WebSocketSettings(keepalive: nil)
    var pathSegments: [String] { ["rooms", room] }
    var webSocketSettings: WebSocketSettings { settings }
}

private struct TextSocket: WebSocketEndpoint, Sendable {
    typealias Outgoing = String
    typealias Incoming = String
    var baseURL: URL { exampleBase }
    var path: String { "/text" }
}

private struct BinarySocket: WebSocketEndpoint, Sendable {
    typealias Outgoing = Data
    typealias Incoming = Data
    var baseURL: URL { exampleBase }
    var path: String { "/binary" }
}

/// An endpoint whose base URL is text, as a newcomer writes it: `ws://` or `wss://` too.
private struct TextBaseSocket: WebSocketEndpoint, Sendable {
    typealias Outgoing = String
    typealias Incoming = String
    var baseURL: String
    var pathSegments: [String] { ["rooms", "swift"] }
    var webSocketSettings: WebSocketSettings { WebSocketSettings(keepalive: nil) }
}

/// A link whose messages wait for a slow reader as a socket's do: while more than `window` of them
/// wait, the transport holds back its reads, and a pong, queued behind them, does not arrive.
private final class BacklogLink: WebSocketLink {
    private let backlog: Locked<Int>
    private let window: Int
    private let holds: Bool

    init(messages: Int, window: Int, saysItHoldsBack holds: Bool = true) {
        backlog = Locked(messages)
        self.window = window
        self.holds = holds
    }

    var isHoldingBackReads: Bool { holds && backlog.withLock { $0 } > window }
    func send(_ message: WebSocketMessage) async throws {}
    func receive() async throws -> WebSocketEvent {
        backlog.withLock { left in
            guard left > 0 else { return .closed(.normalClosure, reason: "") }
            left -= 1
            return .message(.text("tick"))
        }
    }
    func ping() async throws {
        while backlog.withLock({ $0 }) > window { try await Task.sleep(for: .milliseconds(2)) }
    }
    func close(code: WebSocketCloseCode, reason: String) async {}
}

/// Opens a ``BacklogLink``.
private actor BacklogTransport: HTTPTransport, WebSocketTransport {
    let link: BacklogLink
    init(link: BacklogLink) { self.link = link }
    nonisolated func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        RawResponse(head: ResponseHead(statusCode: 404, url: try head.makeURL()))
    }
    func openWebSocket(_ head: RequestHead, context: CallContext) async throws -> WebSocketUpgrade {
        .accepted(ResponseHead(statusCode: 101, url: try head.makeURL()), link)
    }
}

/// A text endpoint that pings every 10 ms and waits 100 ms for the pong.
private struct EagerPingSocket: WebSocketEndpoint, Sendable {
    typealias Outgoing = String
    typealias Incoming = String
    var baseURL: URL { exampleBase }
    var webSocketSettings: WebSocketSettings {
        WebSocketSettings(keepalive: WebSocketKeepalive(interval: .milliseconds(10), timeout: .milliseconds(100)))
    }
}

/// Fast reconnection for tests: no real waits.
private let quickReconnection = WebSocketReconnection(
    maximumAttempts: 3, initialDelay: .milliseconds(1), minimumDelay: .zero, maximumDelay: .milliseconds(5))

/// Reads every message, failing the test if the loop hangs for a minute.
private func readAll<Endpoint: WebSocketEndpoint & Sendable>(_ connection: WebSocketConnection<Endpoint>) async throws
    -> [Endpoint.Incoming] where Endpoint.Incoming: Sendable
{
    try await withThrowingTaskGroup(of: [Endpoint.Incoming]?.self) { group in
        group.addTask {
            var all: [Endpoint.Incoming] = []
            for try await message in connection.messages { all.append(message) }
            return all
        }
        group.addTask {
            try await Task.sleep(for: .seconds(60))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let all = first else {
            Issue.record("the messages did not end within a minute")
            return []
        }
        return all
    }
}

/// The reason of the error `operation` throws, or `nil` when it does not throw a BricksError.
private func bricksError(_ operation: () async throws -> Void) async -> BricksError? {
    do {
        try await operation()
        return nil
    } catch let error as BricksError {
        return error
    } catch {
        Issue.record("expected a BricksError, got \(error)")
        return nil
    }
}

@Suite struct WebSocketTests {
    @Test func aScriptedChatRoundTripsTypedMessagesAndEndsAtANormalClose() async throws {
        let stub = StubWebSocketTransport(script: [
            .expect(json: #"{"say":"hello"}"#),
            .reply(json: #"{"from":"ada","text":"hello yourself"}"#),
            .reply(json: #"{"from":"bob","text":"hi"}"#),
            .close(.normalClosure),
        ])
        let chat = try await stub.session().connect(to: ChatRoom())
        try await chat.send(ChatCommand(say: "hello"))
        let events = try await readAll(chat)
        #expect(events == [ChatEvent(from: "ada", text: "hello yourself"), ChatEvent(from: "bob", text: "hi")])
        #expect(await stub.sentMessages == [.text(#"{"say":"hello"}"#)])
        #expect(chat.handshake.statusCode == 101)
    }

    @Test func textAndBinaryEndpointsUseTheirOwnFrames() async throws {
        let text = StubWebSocketTransport(script: [.expect(.text("ping")), .reply(.text("pong")), .close(.normalClosure)])
        let textConnection = try await text.session().connect(to: TextSocket())
        try await textConnection.send("ping")
        #expect(try await readAll(textConnection) == ["pong"])

        let bytes = Data([0, 1, 2, 255])
        let binary = StubWebSocketTransport(script: [.expect(.binary(bytes)), .reply(.binary(bytes)), .close(.normalClosure)])
        let binaryConnection = try await binary.session().connect(to: BinarySocket())
        try await binaryConnection.send(bytes)
        #expect(try await readAll(binaryConnection) == [bytes])
    }

    @Test func theHandshakeGoesThroughTheMiddlewareWithTheEndpointsURLAndHeaders() async throws {
        let stub = StubWebSocketTransport(script: [.close(.normalClosure)])
        var room = ChatRoom(room: "a b")
        room.settings.subprotocols = ["chat.v2", "chat.v1"]
        let session = stub.session(middleware: [AuthorizationMiddleware(bearer: { "secret" })])
        let chat = try await session.connect(to: room)
        _ = try await readAll(chat)
        let head = try #require(await stub.handshakes.first)
        #expect(head.method == .get)
        #expect(head.urlString == exampleBase.absoluteString + "/rooms/a%20b")
        #expect(head.headerFields["Authorization"] == "Bearer secret")
        #expect(head.headerFields["Sec-WebSocket-Protocol"] == "chat.v2, chat.v1")
    }

    /// Issue 54: `ws://` and `wss://` were refused (`must start with http:// or https://`). The
    /// handshake keeps its own scheme, `http` or `https`, which the transport connects to as `ws`
    /// or `wss`; any other scheme is named with the four a WebSocket endpoint may have.
    @Test(arguments: [
        ("wss://chat.example.com/v1/", "https://chat.example.com/v1/rooms/swift"),
        ("WS://127.0.0.1:8765", "http://127.0.0.1:8765/rooms/swift"),
        ("https://chat.example.com", "https://chat.example.com/rooms/swift"),
    ])
    func aWebSocketBaseURLMayStartWithWsOrWss(baseURL: String, handshake: String) async throws {
        let stub = StubWebSocketTransport(script: [.close(.normalClosure)])
        let socket = try await stub.session().connect(to: TextBaseSocket(baseURL: baseURL))
        _ = try await readAll(socket)
        #expect(await stub.handshakes.map(\.urlString) == [handshake])
    }

    @Test func aWebSocketBaseURLOfAnotherSchemeNamesTheFourItMayHave() async throws {
        let stub = StubWebSocketTransport(script: [.close(.normalClosure)])
        let error = await bricksError { _ = try await stub.session().connect(to: TextBaseSocket(baseURL: "ftp://chat.example.com")) }
        guard case .invalidURL(let reason)? = error?.reason else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
        #expect(reason == #"baseURL "ftp://chat.example.com" must start with ws://, wss://, http:// or https://"#)
        #expect(await stub.handshakes.isEmpty)
    }

    @Test func aRefusedHandshakeThrowsItsStatusAndBody() async throws {
        let stub = StubWebSocketTransport([.reject(status: 403, body: #"{"error":"not a member"}"#)])
        let error = await bricksError { _ = try await stub.session().connect(to: ChatRoom()) }
        guard case .unacceptableStatus(let head, let body)? = error?.reason else {
            Issue.record("expected an unacceptable status, got \(String(describing: error))")
            return
        }
        #expect(head.statusCode == 403)
        #expect(String(decoding: body, as: UTF8.self) == #"{"error":"not a member"}"#)
        #expect(error?.request?.endpoint == "ChatRoom")
        #expect(error?.description.contains("not a member") == true)
    }

    @Test func aTokenRejectedAtTheHandshakeIsRefreshedAndTheHandshakeSentAgain() async throws {
        let stub = StubWebSocketTransport([.reject(status: 401), .accept([.close(.normalClosure)])])
        let tokens = TokenStore(token: "old") { _ in "new" }
        let chat = try await stub.session(middleware: [AuthorizationMiddleware(tokens: tokens)]).connect(to: ChatRoom())
        _ = try await readAll(chat)
        let sent = await stub.handshakes.map { $0.headerFields["Authorization"] }
        #expect(sent == ["Bearer old", "Bearer new"])
    }

    @Test func aCloseWithAnotherCodeThrowsTheCodeAndReason() async throws {
        let stub = StubWebSocketTransport(script: [
            .reply(json: #"{"from":"ada","text":"bye"}"#), .close(.internalServerError, reason: "database down"),
        ])
        let chat = try await stub.session().connect(to: ChatRoom())
        var received: [ChatEvent] = []
        let error = await bricksError { for try await event in chat.messages { received.append(event) } }
        #expect(received.count == 1)
        guard case .webSocketClosed(let code, let reason)? = error?.reason else {
            Issue.record("expected webSocketClosed, got \(String(describing: error))")
            return
        }
        #expect(code == .internalServerError)
        #expect(reason == "database down")
        #expect(error?.description.contains("1011 (internal server error): database down") == true)
        #expect(chat.closure == WebSocketClose(code: .internalServerError, reason: "database down", byServer: true))
    }

    /// Issue 54: a close with 1000 "bye" ended the loop and told the app nothing.
    @Test func aNormalCloseEndsTheMessagesAndKeepsTheServersCodeAndReason() async throws {
        let stub = StubWebSocketTransport(script: [.reply(json: #"{"from":"ada","text":"bye"}"#), .close(.normalClosure, reason: "bye")])
        let chat = try await stub.session().connect(to: ChatRoom())
        #expect(chat.closure == nil)
        #expect(try await readAll(chat) == [ChatEvent(from: "ada", text: "bye")])
        let closure = try #require(chat.closure)
        #expect(closure == WebSocketClose(code: .normalClosure, reason: "bye", byServer: true))
        #expect(closure.description == #"1000 (normal closure) "bye", sent by the server"#)
    }

    @Test func theAppsOwnCloseIsKeptAsSentByThisApp() async throws {
        let stub = StubWebSocketTransport(script: [.expect(json: #"{"say":"hello"}"#)])
        let chat = try await stub.session().connect(to: ChatRoom())
        try await chat.send(ChatCommand(say: "hello"))
        await chat.close(code: .goingAway, reason: "leaving")
        #expect(chat.closure == WebSocketClose(code: .goingAway, reason: "leaving", byServer: false))
    }

    @Test func aMessageThatCannotBeDecodedIsNamedByItsNumberAndQuoted() async throws {
        let stub = StubWebSocketTransport(script: [
            .reply(json: #"{"from":"ada","text":"one"}"#), .reply(json: #"{"from":"ada","txt":"two"}"#),
        ])
        let chat = try await stub.session().connect(to: ChatRoom())
        let error = await bricksError { for try await _ in chat.messages {} }
        let description = try #require(error?.description)
        #expect(description.contains("message 2"))
        #expect(description.contains(#"{"from":"ada","txt":"two"}"#))
        #expect(description.contains("text"))
        #expect(await stub.closes.first?.code == .unsupportedData)
        #expect(chat.closure == WebSocketClose(code: .unsupportedData, reason: "", byServer: false))
    }

    @Test func aMessageOverTheLimitClosesWith1009() async throws {
        let stub = StubWebSocketTransport(script: [.reply(.text(String(repeating: "x", count: 65)))])
        var room = ChatRoom()
        room.settings.maximumMessageSize = 64
        let chat = try await stub.session().connect(to: room)
        let error = await bricksError { for try await _ in chat.messages {} }
        guard case .messageTooLarge(let limit)? = error?.reason else {
            Issue.record("expected messageTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 64)
        #expect(await stub.closes.first?.code == .messageTooBig)
        #expect(chat.closure == WebSocketClose(code: .messageTooBig, reason: "", byServer: false))
    }

    @Test func anUnansweredPingEndsTheMessagesWithAPingTimeout() async throws {
        let stub = StubWebSocketTransport(script: [.ignorePings])
        var room = ChatRoom()
        room.settings.keepalive = WebSocketKeepalive(interval: .milliseconds(10), timeout: .milliseconds(50))
        let chat = try await stub.session().connect(to: room)
        let error = await bricksError { _ = try await readAll(chat) }
        guard case .pingTimedOut(let after)? = error?.reason else {
            Issue.record("expected pingTimedOut, got \(String(describing: error))")
            return
        }
        #expect(after == .milliseconds(50))
    }

    /// Issue 54: a slow reader lost its connection to its own keepalive, the pong queued behind
    /// messages it had not read. A reader ten times slower than the ping's timeout reads
    /// everything, whether the transport says it holds back reads or not (messages that keep
    /// arriving are a backlog too: over a real socket the transport reads again between refills);
    /// once nothing arrives and nothing is held back, an unanswered ping times out.
    @Test func aReaderSlowerThanTheServerKeepsItsConnectionWhileMessagesWait() async throws {
        for saysItHoldsBack in [true, false] {
            let slow = BacklogLink(messages: 40, window: 4, saysItHoldsBack: saysItHoldsBack)
            let connection = try await BacklogTransport(link: slow).session().connect(to: EagerPingSocket())
            var read = 0
            for try await _ in connection.messages {
                read += 1
                try await Task.sleep(for: .milliseconds(25))  // 1 s in all, 100 ms allowed for a pong
            }
            #expect(read == 40, "holds back: \(saysItHoldsBack)")
            #expect(connection.closure == WebSocketClose(code: .normalClosure, reason: "", byServer: true))
        }

        // A reader that stops for a second: nothing arrives, nothing is held back, no pong comes.
        let stalled = BacklogLink(messages: 40, window: 4, saysItHoldsBack: false)
        let other = try await BacklogTransport(link: stalled).session().connect(to: EagerPingSocket())
        let error = await bricksError {
            for try await _ in other.messages { try await Task.sleep(for: .seconds(1)) }
        }
        guard case .pingTimedOut? = error?.reason else {
            Issue.record("expected pingTimedOut, got \(String(describing: error))")
            return
        }
    }

    @Test func answeredPingsKeepTheConnectionOpen() async throws {
        let stub = StubWebSocketTransport(script: [.expect(.text(#"{"say":"done"}"#)), .close(.normalClosure)])
        var room = ChatRoom()
        room.settings.keepalive = WebSocketKeepalive(interval: .milliseconds(1), timeout: .seconds(30))
        let chat = try await stub.session().connect(to: room)
        try await Task.sleep(for: .milliseconds(50))  // several pings, all answered
        try await chat.send(ChatCommand(say: "done"))
        #expect(try await readAll(chat).isEmpty)
    }

    @Test func aDroppedConnectionReconnectsAndRunsTheHook() async throws {
        let stub = StubWebSocketTransport([
            .accept([.reply(json: #"{"from":"ada","text":"one"}"#), .drop]),
            .accept([.expect(json: #"{"say":"resume"}"#), .reply(json: #"{"from":"ada","text":"two"}"#), .close(.normalClosure)]),
        ])
        var room = ChatRoom()
        room.settings.reconnection = quickReconnection
        let hookRuns = Counter()
        let chat = try await stub.session().connect(to: room) {
            await hookRuns.increment()
            return [ChatCommand(say: "resume")]
        }
        let events = try await readAll(chat)
        #expect(events.map(\.text) == ["one", "two"])
        #expect(await hookRuns.value == 1)
        #expect(await stub.handshakes.count == 2)
    }

    @Test(arguments: [WebSocketCloseCode.normalClosure, .policyViolation])
    func noReconnectionFollowsANormalCloseOrAPolicyViolation(code: WebSocketCloseCode) async throws {
        let stub = StubWebSocketTransport([.accept([.close(code, reason: "done")]), .accept([])])
        var room = ChatRoom()
        room.settings.reconnection = quickReconnection
        let chat = try await stub.session().connect(to: room)
        let error = await bricksError { _ = try await readAll(chat) }
        if code == .normalClosure {
            #expect(error == nil)
        } else {
            guard case .webSocketClosed(let closed, _)? = error?.reason else {
                Issue.record("expected webSocketClosed, got \(String(describing: error))")
                return
            }
            #expect(closed == code)
        }
        #expect(await stub.handshakes.count == 1)
    }

    @Test func reconnectingGivesUpAfterTheAttemptsInARow() async throws {
        let stub = StubWebSocketTransport([.accept([.drop]), .reject(status: 503, body: "maintenance")])
        var room = ChatRoom()
        room.settings.reconnection = quickReconnection
        let chat = try await stub.session().connect(to: room)
        let error = await bricksError { _ = try await readAll(chat) }
        guard case .reconnectionGaveUp(let reconnections, let why)? = error?.reason else {
            Issue.record("expected reconnectionGaveUp, got \(String(describing: error))")
            return
        }
        #expect(reconnections == 3)
        #expect(why.contains("503"))
        #expect(await stub.handshakes.count == 4)
    }

    @Test func aClientErrorAtAReconnectionEndsTheMessagesWithIt() async throws {
        let stub = StubWebSocketTransport([.accept([.drop]), .reject(status: 403)])
        var room = ChatRoom()
        room.settings.reconnection = quickReconnection
        let chat = try await stub.session().connect(to: room)
        let error = await bricksError { _ = try await readAll(chat) }
        #expect(error?.statusCode == 403)
        #expect(await stub.handshakes.count == 2)
    }

    @Test func closingEndsTheMessagesAndLaterSendsFail() async throws {
        let stub = StubWebSocketTransport(script: [])
        let chat = try await stub.session().connect(to: ChatRoom())
        let reader = Task { try await readAll(chat) }
        await chat.close(code: .goingAway, reason: "leaving")
        #expect(try await reader.value.isEmpty)
        let closes = await stub.closes
        #expect(closes.first?.code == .goingAway)
        #expect(closes.first?.reason == "leaving")
        let error = await bricksError { try await chat.send(ChatCommand(say: "late")) }
        #expect(error?.description.contains("closed by this app") == true)
    }

    @Test func aSendTheScriptDoesNotExpectFails() async throws {
        let stub = StubWebSocketTransport(script: [.expect(json: #"{"say":"a"}"#)])
        let chat = try await stub.session().connect(to: ChatRoom())
        await #expect(throws: BricksTestingError.self) { try await chat.send(ChatCommand(say: "b")) }
        await chat.close()
    }

    @Test func sendsFromManyTasksAllArrive() async throws {
        let stub = StubWebSocketTransport(script: [])
        let chat = try await stub.session().connect(to: ChatRoom())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { try await chat.send(ChatCommand(say: "\(index)")) }
            }
            try await group.waitForAll()
        }
        let sent = await stub.sentMessages
        #expect(Set(sent).count == 100)
        await chat.close()
    }

    @Test func aTransportWithoutWebSocketsIsNamedInTheError() async throws {
        let error = await bricksError { _ = try await StubTransport().session().connect(to: ChatRoom()) }
        guard case .unsupportedTransport(let why)? = error?.reason else {
            Issue.record("expected unsupportedTransport, got \(String(describing: error))")
            return
        }
        #expect(why.contains("StubTransport"))
        #expect(why.contains("AsyncHTTPClientTransport"))
    }

    #if canImport(FoundationNetworking)
    @Test func urlSessionOnLinuxSaysItCannotCarryWebSockets() async throws {
        let error = await bricksError { _ = try await Session(transport: URLSessionTransport()).connect(to: ChatRoom()) }
        guard case .unsupportedTransport(let why)? = error?.reason else {
            Issue.record("expected unsupportedTransport, got \(String(describing: error))")
            return
        }
        #expect(why.contains("URLSession on this platform cannot carry WebSockets"))
        #expect(why.contains("AsyncHTTPClientTransport"))
        #expect(error?.request?.endpoint == "ChatRoom")
    }
    #endif

    @Test func aRecordedConversationPlaysBackOffline() async throws {
        let server = StubWebSocketTransport([
            .reject(status: 401, body: "who are you"),
            .accept([
                .expect(json: #"{"say":"hi"}"#), .reply(json: #"{"from":"ada","text":"hello"}"#),
                .reply(.binary(Data([1, 2]))), .close(.goingAway, reason: "restart"),
            ]),
        ])
        let recorder = RecordingWebSocketTransport(recording: server)
        let tokens = TokenStore(token: "old") { _ in "new" }
        let session = recorder.session(middleware: [AuthorizationMiddleware(tokens: tokens)])
        func converse(_ session: Session) async throws -> (events: [String], error: BricksError?) {
            let chat = try await session.connect(to: ChatRoom())
            try await chat.send(ChatCommand(say: "hi"))
            var events: [String] = []
            let error = await bricksError { for try await event in chat.messages { events.append(event.text) } }
            return (events, error)
        }
        let live = try await converse(session)
        let fixture = try await recorder.fixture()
        let replay = try StubWebSocketTransport(fixture: fixture)
        let replayed = try await converse(replay.session(middleware: [AuthorizationMiddleware(tokens: tokens)]))
        #expect(replayed.events == live.events)
        #expect(live.events == ["hello"])
        #expect(replayed.error?.description == live.error?.description)  // message 2 is binary: not a ChatEvent
        #expect(await recorder.scripts.count == 2)
        #expect(String(decoding: fixture, as: UTF8.self).contains(#""reject""#))
    }

    @Test func theReconnectionWaitGrowsWithinTheFloorAndTheCap() {
        let policy = WebSocketReconnection.exponentialBackoff(
            initialDelay: .seconds(1), minimumDelay: .milliseconds(800), maximumDelay: .seconds(10))
        #expect(policy.delay(beforeAttempt: 1, random: 0) == .seconds(1))
        #expect(policy.delay(beforeAttempt: 3, random: 0) == .seconds(4))
        #expect(policy.delay(beforeAttempt: 20, random: 0) == .seconds(10))
        #expect(policy.delay(beforeAttempt: 1, random: 0.99) == .milliseconds(800))
    }
}

/// A count shared with a hook.
private actor Counter {
    private(set) var value = 0
    func increment() { value += 1 }
}
