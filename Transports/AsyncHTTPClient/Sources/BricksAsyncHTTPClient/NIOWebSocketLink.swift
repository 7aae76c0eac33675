import Bricks
import Foundation

import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// An open WebSocket connection on a SwiftNIO channel: what
/// ``AsyncHTTPClientTransport/openWebSocket(_:context:)`` returns. Its state lives in the
/// channel's ``WebSocketFrameHandler``, reached on the event loop, and the received messages in
/// the ``WebSocketInbox`` they share, reached from any task.
///
/// An echo costs one hop each way, as with SwiftNIO's own `NIOAsyncChannel`: a send queues its
/// frame on the event loop without waiting for it while the socket takes more, and a receive
/// takes a waiting message under a lock, or is resumed by the event loop with the next.
final class NIOWebSocketLink: WebSocketLink {
    private let channel: any Channel
    private let handler: NIOLoopBound<WebSocketFrameHandler>
    private let inbox: WebSocketInbox

    init(channel: any Channel, handler: NIOLoopBound<WebSocketFrameHandler>, inbox: WebSocketInbox) {
        self.channel = channel
        self.handler = handler
        self.inbox = inbox
    }

    func send(_ message: WebSocketMessage) async throws {
        let frame: WebSocketFrame
        switch message {
        case .text(let text):
            frame = WebSocketFrameHandler.frame(.text, channel.allocator.buffer(string: text))
        case .binary(let data):
            frame = WebSocketFrameHandler.frame(.binary, channel.allocator.buffer(bytes: data))
        }
        // A closed connection refuses the message rather than dropping it unseen.
        guard channel.isActive, !inbox.hasEnded else { throw WebSocketFrameHandler.closedError }
        if channel.isWritable {
            // Queued behind the frames before it; a write that fails closes the channel, which
            // the reader reports.
            channel.writeAndFlush(frame, promise: nil)
            return
        }
        do {
            // The socket is full: wait until this frame is written (back-pressure).
            try await channel.writeAndFlush(frame).get()
        } catch {
            throw Self.failure(error)
        }
    }

    func receive() async throws -> WebSocketEvent {
        if let event = try handOut(inbox.take()) { return event }
        let inbox = inbox
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { reader in
                let found = inbox.wait(reader)
                if case .nothing = found { return }
                reader.resume(with: Result { try self.handOut(found) ?? .closed(.abnormalClosure, reason: "") })
            }
        } onCancel: {
            inbox.cancelReader()
        }
    }

    /// The event the inbox gave, after asking the event loop for the socket's held-back read when
    /// it is due; `nil` for nothing.
    private func handOut(_ found: WebSocketInbox.Taken) throws -> WebSocketEvent? {
        switch found {
        case .message(let message, let resumeReading):
            if resumeReading {
                let handler = handler
                channel.eventLoop.execute { handler.value.resumeReading() }
            }
            return .message(message)
        case .end(let end):
            return try end.get()
        case .nothing:
            return nil
        }
    }

    /// Whether the socket's reads wait for the reader (the inbox is full): the keepalive's clock
    /// stops meanwhile.
    var isHoldingBackReads: Bool { inbox.isHoldingBackRead }

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
