import AsyncHTTPClient
import Bricks
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension AsyncHTTPClientTransport {
    /// A whole-body call in one step, the fast path of `Session.send`: AsyncHTTPClient's delegate
    /// API with a `ResponseAccumulator` collects the body on the event loop, refuses it past the
    /// core's limit (on `Content-Length` or as bytes arrive), and its deadline covers the body too.
    /// One resumption per request, no stream of chunks to hand over.
    func exchangeWhole(_ request: URLRequest, url: URL, data: Data?, deadline: ExchangeDeadline) async throws
        -> RawResponse
    {
        let wireRequest = try HTTPClient.Request(request, url: url, data: data)
        let collector = WholeBodyCollector(limit: deadline.bodyLimit)
        let task = client.execute(request: wireRequest, delegate: collector, deadline: Self.nioDeadline(deadline.instant))
        let collected: WholeBodyCollector.Response
        do {
            collected = try await withTaskCancellationHandler {
                try await task.get()
            } onCancel: {
                task.cancel()
            }
        } catch is WholeBodyCollector.TooLarge {
            throw BricksError(.responseTooLarge(limit: deadline.bodyLimit))
        } catch {
            throw BricksError(sending: error, duringBody: collector.headArrived)
        }
        if collected.redirected { throw BricksError(.transport(ClientFollowsRedirects())) }
        let head = ResponseHead(collected.head, url: url)
        try head.requireUTF8Fields()
        let body = collected.body.map { Data(buffer: $0, byteTransferStrategy: .automatic) } ?? Data()
        return RawResponse(head: head, body: ResponseBody(body))
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

extension HTTPClient.Request {
    /// Converts a `URLRequest`'s method, URL and header fields, with `data` as the body.
    /// - Throws: ``BricksError`` for a method that is not a token; AsyncHTTPClient's error for a
    ///   URL it cannot send to.
    init(_ request: URLRequest, url: URL, data: Data?) throws {
        let method = request.httpMethod ?? "GET"
        guard Bricks.HTTPMethod(rawValue: method) != nil else {
            throw BricksError(.invalidRequest("\"\(method)\" is not a valid HTTP method"))
        }
        var headers = HTTPHeaders()
        if let fields = request.allHTTPHeaderFields {
            headers.reserveCapacity(fields.count)
            for (name, value) in fields { headers.add(name: name, value: value) }
        }
        try self.init(url: url, method: NIOHTTP1.HTTPMethod(rawValue: method), headers: headers, body: data.map { .bytes($0) })
    }
}

/// Collects one response whole on its event loop, refusing a body over the limit on its
/// `Content-Length` or as its bytes arrive, and remembering whether the head had arrived (so
/// that a connection lost after it reads as a body cut short).
///
/// `@unchecked Sendable`: AsyncHTTPClient calls a delegate on one event loop, one call at a time;
/// `headArrived` is read from elsewhere through its lock.
final class WholeBodyCollector: HTTPClientResponseDelegate, @unchecked Sendable {
    struct Response: Sendable {
        let head: HTTPResponseHead
        let body: ByteBuffer?
        let redirected: Bool
    }

    /// The body passed the limit.
    struct TooLarge: Error {}

    private let limit: Int
    private var head: HTTPResponseHead?
    private var body: ByteBuffer?
    private var visits = 0
    private let arrived = NIOLockedValueBox(false)

    init(limit: Int) { self.limit = limit }

    /// Whether the response head had arrived.
    var headArrived: Bool { arrived.withLockedValue { $0 } }

    func didVisitURL(task: HTTPClient.Task<Response>, _ request: HTTPClient.Request, _ head: HTTPResponseHead) {
        visits += 1
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        arrived.withLockedValue { $0 = true }
        self.head = head
        if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > limit {
            return task.eventLoop.makeFailedFuture(TooLarge())
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ part: ByteBuffer) -> EventLoopFuture<Void> {
        let size = (body?.readableBytes ?? 0)
        guard part.readableBytes <= limit - size else { return task.eventLoop.makeFailedFuture(TooLarge()) }
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
        return Response(head: head, body: body, redirected: visits > 1)
    }
}
