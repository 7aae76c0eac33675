import Bricks
import Foundation

/// A middleware that only calls the rest of the stack: what a layer costs when it does nothing.
struct PassThroughMiddleware: Middleware {
    func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next)
        async throws -> RawResponse
    {
        try await next(head, body, context)
    }
}
