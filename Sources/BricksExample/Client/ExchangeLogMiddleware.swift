import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Prints each request, its status and how long it took to standard error: what `--verbose`
/// shows. The URLs show pagination at work: each page is the `Link` of the one before.
struct ExchangeLogMiddleware: Middleware {
    func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> (Data, HTTPURLResponse) {
        let method = request.httpMethod ?? "GET"
        let url = request.url?.absoluteString ?? "?"
        let start = ContinuousClock.now
        do {
            let (data, response) = try await next(request, context)
            Console.error("> \(method) \(url) -> \(response.statusCode), \(data.count) bytes, \(Self.since(start))")
            return (data, response)
        } catch {
            Console.error("> \(method) \(url) -> failed after \(Self.since(start))")
            throw error
        }
    }

    private static func since(_ start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15
        return String(format: "%.1f ms", milliseconds)
    }
}
