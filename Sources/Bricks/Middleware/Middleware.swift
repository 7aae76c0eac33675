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
public protocol Middleware: Sendable {
    /// The rest of the stack: the following middleware, and finally the transport.
    typealias Next = @Sendable (URLRequest, RequestContext) async throws -> (Data, HTTPURLResponse)

    /// Handles one request, usually by calling `next`.
    /// - Parameters:
    ///   - request: the request as built by the endpoint and changed by the middleware before this one.
    ///   - context: facts about the request, and storage shared by the middleware of the stack.
    ///   - next: the rest of the stack.
    /// - Returns: the reply, which the middleware before this one will see.
    func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> (Data, HTTPURLResponse)
}
