import NIOCore

/// Holds the end of the connection back by one turn of the event loop while the handshake's reply
/// is being handed from HTTP to WebSocket frames, so that the frames a server sent right behind its
/// `101` — and then closed the connection — are delivered before the end.
///
/// Why: SwiftNIO's HTTP response decoder hands the bytes it read past the `101` over only when it
/// leaves the pipeline, which its upgrade handler asks for on the reply's end but which happens on
/// a later turn of the event loop; and it drops those bytes instead when the connection's end
/// (`channelInactive`) reaches it first (by design, swift-nio's "Don't invoke left overs strategy
/// on EOF"). When the `101`, the first frames and the end all arrive in one burst of reads, the
/// end did reach it first: the frames were dropped, and the end itself went by before the
/// WebSocket handlers were in the pipeline, so nothing told the reader the connection was over.
///
/// This handler sits in front of the HTTP decoder. Until ``handshakeEnded(on:)`` it passes
/// `channelInactive` on one turn later than it came: by then the decoder's removal (asked for when
/// the reply's end was decoded, necessarily before the connection's end was read) has run, the
/// bytes went to the WebSocket decoder, and the end follows them.
final class HandshakeEndDeferral: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private var deferring = true

    func channelInactive(context: ChannelHandlerContext) {
        guard deferring else { return context.fireChannelInactive() }
        let context = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.value.eventLoop.execute { context.value.fireChannelInactive() }
    }

    /// The handshake is over, one way or the other (called on `channel`'s event loop): passes the
    /// end on at once from now on, and leaves the pipeline while the connection is open (a closed
    /// one takes its handlers down after the end it still holds).
    func handshakeEnded(on channel: any Channel) {
        deferring = false
        if channel.isActive { channel.pipeline.syncOperations.removeHandler(self, promise: nil) }
    }
}
