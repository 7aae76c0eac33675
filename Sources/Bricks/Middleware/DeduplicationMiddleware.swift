import Foundation

/// Lets identical requests that are in flight at the same time share one network call.
///
/// Two requests are identical when method, URL, headers and body are equal. Only `GET` and `HEAD`
/// are merged unless you name other methods. Every caller receives the same reply (or error).
/// A caller that is cancelled stops waiting at once without disturbing the others; the shared
/// call is cancelled only when every caller has gone.
///
/// ```swift
/// let session = Session(middleware: [
///     AuthorizationMiddleware(tokens: tokens),
///     DeduplicationMiddleware(),      // after authorization: the token is part of the identity
/// ])
/// ```
///
/// Place it after any middleware that adds credentials, so that requests of different users are
/// never merged. The shared call runs with the context of the first caller.
public struct DeduplicationMiddleware: Middleware {
    /// The methods whose requests may be merged.
    public let methods: Set<HTTPMethod>
    private let flights = SingleFlight<RequestIdentity, RawResponse>(cancelsWhenAbandoned: true)

    /// Makes the middleware.
    /// - Parameter methods: the methods whose requests may be merged. Default: `GET` and `HEAD`.
    public init(methods: Set<HTTPMethod> = [.get, .head]) {
        self.methods = methods
    }

    /// Joins an identical request in flight, or sends this one and lets later identical ones join it.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next)
        async throws -> RawResponse
    {
        // A streamed body has one reader: it cannot be shared.
        guard methods.contains(head.method), context.bodyMode == .collected else { return try await next(head, body, context) }
        return try await flights.run(RequestIdentity(head, body: body)) { try await next(head, body, context) }
    }

    /// How many callers wait for a shared call right now (for tests).
    var waiterCount: Int { flights.waiterCount }
}

/// What makes two requests the same for ``DeduplicationMiddleware``: the head, and the body by
/// its identity (the bytes; a file's path, size and date; each stream its own), never read.
private struct RequestIdentity: Hashable, Sendable {
    let head: RequestHead
    let body: RequestBody.Identity?

    init(_ head: RequestHead, body: RequestBody?) {
        self.head = head
        self.body = body?.identity
    }
}
