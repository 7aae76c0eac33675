import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adds `Authorization: Bearer <token>` to every request: the smallest useful middleware.
struct TokenMiddleware: Middleware {
    let token: String

    func intercept(_ request: URLRequest, context: MiddlewareContext, next: Next) async throws -> RawResponse {
        var request = request
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return try await next(request, context)
    }
}
