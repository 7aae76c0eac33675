import Bricks
import Foundation

/// Prints each request, its status and how long it took to standard error: what `--verbose`
/// shows. The URLs show pagination at work: each page is the `Link` of the one before.
struct ExchangeLogMiddleware: Middleware {
    func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
        async throws -> RawResponse
    {
        let method = head.method
        let url = head.url?.absoluteString ?? ""
        let start = ContinuousClock.now
        do {
            let response = try await next(head, body, context)
            let size = response.body.bufferedData.map { "\($0.count) bytes" } ?? "body streamed"
            Console.error("> \(method) \(url) -> \(response.head.statusCode), \(size), \(Self.since(start))")
            return response
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
