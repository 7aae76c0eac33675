/// Cross-cutting work wrapped around every request a ``Session`` sends: logging, authorization,
/// retry, de-duplication, and your own.
///
/// A middleware receives the request's ``RequestHead`` and ``RequestBody`` and a
/// ``CallContext``, and calls `next` to pass them on towards the transport. It may change
/// the head, body or context first, change or replace the
/// response, answer without calling `next` at all, call `next` more than once (retry), or throw.
///
/// In `Session(middleware: [a, b, c])`, `a` sees the request first and the response last.
///
/// ```swift
/// struct UserAgentMiddleware: Middleware {
///     func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
///         async throws -> RawResponse
///     {
///         var head = head
///         head.headerFields["User-Agent"] = "MyApp/1.0"
///         return try await next(head, body, context)
///     }
/// }
/// ```
///
/// The response comes back as its head and body. For ``Session/send(_:)`` the body is already
/// collected (``ResponseBody/bufferedData``); for a streamed call (``CallContext/bodyMode``)
/// it is still unread, so that middleware acts on the head before any body is handed out.
///
/// Errors: a `URLError` or `CancellationError` that leaves the stack reaches the caller as the
/// matching ``BricksError``; any other error (your app's own, say) reaches the caller unchanged.
/// A response with an unacceptable status is not an error inside the stack: it becomes one after
/// the outermost middleware has seen it.
///
/// A middleware runs away from the caller's actor. In an app target whose default isolation is the
/// main actor, Swift infers `nonisolated` for the type that adopts `Middleware`; what it uses
/// besides (a context key, a helper) needs `nonisolated` too.
public protocol Middleware: Sendable {
    /// The rest of the stack: the following middleware, and finally the Session's core and the transport.
    typealias Next = @Sendable (RequestHead, RequestBody?, CallContext) async throws -> RawResponse

    /// Handles one request, usually by calling `next`.
    /// - Parameters:
    ///   - head: the request head as built by the endpoint and changed by the middleware before this one.
    ///   - body: the request body, or `nil` for none. Check ``RequestBody/isReplayable`` before
    ///     sending it more than once.
    ///   - context: facts about the request, and storage shared by the middleware of the stack.
    ///   - next: the rest of the stack. It may be kept and called later, from another task (as
    ///     ``DeduplicationMiddleware`` does); an adopter that only calls it in place may declare
    ///     the parameter without `@escaping`.
    /// - Returns: the response, which the middleware before this one will see.
    func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next)
        async throws -> RawResponse
}
