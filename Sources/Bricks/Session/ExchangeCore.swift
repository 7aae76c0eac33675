import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The innermost layer of every ``Session``: the policy that applies to every transport alike.
///
/// It validates the headers, keeps the whole-exchange deadline, follows redirects under the
/// ``RedirectPolicy``, applies the ``ResponseLimits``, collects the body for whole-body calls and
/// maps every failure to a ``BricksError`` that names the call. The transport below it only
/// sends one request and hands back the head and the body as they arrive.
struct ExchangeCore: Sendable {
    let transport: any HTTPTransport
    let redirectPolicy: RedirectPolicy
    let limits: ResponseLimits

    /// Sends `request` through the transport, following redirects, within the deadline.
    ///
    /// For a whole-body call the body is collected inside the deadline and the response comes
    /// back with a buffered body; for a streamed call (``MiddlewareContext/streamsBody``) the
    /// deadline ends with the head and the body comes back unread, counted against the limit.
    func send(_ request: URLRequest, context: MiddlewareContext) async throws -> RawResponse {
        guard !context.secretHeaderNames.isEmpty else { return try await exchange(request, context: context) }
        // The endpoint's secret header names, for a transport that records (``ExchangeSecrets``).
        return try await ExchangeSecrets.$headerNames.withValue(context.secretHeaderNames) {
            try await exchange(request, context: context)
        }
    }

    /// ``send(_:context:)`` with the secret header names set.
    private func exchange(_ request: URLRequest, context: MiddlewareContext) async throws -> RawResponse {
        // A streamed body (events, downloads) may be long-lived: only the endpoint's own limit applies.
        let bodyLimit = context.maximumBodySize ?? (context.streamsBody ? Int.max : limits.maximumBodySize)
        let location = Locked(request)
        do {
            let deadline = try Deadline(timeoutInterval: request.timeoutInterval, overall: context.deadline)
            if context.streamsBody {
                let response = try await deadline.run(coversBody: false, bodyLimit: bodyLimit, transportStops: transport.stopsAtDeadline) {
                    try await self.follow(request, context: context, bodyLimit: bodyLimit, location: location)
                }
                return RawResponse(head: response.head, body: limited(response.body, to: bodyLimit, context: context, request: request))
            }
            return try await deadline.run(coversBody: true, bodyLimit: bodyLimit, transportStops: transport.stopsAtDeadline) {
                let response = try await self.follow(request, context: context, bodyLimit: bodyLimit, location: location)
                if let data = response.body.bufferedData {  // a transport that collected it already
                    guard data.count <= bodyLimit else { throw BricksError(.responseTooLarge(limit: bodyLimit)) }
                    return response
                }
                let length = response.head.expectedContentLength
                let data = try await response.body.collect(
                    upTo: bodyLimit, expectedLength: length > 0 && length <= Int64(Int.max) ? Int(length) : nil)
                return RawResponse(head: response.head, body: ResponseBody(data))
            }
        } catch {
            throw Self.failure(error, context: context, request: location.withLock { $0 })
        }
    }

    /// Sends `request` and each redirect the policy allows; returns the first response that is
    /// not followed. `location` tracks the request in flight, for errors.
    private func follow(_ request: URLRequest, context: MiddlewareContext, bodyLimit: Int, location: Locked<URLRequest>)
        async throws -> RawResponse
    {
        try HeaderValidation.validate(request)
        var current = request
        var redirects = 0
        var streamed = context.requestBody
        while true {
            let body = streamed ?? current.httpBody.map(RequestBody.init)
            let response = try await transport.exchange(current, body: body)
            try limits.check(response.head, bodyLimit: bodyLimit)
            guard let next = try redirectPolicy.redirect(
                after: current, response: response.head,
                secretHeaders: context.secretHeaderNames.isEmpty
                    ? LogRedactor.secretHeaders : LogRedactor.secretHeaders.union(context.secretHeaderNames))
            else { return response }
            redirects += 1
            guard redirects <= redirectPolicy.maximumRedirects else {
                throw BricksError(.tooManyRedirects(
                    count: redirectPolicy.maximumRedirects, lastLocation: next.url?.absoluteString ?? ""))
            }
            try HeaderValidation.validate(next)
            if let sent = streamed {
                // A 307 or 308 sends the body again, which only a replayable body can.
                let keepsBody = next.httpMethod == current.httpMethod && [307, 308].contains(response.head.statusCode)
                guard !keepsBody || sent.isReplayable else {
                    throw BricksError(.invalidRequest(
                        "the server redirected with \(response.head.statusCode), which needs the body sent again, but it was a one-shot stream"))
                }
                streamed = keepsBody ? sent : nil
            }
            current = next
            location.withLock { $0 = next }
        }
    }

    /// A streamed body that fails with ``BricksError/Reason/responseTooLarge(limit:)`` once more
    /// than `limit` bytes are read, and whose errors name the call.
    private func limited(_ body: ResponseBody, to limit: Int, context: MiddlewareContext, request: URLRequest)
        -> ResponseBody
    {
        let reader = LimitedReader(body.makeAsyncIterator(), limit: limit)
        return ResponseBody { @Sendable in
            do {
                return try await reader.next()
            } catch {
                throw Self.failure(error, context: context, request: request)
            }
        }
    }

    /// `error` as a ``BricksError`` that names the call.
    static func failure(_ error: any Error, context: MiddlewareContext, request: URLRequest) -> BricksError {
        var failure = BricksError(mapping: error)
        if Task.isCancelled { failure.reason = .cancelled }
        if failure.request == nil { failure.request = context.summary(of: request) }
        return failure
    }
}

/// Reads a body's chunks, counting the bytes against a limit.
///
/// `@unchecked Sendable`: a body has one reader, which calls ``next()`` from one task at a time.
private final class LimitedReader: @unchecked Sendable {
    private var iterator: ResponseBody.AsyncIterator
    private var count = 0
    private let limit: Int

    init(_ iterator: ResponseBody.AsyncIterator, limit: Int) {
        self.iterator = iterator
        self.limit = limit
    }

    func next() async throws -> Data? {
        guard let chunk = try await iterator.next() else { return nil }
        guard chunk.count <= limit - count else { throw BricksError(.responseTooLarge(limit: limit)) }
        count += chunk.count
        return chunk
    }
}
