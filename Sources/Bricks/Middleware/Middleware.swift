import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cross-cutting work wrapped around every request a ``Session`` sends: logging, authorization,
/// retry, de-duplication, and your own.
///
/// A middleware receives the request and a ``MiddlewareContext``, and calls `next` to pass them on
/// towards the transport. It may change the request or context first, change or replace the
/// response, answer without calling `next` at all, call `next` more than once (retry), or throw.
///
/// In `Session(middleware: [a, b, c])`, `a` sees the request first and the response last.
///
/// ```swift
/// struct UserAgentMiddleware: Middleware {
///     func intercept(_ request: URLRequest, context: MiddlewareContext, next: Next) async throws -> RawResponse {
///         var request = request
///         request.setValue("MyApp/1.0", forHTTPHeaderField: "User-Agent")
///         return try await next(request, context)
///     }
/// }
/// ```
///
/// The response comes back as its head and body. For ``Session/send(_:)`` the body is already
/// collected (``ResponseBody/bufferedData``); for a streamed call (``MiddlewareContext/streamsBody``)
/// it is still unread, so that middleware acts on the head before any body is handed out.
///
/// Errors: a `URLError` or `CancellationError` that leaves the stack reaches the caller as the
/// matching ``BricksError``; any other error (your app's own, say) reaches the caller unchanged.
/// A response with an unacceptable status is not an error inside the stack: it becomes one after
/// the outermost middleware has seen it.
public protocol Middleware: Sendable {
    /// The rest of the stack: the following middleware, and finally the Session's core and the transport.
    typealias Next = @Sendable (URLRequest, MiddlewareContext) async throws -> RawResponse

    /// Handles one request, usually by calling `next`.
    /// - Parameters:
    ///   - request: the request as built by the endpoint and changed by the middleware before this one.
    ///   - context: facts about the request, and storage shared by the middleware of the stack.
    ///   - next: the rest of the stack. It may be kept and called later, from another task (as
    ///     ``DeduplicationMiddleware`` does); an adopter that only calls it in place may declare
    ///     the parameter without `@escaping`.
    /// - Returns: the response, which the middleware before this one will see.
    func intercept(_ request: URLRequest, context: MiddlewareContext, next: @escaping Next) async throws
        -> RawResponse
}
