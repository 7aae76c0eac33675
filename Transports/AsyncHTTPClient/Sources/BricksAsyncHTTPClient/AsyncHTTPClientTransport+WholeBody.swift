import AsyncHTTPClient
import Bricks
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

extension AsyncHTTPClientTransport {
    /// A whole-body call in one step, the fast path of `Session.send`: AsyncHTTPClient's delegate
    /// API with a ``WholeBodyCollector`` collects the body on the event loop, refuses it past the
    /// context's limits (the head through `CallContext.checkHead`, the bytes as they arrive
    /// through `checkBodySize`), and the context's deadline covers the body too.
    /// One resumption per request, no stream of chunks to hand over.
    /// - Parameters:
    ///   - head: the request's head.
    ///   - data: the body's bytes, or `nil` for none.
    ///   - context: the exchange's deadline and body size limit.
    func exchangeWhole(_ head: RequestHead, data: Data?, context: CallContext) async throws -> RawResponse {
        // Made once, for the request and the response head.
        let url = try head.makeURL()
        let wireRequest = try HTTPClient.Request(head, url: url, data: data)
        let collector = WholeBodyCollector(context: context, url: url)
        let task = client.execute(request: wireRequest, delegate: collector, deadline: context.deadline.map(Self.nioDeadline))
        let collected: WholeBodyCollector.Response
        do {
            let resumed = try await withTaskCancellationHandler {
                try await task.get()
            } onCancel: {
                task.cancel()
            }
            // The same value, taken again through the collector's lock: see `WholeBodyCollector.finished`.
            collected = collector.finished ?? resumed
        } catch {
            // The collector's refusal is a BricksError already (responseTooLarge), and stays one.
            throw BricksError(sending: error, duringBody: collector.headArrived)
        }
        if collected.redirected { throw BricksError(.transport(ClientFollowsRedirects())) }
        let responseHead = collected.head
        try responseHead.requireUTF8Fields()
        let body = collected.body.map { Data(buffer: $0, byteTransferStrategy: .automatic) } ?? Data()
        return RawResponse(head: responseHead, body: ResponseBody(body))
    }

    /// The NIO deadline of a `ContinuousClock` instant.
    static func nioDeadline(_ instant: ContinuousClock.Instant) -> NIODeadline {
        let remaining = ContinuousClock.now.duration(to: instant)
        guard remaining > .zero else { return .now() }
        // Deadlines past a year are as good as none, and stay far from Int64's limits.
        let capped = Swift.min(remaining, .seconds(365 * 24 * 3600))
        let (seconds, attoseconds) = capped.components
        return .now() + .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// Collects one response whole on its event loop, refusing a reply over the limits by its head
/// or as its bytes arrive (the core's gate, `CallContext.checkHead` and `checkBodySize`), and
/// remembering whether the head had arrived (so that a connection lost after it reads as a body
/// cut short).
///
/// `@unchecked Sendable`: AsyncHTTPClient calls a delegate on one event loop, one call at a time;
/// `headArrived` is read from elsewhere through its lock.
final class WholeBodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    struct Response: Sendable {
        let head: ResponseHead
        let body: ByteBuffer?
        let redirected: Bool
    }

    /// The exchange's context, whose checks are the one gate for the limits.
    private let context: CallContext
    /// The request's URL, which the response head carries.
    private let url: URL
    private var head: ResponseHead?
    private var body: ByteBuffer?
    private var visits = 0
    private let arrived = NIOLockedValueBox(false)
    private let result = NIOLockedValueBox<Response?>(nil)

    init(context: CallContext, url: URL) {
        self.context = context
        self.url = url
    }

    /// Whether the response head had arrived.
    var headArrived: Bool { arrived.withLockedValue { $0 } }

    /// The response `didFinishRequest` returned, stored there under a lock as well.
    ///
    /// The task's future hands the same value over through a continuation, which is synchronised,
    /// but ThreadSanitizer on Linux does not see that resumption as an ordering
    /// (https://github.com/swiftlang/swift/issues/57803; a 20-line program that resumes a
    /// continuation from a thread with an object it made is reported): reading the head the event
    /// loop decoded (`HTTPResponseHead`'s storage) drew "data race" reports. Taken through this
    /// lock, the event loop's writes are ordered before the reads for the sanitizer too.
    var finished: Response? { result.withLockedValue { $0 } }

    func didVisitURL(task: HTTPClient.Task<Response>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        visits += 1
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        arrived.withLockedValue { $0 = true }
        let head = ResponseHead(head, url: url)
        self.head = head
        do {
            try context.checkHead(head)
        } catch {
            return task.eventLoop.makeFailedFuture(error)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ part: ByteBuffer) -> EventLoopFuture<Void> {
        do {
            try context.checkBodySize(Int64(body?.readableBytes ?? 0) + Int64(part.readableBytes))
        } catch {
            return task.eventLoop.makeFailedFuture(error)
        }
        if var collected = body {
            body = nil  // one reference left, so the write below grows the buffer in place
            var part = part
            collected.writeBuffer(&part)
            body = collected
        } else {
            body = part
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        guard let head else { throw HTTPClientError.remoteConnectionClosed }
        let response = Response(head: head, body: body, redirected: visits > 1)
        result.withLockedValue { $0 = response }
        return response
    }
}
