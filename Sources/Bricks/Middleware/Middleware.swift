import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cross-cutting work wrapped around every request a ``Session`` sends: logging, authorization,
/// retry, de-duplication, stubbing, and your own.
///
/// A middleware receives the request and a ``RequestContext``, and calls `next` to pass them on
/// towards the transport. It may change the request or context first, change or replace the
/// reply, answer without calling `next` at all, call `next` more than once (retry), or throw.
///
/// In `Session(middleware: [a, b, c])`, `a` sees the request first and the reply last.
///
/// ```swift
/// struct UserAgentMiddleware: Middleware {
///     func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> (Data, HTTPURLResponse) {
///         var request = request
///         request.setValue("MyApp/1.0", forHTTPHeaderField: "User-Agent")
///         return try await next(request, context)
///     }
/// }
/// ```
///
/// Errors: a `URLError` or `CancellationError` that leaves the stack reaches the caller as the
/// matching ``BricksError``; any other error (your app's own, say) reaches the caller unchanged.
/// A reply with an unacceptable status is not an error inside the stack: it becomes one after
/// the outermost middleware has seen it.
public protocol Middleware: Sendable {
    /// The rest of the stack: the following middleware, and finally the transport.
    typealias Next = @Sendable (URLRequest, RequestContext) async throws -> (Data, HTTPURLResponse)

    /// Handles one request, usually by calling `next`.
    /// - Parameters:
    ///   - request: the request as built by the endpoint and changed by the middleware before this one.
    ///   - context: facts about the request, and storage shared by the middleware of the stack.
    ///   - next: the rest of the stack. It may be kept and called later, from another task (as
    ///     ``DeduplicationMiddleware`` does); an adopter that only calls it in place may declare
    ///     the parameter without `@escaping`.
    /// - Returns: the reply, which the middleware before this one will see.
    func intercept(_ request: URLRequest, context: RequestContext, next: @escaping Next) async throws
        -> (Data, HTTPURLResponse)
}
