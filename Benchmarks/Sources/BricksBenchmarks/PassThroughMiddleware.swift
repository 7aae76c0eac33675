import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A middleware that only calls the rest of the stack: what a layer costs when it does nothing.
struct PassThroughMiddleware: Middleware {
    func intercept(_ request: URLRequest, context: MiddlewareContext, next: @escaping Next) async throws -> RawResponse {
        try await next(request, context)
    }
}
