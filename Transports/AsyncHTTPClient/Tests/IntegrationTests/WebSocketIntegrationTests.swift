import Bricks
import BricksAsyncHTTPClient
import Foundation
import Testing

// WebSocket endpoints on AsyncHTTPClientTransport against PyPI's `websockets` on loopback
// (scripts/websocket-server.py): round trips of each message kind, fragments, large messages and
// the size limit, pings, every close path, reconnection, concurrency and a slow reader.

/// One transport for the suite's connections.
private let transport = AsyncHTTPClientTransport()
private let session = Session(transport: transport)

/// Fast reconnection for tests.
private let quickReconnection = WebSocketReconnection(
    maximumAttempts: 3, initialDelay: .milliseconds(10), minimumDelay: .milliseconds(10), maximumDelay: .milliseconds(50))

/// Runs `body`, failing the test instead of hanging when it takes more than a minute.
func withHangGuard<Value: Sendable>(
    _ body: @escaping @Sendable () async throws -> Value, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(60))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            Issue.record("did not finish within a minute", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return value
    }
}

/// The BricksError `body` throws, or `nil` (recorded) when it throws none.
func bricksError(sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable () async throws -> Void) async
    -> BricksError?
{
    do {
        try await withHangGuard(body, sourceLocation: sourceLocation)
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch let error as BricksError {
        return error
    } catch {
        Issue.record("expected a BricksError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Every message until the connection ends normally.
func readAll<Endpoint: WebSocketEndpoint & Sendable>(_ connection: WebSocketConnection<Endpoint>) async throws
    -> [Endpoint.Incoming] where Endpoint.Incoming: Sendable
{
    try await withHangGuard {
        var all: [Endpoint.Incoming] = []
        for try await message in connection.messages { all.append(message) }
        return all
    }
}

@Suite(.enabled(if: WebSocketServer.shouldRun, WebSocketServer.skipReason))
struct WebSocketIntegrationTests {
    init() throws { try WebSocketServer.requireServer() }

    @Test func textBinaryAndJSONMessagesEchoBack() async throws {
        let text = try await session.connect(to: TextSocket(target: "/echo"))
        try await text.send("héllo 👋")
        var texts = text.messages.makeAsyncIterator()
        #expect(try await texts.next() == "héllo 👋")
        await text.close()

        let bytes = Data((0..<1000).map { UInt8($0 % 256) })
        let binary = try await session.connect(to: BinarySocket(target: "/echo"))
        try await binary.send(bytes)
        var data = binary.messages.makeAsyncIterator()
        #expect(try await data.next() == bytes)
        await binary.close()

        let notes = try await session.connect(to: NoteSocket(target: "/echo"))
        try await notes.send(Note(from: "ada", text: "typed"))
        var typed = notes.messages.makeAsyncIterator()
        #expect(try await typed.next() == Note(from: "ada", text: "typed"))
        await notes.close()
    }

    @Test func aChatRoomReachesEveryMember() async throws {
        let room = UUID().uuidString
        let ada = try await session.connect(to: ChatSocket(room: room, name: "ada"))
        let bob = try await session.connect(to: ChatSocket(room: room, name: "bob"))
        try await ada.send("hello")  // after both joined: the server saw bob's handshake
        var adaReads = ada.messages.makeAsyncIterator()
        var bobReads = bob.messages.makeAsyncIterator()
        #expect(try await adaReads.next() == Note(from: "ada", text: "hello"))
        #expect(try await bobReads.next() == Note(from: "ada", text: "hello"))
        try await bob.send("hi ada")
        #expect(try await adaReads.next() == Note(from: "bob", text: "hi ada"))
        #expect(try await bobReads.next() == Note(from: "bob", text: "hi ada"))
        await ada.close()
        await bob.close()
    }

    @Test func aFragmentedMessageArrivesWhole() async throws {
        let socket = try await session.connect(to: TextSocket(target: "/fragmented?size=100000&parts=37"))
        var reads = socket.messages.makeAsyncIterator()
        #expect(try await reads.next() == String(repeating: "a", count: 100_000))
        await socket.close()
    }

    @Test func aMessageOf1MiBGoesBothWays() async throws {
        let socket = try await session.connect(to: BinarySocket(target: "/large?size=1048576"))
        var reads = socket.messages.makeAsyncIterator()
        let received = try #require(try await reads.next())
        #expect(received.count == 1 << 20)
        try await socket.send(received)
        #expect(try await reads.next() == received)
        await socket.close()
    }

    @Test func aMessageOverTheLimitEndsTheConnection() async throws {
        let endpoint = BinarySocket(target: "/large?size=1048576", settings: WebSocketSettings(maximumMessageSize: 64 * 1024))
        let socket = try await session.connect(to: endpoint)
        let error = await bricksError { _ = try await readAll(socket) }
        guard case .messageTooLarge(let limit)? = error?.reason else {
            Issue.record("expected messageTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 64 * 1024)
    }

    @Test func pingsAreAnsweredAndTheConnectionStaysOpen() async throws {
        let settings = WebSocketSettings(keepalive: WebSocketKeepalive(interval: .milliseconds(20), timeout: .seconds(10)))
        let socket = try await session.connect(to: TextSocket(target: "/echo", settings: settings))
        try await Task.sleep(for: .milliseconds(300))  // about 15 pings, each answered
        try await socket.send("still here")
        var reads = socket.messages.makeAsyncIterator()
        #expect(try await reads.next() == "still here")
        await socket.close()
    }

    @Test func aNormalCloseEndsTheMessages() async throws {
        let socket = try await session.connect(to: TextSocket(target: "/close-after?count=2&code=1000"))
        try await socket.send("one")
        try await socket.send("two")
        #expect(try await readAll(socket) == ["one", "two"])
    }

    @Test func anotherCloseCodeThrowsItWithTheReason() async throws {
        let socket = try await session.connect(to: TextSocket(target: "/close?code=4001&reason=room%20closed"))
        let error = await bricksError { _ = try await readAll(socket) }
        guard case .webSocketClosed(let code, let reason)? = error?.reason else {
            Issue.record("expected webSocketClosed, got \(String(describing: error))")
            return
        }
        #expect(code.rawValue == 4001)
        #expect(reason == "room closed")
        #expect(error?.request?.endpoint == "TextSocket")
    }

    @Test func closingFromTheAppEndsTheMessagesAndLaterSendsFail() async throws {
        let socket = try await session.connect(to: TextSocket(target: "/echo"))
        let reader = Task { try await readAll(socket) }
        await socket.close(code: .goingAway, reason: "bye")
        #expect(try await reader.value.isEmpty)
        let error = await bricksError { try await socket.send("late") }
        #expect(error != nil)
    }

    @Test func aDroppedConnectionWithoutReconnectionThrows() async throws {
        let socket = try await session.connect(to: TextSocket(target: "/drop?after=1"))
        try await socket.send("one")
        var reads = socket.messages.makeAsyncIterator()
        #expect(try await reads.next() == "one")
        let error = await bricksError { _ = try await readAll(socket) }
        guard case .webSocketClosed(let code, _)? = error?.reason else {
            Issue.record("expected webSocketClosed, got \(String(describing: error))")
            return
        }
        #expect(code == .abnormalClosure)
        // A send after the end is refused, not dropped unseen.
        let late = await bricksError { try await socket.send("late") }
        #expect(late != nil)
    }

    @Test func cancellingAReaderThatWaitsEndsItPromptly() async throws {
        let socket = try await session.connect(to: TextSocket(target: "/echo"))
        let reader = Task {
            var reads = socket.messages.makeAsyncIterator()
            return try await reads.next()
        }
        try await Task.sleep(for: .milliseconds(200))  // the reader is waiting: nothing was sent
        reader.cancel()
        let error = await bricksError { _ = try await reader.value }
        guard case .cancelled? = error?.reason else {
            Issue.record("expected cancelled, got \(String(describing: error))")
            return
        }
    }

    @Test func aRefusedHandshakeThrowsTheStatusAndBody() async throws {
        let error = await bricksError { _ = try await session.connect(to: TextSocket(target: "/status/503")) }
        #expect(error?.statusCode == 503)
        guard case .unacceptableStatus(_, let body)? = error?.reason else { return }
        #expect(String(decoding: body, as: UTF8.self) == "refused with 503\n")
    }

    @Test func aTokenRejectedAtTheHandshakeIsRefreshed() async throws {
        let tokens = TokenStore(token: "expired") { _ in "good" }
        let authorized = Session(transport: transport, middleware: [AuthorizationMiddleware(tokens: tokens)])
        let socket = try await authorized.connect(to: TextSocket(target: "/auth"))
        try await socket.send("in")
        var reads = socket.messages.makeAsyncIterator()
        #expect(try await reads.next() == "in")
        await socket.close()
    }

    @Test func theHandshakeCarriesTheMiddlewaresHeadersAndTheSubprotocol() async throws {
        let authorized = Session(transport: transport, middleware: [AuthorizationMiddleware(bearer: { "good" })])
        let socket = try await authorized.connect(
            to: TextSocket(target: "/headers", settings: WebSocketSettings(subprotocols: ["chat.v1"])))
        var reads = socket.messages.makeAsyncIterator()
        let headers = try JSONDecoder().decode([String: String].self, from: Data(try #require(try await reads.next()).utf8))
        #expect(headers["Authorization"] == "Bearer good")
        #expect(headers["Sec-WebSocket-Protocol"] == "chat.v1")
        #expect(socket.handshake.value(forHTTPHeaderField: "Sec-WebSocket-Protocol") == "chat.v1")
        await socket.close()
    }

    @Test func aConnectionTheServerDropsReconnectsAndRunsTheHook() async throws {
        let key = UUID().uuidString
        let endpoint = TextSocket(target: "/resume/\(key)", settings: WebSocketSettings(reconnection: quickReconnection))
        let socket = try await session.connect(to: endpoint) { ["resubscribed"] }
        let received = try await withHangGuard {
            var received: [String] = []
            for try await message in socket.messages {
                received.append(message)
                if message == "resubscribed" { try await socket.send("done") }
            }
            return received
        }
        #expect(received == ["first", "again 2", "resubscribed"])
    }

    @Test func aPolicyViolationIsNotReconnected() async throws {
        let endpoint = TextSocket(target: "/close?code=1008", settings: WebSocketSettings(reconnection: quickReconnection))
        let socket = try await session.connect(to: endpoint)
        let error = await bricksError { _ = try await readAll(socket) }
        guard case .webSocketClosed(let code, _)? = error?.reason else {
            Issue.record("expected webSocketClosed, got \(String(describing: error))")
            return
        }
        #expect(code == .policyViolation)
    }

    @Test func manyConnectionsAtOnce() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let socket = try await session.connect(to: TextSocket(target: "/echo"))
                    try await socket.send("connection \(index)")
                    var reads = socket.messages.makeAsyncIterator()
                    #expect(try await reads.next() == "connection \(index)")
                    await socket.close()
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func sendsFromSeveralTasksAllComeBack() async throws {
        let socket = try await session.connect(to: TextSocket(target: "/echo"))
        let reader = Task {
            var received = Set<String>()
            for try await message in socket.messages {
                received.insert(message)
                if received.count == 200 { break }
            }
            return received
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<10 {
                group.addTask {
                    for index in 0..<20 { try await socket.send("\(task)-\(index)") }
                }
            }
            try await group.waitForAll()
        }
        let received = try await withHangGuard { try await reader.value }
        #expect(received.count == 200)
        await socket.close()
    }

    @Test func aSlowReaderOfAFloodKeepsMemoryBounded() async throws {
        // 100,000 messages of 1 KiB: about 100 MiB if they were all taken in.
        let socket = try await session.connect(to: TextSocket(target: "/flood?count=100000&size=1024"))
        var reads = socket.messages.makeAsyncIterator()
        #expect(try await reads.next() == String(0).leftPadded(to: 1024))
        let before = WebSocketServer.residentMiB()
        try await Task.sleep(for: .seconds(1))  // the server writes as fast as the socket lets it
        let growth = WebSocketServer.residentMiB() - before
        #expect(growth < 32, "resident memory grew \(growth) MiB while the reader waited")
        var count = 1
        var inOrder = true
        while let message = try await reads.next() {
            if message != String(count).leftPadded(to: 1024) { inOrder = false }
            count += 1
        }
        #expect(count == 100_000)
        #expect(inOrder)
        print("WebSocket slow-reader flood: resident memory grew \(String(format: "%.1f", growth)) MiB in 1 s of not reading")
    }

    /// Issue 54 over a real socket: a reader that sleeps between receives, a server that writes as
    /// fast as TCP lets it, and a keepalive far shorter than the time a pong waits behind the
    /// messages not yet read (a few MiB in the kernel's buffers, read at about 10 MB/s). The
    /// keepalive must not fail the connection while the transport holds back reads, every message
    /// must arrive in order, and memory must stay near the 64 KiB incoming buffer, not the flood.
    ///
    /// Before the keepalive counted messages arriving as a sign of a backlog, the connection ended
    /// in `pingTimedOut` after 3,973 of 10,000 messages on a quiet machine: the inbox reads again
    /// once half of it is taken, so reads were not held back between refills while the pong still
    /// waited behind MiBs in the kernel's buffers.
    @Test func aSlowReaderWithAShortKeepaliveGetsEveryMessageInOrder() async throws {
        try await slowReaderWithAShortKeepalive()
    }

    private func slowReaderWithAShortKeepalive() async throws {
        // 10,000 messages of 4 KiB: about 40 MiB if they were all taken in.
        let count = 10_000
        let size = 4096
        let settings = WebSocketSettings(
            incomingBufferSize: 64 * 1024, keepalive: WebSocketKeepalive(interval: .milliseconds(20), timeout: .milliseconds(100)))
        let socket = try await session.connect(to: TextSocket(target: "/flood?count=\(count)&size=\(size)", settings: settings))
        let before = WebSocketServer.residentMiB()
        let (received, inOrder, growth) = try await withHangGuard {
            var received = 0
            var inOrder = true
            var growth = 0.0
            do {
                for try await message in socket.messages {
                    if message != String(received).leftPadded(to: size) { inOrder = false }
                    received += 1
                    if received % 4 == 0 { try await Task.sleep(for: .milliseconds(1)) }  // slower than the server
                    if received % 500 == 0 { growth = Swift.max(growth, WebSocketServer.residentMiB() - before) }
                }
            } catch {
                print("WebSocket slow reader, 20 ms keepalive: failed after \(received) of \(count) messages: \(error)")
                throw error
            }
            return (received, inOrder, growth)
        }
        #expect(received == count)
        #expect(inOrder)
        #expect(socket.closure == WebSocketClose(code: .normalClosure, reason: "flood over", byServer: true))
        #expect(growth < 16, "resident memory grew \(growth) MiB while a slow reader read a 40 MiB flood")
        print("WebSocket slow reader, 20 ms keepalive: \(received) of \(count) messages, in order: \(inOrder), resident memory grew at most \(String(format: "%.1f", growth)) MiB")
    }
}

extension String {
    /// This string with zeros in front, to `length` characters (as Python's `zfill`).
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: Swift.max(length - count, 0)) + self
    }
}
