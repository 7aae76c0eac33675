import Bricks
import Foundation
import NIOCore
import NIOWebSocket

/// The WebSocket side of an open connection, on its event loop: joins frames into messages within
/// the size limit, checks every frame against RFC 6455, answers pings, matches pongs, hands the
/// messages to the reader through the connection's ``WebSocketInbox``, and holds back the socket's
/// reads while that is full.
///
/// Every member runs on the channel's event loop; ``NIOWebSocketLink`` reaches it through
/// `NIOLoopBound`.
final class WebSocketFrameHandler: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let maximumMessageSize: Int
    /// Where the messages wait for the reader, and the end after them.
    let inbox: WebSocketInbox
    /// The most frames one message may be split into: a flood of empty fragments costs no memory
    /// but would keep the connection busy forever.
    static let maximumFragments = 100_000

    private var context: ChannelHandlerContext?
    /// Whether the connection has ended (the inbox holds how).
    private var ended = false
    private var pings: CircularBuffer<EventLoopPromise<Void>> = []
    /// The message being joined from its fragments.
    private var partial: (opcode: WebSocketOpcode, data: ByteBuffer, fragments: Int)?
    /// Whether this side has sent its close frame.
    private var closeSent = false

    init(maximumMessageSize: Int, inbox: WebSocketInbox) {
        self.maximumMessageSize = maximumMessageSize
        self.inbox = inbox
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    /// The pipeline lets go of its handlers only when the channel is torn down: if the end has not
    /// been seen by then (it went by before this handler joined, say), it is now.
    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        finish(.success(.closed(.abnormalClosure, reason: "the connection ended without a close frame")))
    }

    // MARK: The reader's side

    /// Reads from the socket again: the reader took half of a full inbox.
    func resumeReading() {
        context?.read()
    }

    /// Sends a ping; the future succeeds when its pong arrives.
    func ping(on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
        guard !ended, let context else { return eventLoop.makeFailedFuture(Self.closedError) }
        let promise = eventLoop.makePromise(of: Void.self)
        pings.append(promise)
        var data = context.channel.allocator.buffer(capacity: 8)
        data.writeInteger(UInt64.random(in: 0...UInt64.max))
        context.writeAndFlush(wrapOutboundOut(Self.frame(.ping, data)), promise: nil)
        return promise.futureResult
    }

    /// Sends a close frame (once), and closes the socket when the peer answers or after `wait`.
    func close(code: WebSocketCloseCode, reason: String, wait: TimeAmount) -> EventLoopFuture<Void>? {
        guard let context else { return nil }
        if !ended { finish(.success(.closed(code, reason: reason))) }
        sendClose(code: code, reason: reason, context: context)
        let channel = context.channel
        let timer = channel.eventLoop.scheduleTask(in: wait) { channel.close(promise: nil) }
        channel.closeFuture.whenComplete { _ in timer.cancel() }
        return channel.closeFuture
    }

    // MARK: Frames from the server

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        guard !ended || frame.opcode == .connectionClose else { return }
        do {
            try handle(frame, context: context)
        } catch let failure as ProtocolFailure {
            fail(failure, context: context)
        } catch {
            fail(ProtocolFailure(.protocolError, BricksError(mapping: error)), context: context)
        }
    }

    func read(context: ChannelHandlerContext) {
        if !inbox.holdsBackRead() { context.read() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(.success(.closed(.abnormalClosure, reason: "the connection ended without a close frame")))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketError.invalidFrameLength:
            fail(ProtocolFailure(.messageTooBig, BricksError(.messageTooLarge(limit: maximumMessageSize))), context: context)
        case NIOWebSocketError.multiByteControlFrameLength:
            fail(.violation("the server sent a control frame longer than 125 bytes"), context: context)
        case NIOWebSocketError.fragmentedControlFrame:
            fail(.violation("the server sent a fragmented control frame"), context: context)
        default:
            finish(.failure(BricksError(sending: error)))
            context.close(promise: nil)
        }
    }

    private func handle(_ frame: WebSocketFrame, context: ChannelHandlerContext) throws {
        if frame.maskKey != nil { throw ProtocolFailure.violation("the server sent a masked frame (RFC 6455 §5.1)") }
        if frame.rsv1 || frame.rsv2 || frame.rsv3 {
            throw ProtocolFailure.violation("the server set a reserved bit of a frame without an extension that defines it")
        }
        switch frame.opcode {
        case .text, .binary:
            guard partial == nil else {
                throw ProtocolFailure.violation("the server began a new message before finishing a fragmented one")
            }
            try checkSize(frame.data.readableBytes)
            if frame.fin {
                try deliver(opcode: frame.opcode, data: frame.data, context: context)
            } else {
                partial = (frame.opcode, frame.data, 1)
            }
        case .continuation:
            guard var message = partial else {
                throw ProtocolFailure.violation("the server sent a continuation frame outside a fragmented message")
            }
            partial = nil  // while it is changed: no copy of its buffer
            try checkSize(message.data.readableBytes + frame.data.readableBytes)
            message.fragments += 1
            guard message.fragments <= Self.maximumFragments else {
                throw ProtocolFailure.violation("the server split one message into more than \(Self.maximumFragments) frames")
            }
            var data = frame.data
            message.data.writeBuffer(&data)
            if frame.fin {
                try deliver(opcode: message.opcode, data: message.data, context: context)
            } else {
                partial = message
            }
        case .ping:
            context.writeAndFlush(wrapOutboundOut(Self.frame(.pong, frame.data)), promise: nil)
        case .pong:
            pings.popFirst()?.succeed()
        case .connectionClose:
            try receiveClose(frame.data, context: context)
        default:
            throw ProtocolFailure.violation("the server sent a frame with the reserved opcode \(frame.opcode)")
        }
    }

    private func checkSize(_ count: Int) throws {
        if count > maximumMessageSize {
            throw ProtocolFailure(.messageTooBig, BricksError(.messageTooLarge(limit: maximumMessageSize)))
        }
    }

    private func deliver(opcode: WebSocketOpcode, data: ByteBuffer, context: ChannelHandlerContext) throws {
        let message: WebSocketMessage
        if opcode == .text {
            guard let text = Self.utf8(data) else {
                throw ProtocolFailure(
                    .invalidFramePayloadData,
                    BricksError(.invalidResponse("the server sent a text message that is not valid UTF-8")))
            }
            message = .text(text)
        } else {
            message = .binary(data.withUnsafeReadableBytes { Data($0) })
        }
        inbox.deliver(message)
    }

    private func receiveClose(_ payload: ByteBuffer, context: ChannelHandlerContext) throws {
        var payload = payload
        let event: WebSocketEvent
        switch payload.readableBytes {
        case 0:
            event = .closed(.noStatusReceived, reason: "")
        case 1:
            throw ProtocolFailure.violation("the server sent a close frame with a one-byte body")
        default:
            let code = WebSocketCloseCode(rawValue: payload.readInteger(as: UInt16.self) ?? 0)
            guard code.isSendable else {
                throw ProtocolFailure.violation("the server closed with the code \(code.rawValue), which may not be sent")
            }
            guard let reason = Self.utf8(payload) else {
                throw ProtocolFailure(
                    .invalidFramePayloadData,
                    BricksError(.invalidResponse("the server's close reason is not valid UTF-8")))
            }
            event = .closed(code, reason: reason)
        }
        if case .closed(let code, _) = event, !ended {
            finish(.success(event))
            sendClose(code: code == .noStatusReceived ? .normalClosure : code, reason: "", context: context)
        }
        context.close(promise: nil)
    }

    // MARK: Ending

    /// Ends the connection for a protocol failure: a close frame with its code, then the socket.
    private func fail(_ failure: ProtocolFailure, context: ChannelHandlerContext) {
        partial = nil
        finish(.failure(failure.error))
        sendClose(code: failure.code, reason: "", context: context)
        context.close(promise: nil)
    }

    private func sendClose(code: WebSocketCloseCode, reason: String, context: ChannelHandlerContext) {
        guard !closeSent, context.channel.isActive else { return }
        closeSent = true
        var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.writeInteger(code.isSendable ? code.rawValue : WebSocketCloseCode.normalClosure.rawValue)
        // A close frame's body is at most 125 bytes: the code and 123 of reason, whole characters.
        var reason = Substring(reason)
        while reason.utf8.count > 123 { reason.removeLast() }
        data.writeString(String(reason))
        context.writeAndFlush(wrapOutboundOut(Self.frame(.connectionClose, data)), promise: nil)
    }

    private func finish(_ result: Result<WebSocketEvent, BricksError>) {
        guard !ended else { return }
        ended = true
        inbox.finish(result)
        let failure = Self.closedError
        while let ping = pings.popFirst() { ping.fail(failure) }
    }

    /// A frame from this side: final, masked with a fresh key (RFC 6455 §5.3).
    static func frame(_ opcode: WebSocketOpcode, _ data: ByteBuffer) -> WebSocketFrame {
        WebSocketFrame(fin: true, opcode: opcode, maskKey: .random(), data: data)
    }

    static var closedError: BricksError {
        BricksError(.transport(TransportError(.connectionClosed, detail: "the WebSocket connection is closed")))
    }

    /// `buffer`'s bytes as a string, or `nil` when they are not valid UTF-8: the standard library's check,
    /// a pass over the bytes in memory.
    static func utf8(_ buffer: ByteBuffer) -> String? {
        buffer.withUnsafeReadableBytes { String(validating: $0.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
    }
}

/// A breach of the protocol by the server: the close code to answer with, and the error for the reader.
struct ProtocolFailure: Error {
    let code: WebSocketCloseCode
    let error: BricksError

    init(_ code: WebSocketCloseCode, _ error: BricksError) {
        self.code = code
        self.error = error
    }

    static func violation(_ what: String) -> ProtocolFailure {
        ProtocolFailure(.protocolError, BricksError(.invalidResponse(what)))
    }
}
