import Foundation

/// The innermost layer of every ``Session``: the policy that applies to every transport alike.
///
/// It checks the header fields a layer added or changed, keeps the whole-exchange deadline,
/// follows redirects under the ``RedirectPolicy``, applies the ``ResponseLimits``, collects the
/// body for whole-body calls and maps every failure to a ``BricksError`` that names the call. The transport below it only
/// sends one request and hands back the head and the body as they arrive.
struct SessionCore: Sendable {
    let transport: any HTTPTransport
    let redirectPolicy: RedirectPolicy

    /// Sends `head` and `body` through the transport, following redirects, within the deadline.
    ///
    /// For a whole-body call the body is collected inside the deadline and the response comes
    /// back with a buffered body; for a streamed call (``CallContext/bodyMode``) the
    /// deadline ends with the head and the body comes back unread, counted against the limit.
    func send(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        do {
            let deadline = try Deadline(for: context)
            let exchangeContext = deadline.context(for: head, from: context)
            if deadline.runsInline(transportStops: transport.stopsAtDeadline) {
                // The common case, called without a closure or a task between: each is a frame.
                return try await deadline.inline {
                    try await exchange(head, body: body, context: exchangeContext, call: context)
                }
            }
            return try await deadline.watched {
                try await self.exchange(head, body: body, context: exchangeContext, call: context)
            }
        } catch {
            // Named after the request in flight: `exchange` names a redirect's target itself.
            throw context.failure(error, request: head)
        }
    }

    /// Sends `head` and each redirect the policy allows, and the response that is not followed
    /// with its body: collected and checked for a whole-body call, limited for a streamed one.
    /// Once a redirect is followed, its errors name the request in flight. Inlined into
    /// ``send(_:body:context:)``: each async call is a frame.
    @inline(__always)
    private func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext, call: CallContext)
        async throws -> RawResponse
    {
        var current = head
        var currentBody = body
        var redirects = 0
        do {
            try current.headerFields.check()  // a no-op unless a layer added or changed a field
            while true {
                let response = try await transport.exchange(current, body: currentBody, context: context)
                try context.checkHead(response.head)
                guard redirectPolicy.follows(response.head.statusCode), let next = try redirectPolicy.redirect(
                    after: current, body: currentBody, response: response.head, secretHeaders: context.secretHeaderNames)
                else {
                    // A body the transport collected already needs no async call (a frame).
                    if context.bodyMode == .collected, let data = response.body.bufferedData {
                        try context.checkBodySize(Int64(data.count))
                        return response
                    }
                    return try await withBody(response, context: context, call: call, request: current)
                }
                redirects += 1
                guard redirects <= redirectPolicy.maximumRedirects else {
                    throw BricksError(.tooManyRedirects(
                        count: redirectPolicy.maximumRedirects, lastLocation: next.head.urlString))
                }
                if let sent = next.body, !sent.isReplayable {
                    // A 307 or 308 sends the body again, which only a replayable body can.
                    throw BricksError(.invalidRequest(
                        "the server redirected with \(response.head.statusCode), which needs the body sent again, but it was a one-shot stream"))
                }
                current = next.head
                try current.headerFields.check()  // a redirect only removes fields: a no-op
                currentBody = next.body
            }
        } catch where redirects > 0 {
            throw call.failure(error, request: current)
        }
    }

    /// The response with its body as the call reads it: for a whole-body call collected (inside
    /// the deadline) and checked against the limit; for a streamed call unread, counted against
    /// the limit as it is read. A body the transport collected already is checked by the caller.
    private func withBody(_ response: RawResponse, context: CallContext, call: CallContext, request: RequestHead)
        async throws -> RawResponse
    {
        if context.bodyMode == .streamed {
            return RawResponse(head: response.head, body: limited(response.body, by: context, context: call, request: request))
        }
        let length = response.head.expectedContentLength
        let data = try await response.body.collect(
            within: context, expectedLength: length > 0 && length <= Int64(Int.max) ? Int(length) : nil)
        return RawResponse(head: response.head, body: ResponseBody(data))
    }

    /// A streamed body that fails with ``BricksError/Reason/responseTooLarge(limit:)`` once more
    /// than `limit` bytes are read, and whose errors name the call.
    private func limited(
        _ body: ResponseBody, by limit: CallContext, context: CallContext, request: RequestHead
    ) -> ResponseBody {
        let reader = LimitedReader(body.makeAsyncIterator(), limit: limit)
        return ResponseBody { @Sendable in
            do {
                return try await reader.next()
            } catch {
                throw context.failure(error, request: request)
            }
        }
    }
}

/// Reads a body's chunks, counting the bytes against a limit.
///
/// `@unchecked Sendable`: a body has one reader, which calls ``next()`` from one task at a time.
private final class LimitedReader: @unchecked Sendable {
    private var iterator: ResponseBody.AsyncIterator
    private var count: Int64 = 0
    private let limit: CallContext

    init(_ iterator: ResponseBody.AsyncIterator, limit: CallContext) {
        self.iterator = iterator
        self.limit = limit
    }

    func next() async throws -> Data? {
        guard let chunk = try await iterator.next() else { return nil }
        count += Int64(chunk.count)
        try limit.checkBodySize(count)
        return chunk
    }
}
