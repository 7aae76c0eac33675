import Bricks
import Foundation

/// Adds `Authorization: Bearer <token>` to every request: the smallest useful middleware.
struct TokenMiddleware: Middleware {
    let token: String

    func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        var head = head
        head.headerFields["Authorization"] = "Bearer \(token)"
        return try await next(head, body, context)
    }
}
