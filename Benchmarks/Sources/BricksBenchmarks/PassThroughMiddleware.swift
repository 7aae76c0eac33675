import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A middleware that only calls the rest of the stack: what a layer costs when it does nothing.
struct PassThroughMiddleware: Middleware {
    func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> (Data, HTTPURLResponse) {
        try await next(request, context)
    }
}
