import AsyncHTTPClient
import Bricks
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket

extension AsyncHTTPClientTransport: WebSocketTransport {
    /// Opens a WebSocket connection with SwiftNIO's `NIOWebSocket`, on the client's event loops and
    /// with the TLS configuration of its HTTP requests (the same trust roots): the configuration
    /// this transport made its client with, or the system's trust for a client passed to
    /// ``init(client:)``.
    ///
    /// The connection is checked against RFC 6455 frame by frame: masked frames, reserved bits and
    /// opcodes, control frames over 125 bytes, fragments out of order, text that is not UTF-8 and
    /// close codes that may not be sent each close it with an error that names the breach. A
    /// message is joined from its frames only up to the context's size limit; once the messages
    /// waiting for the reader hold ``CallContext/incomingBufferSize`` bytes, the socket
    /// is not read until the reader takes some.
    /// - Throws: ``BricksError`` when no answer to the handshake arrives.
    public func openWebSocket(_ head: RequestHead, context: CallContext) async throws -> WebSocketUpgrade {
        let secure: Bool
        switch head.scheme.lowercased() {
        case "http", "ws": secure = false
        case "https", "wss": secure = true
        default: throw BricksError(.invalidURL("a WebSocket connects to an http, https, ws or wss URL, not \(head.scheme)"))
        }
        let url = try head.makeURL()
        guard let host = url.host, !host.isEmpty else { throw BricksError(.invalidURL("the URL has no host")) }
        let port = url.port ?? (secure ? 443 : 80)
        let tls = try secure ? NIOSSLContext(configuration: tlsConfiguration ?? Self.closingTLSConfiguration) : nil
        let requestHead = Self.handshakeHead(head, host: host, port: port, secure: secure)
        let maximumFrameSize = Swift.min(Swift.max(context.maximumMessageSize, 125), Int(UInt32.max))
        let maximumMessageSize = context.maximumMessageSize
        let bufferSize = context.incomingBufferSize
        let eventLoop = client.eventLoopGroup.next()
        let refusal = RefusedHandshakeCollector(reply: eventLoop.makePromise())
        // Every path but a refusal leaves the collector's promise unused: NIO wants it completed.
        defer { refusal.abandon() }

        var bootstrap = ClientBootstrap(group: eventLoop)
        if let deadline = context.deadline {
            let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
            let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            let sum = nanoseconds.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
            let total = nanoseconds.overflow || sum.overflow ? Int64.max : sum.partialValue
            bootstrap = bootstrap.connectTimeout(.nanoseconds(Swift.max(total, 1)))
        }
        let channel: any Channel
        let upgraded: EventLoopFuture<HandshakeResult>
        do {
            (channel, upgraded) = try await bootstrap.channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        let name = Self.isIPAddress(host) ? nil : host
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: name))
                    }
                }
            }.connect(host: host, port: port).flatMap { channel in
                channel.eventLoop.makeCompletedFuture {
                    // In front of the HTTP handlers: see HandshakeEndDeferral for why.
                    let deferral = NIOLoopBound(HandshakeEndDeferral(), eventLoop: channel.eventLoop)
                    try channel.pipeline.syncOperations.addHandler(deferral.value)
                    let upgrader = NIOTypedWebSocketClientUpgrader<HandshakeResult>(
                        maxFrameSize: maximumFrameSize, enableAutomaticErrorHandling: false
                    ) { channel, response in
                        channel.eventLoop.makeCompletedFuture {
                            let inbox = WebSocketInbox(bufferSize: bufferSize)
                            let handler = WebSocketFrameHandler(maximumMessageSize: maximumMessageSize, inbox: inbox)
                            try channel.pipeline.syncOperations.addHandler(handler)
                            deferral.value.handshakeEnded(on: channel)
                            return .upgraded(response, NIOLoopBound(handler, eventLoop: channel.eventLoop), inbox)
                        }
                    }
                    var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
                        upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                            upgradeRequestHead: requestHead, upgraders: [upgrader]
                        ) { channel in
                            channel.eventLoop.makeCompletedFuture {
                                try channel.pipeline.syncOperations.addHandler(refusal)
                                deferral.value.handshakeEnded(on: channel)
                                return .refused
                            }
                        })
                    // The frames a server sends right behind its 101, in the same read, are the
                    // connection's first: SwiftNIO's default drops them when the decoder leaves.
                    configuration.leftOverBytesStrategy = .forwardBytes
                    let upgraded = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: configuration)
                    return (channel, upgraded)
                }
            }.get()
        } catch {
            throw BricksError(sending: error)
        }
        do {
            let result = try await withTaskCancellationHandler {
                try await upgraded.get()
            } onCancel: {
                channel.close(promise: nil)
            }
            switch result {
            case .upgraded(let response, let handler, let inbox):
                let link = NIOWebSocketLink(channel: channel, handler: handler, inbox: inbox)
                return .accepted(ResponseHead(response, url: url), link)
            case .refused:
                let (response, body) = try await withTaskCancellationHandler {
                    try await refusal.reply.get()
                } onCancel: {
                    channel.close(promise: nil)
                }
                channel.close(promise: nil)
                return .rejected(RawResponse(head: ResponseHead(response, url: url), body: ResponseBody(body)))
            }
        } catch {
            channel.close(promise: nil)
            if Task.isCancelled { throw BricksError(.cancelled) }
            if let error = error as? NIOHTTPClientUpgradeError, error == .upgraderDeniedUpgrade {
                throw BricksError(.invalidResponse(
                    "the server answered the WebSocket handshake with 101 but a Sec-WebSocket-Accept that does not match the key"))
            }
            throw BricksError(sending: error)
        }
    }

    /// The handshake's HTTP head: the request's target and fields, with `Host`.
    private static func handshakeHead(_ head: RequestHead, host: String, port: Int, secure: Bool) -> HTTPRequestHead {
        var headers = HTTPHeaders(head.headerFields)
        if !headers.contains(name: "Host") {
            let name = host.contains(":") ? "[\(host)]" : host
            headers.add(name: "Host", value: port == (secure ? 443 : 80) ? name : "\(name):\(port)")
        }
        return HTTPRequestHead(version: .http1_1, method: .GET, uri: head.target, headers: headers)
    }

    private static func isIPAddress(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}

/// How the handshake ended: upgraded, or answered with another status.
enum HandshakeResult: Sendable {
    case upgraded(HTTPResponseHead, NIOLoopBound<WebSocketFrameHandler>, WebSocketInbox)
    case refused
}

/// Collects the head and the body (up to 1 MiB) of a reply that refused the handshake.
final class RefusedHandshakeCollector: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPClientResponsePart

    /// The most body bytes kept; the session keeps at most its own limit of them.
    static let maximumBody = 1 << 20
    private let promise: EventLoopPromise<(HTTPResponseHead, Data)>
    private let state = NIOLockedValueBox<(head: HTTPResponseHead?, body: Data, done: Bool)>((nil, Data(), false))

    /// - Parameter reply: completed with the reply once its end arrived (or the connection ended).
    init(reply: EventLoopPromise<(HTTPResponseHead, Data)>) { promise = reply }

    /// The reply's head and body.
    var reply: EventLoopFuture<(HTTPResponseHead, Data)> { promise.futureResult }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            state.withLockedValue { $0.head = head }
        case .body(let buffer):
            state.withLockedValue { state in
                let room = Self.maximumBody - state.body.count
                if room > 0 { state.body.append(contentsOf: buffer.readableBytesView.prefix(room)) }
            }
        case .end:
            complete()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        complete()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        complete()
        context.close(promise: nil)
    }

    /// Completes the reply, if it is still open, with a failure: the handshake did not need it.
    func abandon() {
        let wasDone = state.withLockedValue { state in
            defer { state.done = true }
            return state.done
        }
        if !wasDone { promise.fail(ChannelError.alreadyClosed) }
    }

    private func complete() {
        let (head, body, wasDone) = state.withLockedValue { state in
            defer { state.done = true }
            return (state.head, state.body, state.done)
        }
        guard !wasDone else { return }
        if let head {
            promise.succeed((head, body))
        } else {
            promise.fail(BricksError(.transport(TransportError(.connectionClosed))))
        }
    }
}
