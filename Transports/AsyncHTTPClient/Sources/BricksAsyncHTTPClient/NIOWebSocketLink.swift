import Bricks
import Foundation

import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// An open WebSocket connection on a SwiftNIO channel: what
/// ``AsyncHTTPClientTransport/openWebSocket(_:context:)`` returns. Its state lives in the
/// channel's ``WebSocketFrameHandler``, reached on the event loop.
final class NIOWebSocketLink: WebSocketLink {
    private let channel: any Channel
    private let handler: NIOLoopBound<WebSocketFrameHandler>
    /// Messages taken from the handler in one batch and not handed out yet: at most one buffer's
    /// worth, since the handler's buffer is taken whole and only by the one reader.
    private let taken = NIOLockedValueBox(CircularBuffer<WebSocketEvent>())

    init(channel: any Channel, handler: NIOLoopBound<WebSocketFrameHandler>) {
        self.channel = channel
        self.handler = handler
    }

    func send(_ message: WebSocketMessage) async throws {
        let frame: WebSocketFrame
        switch message {
        case .text(let text):
            frame = WebSocketFrameHandler.frame(.text, channel.allocator.buffer(string: text))
        case .binary(let data):
            frame = WebSocketFrameHandler.frame(.binary, channel.allocator.buffer(bytes: data))
        }
        do {
            // Completes once the frame is written to the socket: a full socket makes it wait.
            try await channel.writeAndFlush(frame).get()
        } catch {
            throw Self.failure(error)
        }
    }

    func receive() async throws -> WebSocketEvent {
        if let event = taken.withLockedValue({ $0.popFirst() }) { return event }
        let handler = handler
        let eventLoop = channel.eventLoop
        var events = try await withTaskCancellationHandler {
            try await eventLoop.flatSubmit { handler.value.nextEvents(on: eventLoop) }.get()
        } onCancel: {
            eventLoop.execute { handler.value.cancelRead() }
        }
        guard !events.isEmpty else { return try await receive() }
        let first = events.removeFirst()
        if !events.isEmpty { taken.withLockedValue { $0.append(contentsOf: events) } }
        return first
    }

    func ping() async throws {
        let handler = handler
        let eventLoop = channel.eventLoop
        do {
            try await eventLoop.flatSubmit { handler.value.ping(on: eventLoop) }.get()
        } catch {
            throw Self.failure(error)
        }
    }

    func close(code: WebSocketCloseCode, reason: String) async {
        let handler = handler
        let channel = channel
        let closed = try? await channel.eventLoop.submit {
            handler.value.close(code: code, reason: reason, wait: .seconds(2))
        }.get()
        if let closed {
            try? await closed.get()
        } else {
            try? await channel.close()
        }
    }

    /// `error` as a BricksError: a write on a closed channel says the connection is closed.
    private static func failure(_ error: any Error) -> BricksError {
        if let error = error as? ChannelError, error == .ioOnClosedChannel || error == .alreadyClosed {
            return WebSocketFrameHandler.closedError
        }
        return BricksError(sending: error)
    }
}
