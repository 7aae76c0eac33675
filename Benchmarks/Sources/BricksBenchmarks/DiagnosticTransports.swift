import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Transports that are not Bricks', for the diagnostic round trips: with them, the overhead of
/// Bricks on `URLSessionTransport` splits into what `Session` (and its exchange core) adds and what
/// `URLSessionTransport`'s delegate and streamed body cost on FoundationNetworking.
enum DiagnosticTransports {
    /// `URLSession.data(for:)` and nothing else, the body handed back buffered: no delegate, so none
    /// of the fixes that `URLSessionTransport` needs on Linux (401 challenges, redirects handed
    /// back to the Session, streamed body with back-pressure). `Session` on it costs what `Session`
    /// adds to raw `URLSession`.
    struct Bare: HTTPTransport {
        let session = URLSession(configuration: .ephemeral)

        func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
            // URLSession takes a URLRequest: the head field for field, the body in memory.
            var request = URLRequest(url: try head.makeURL(), timeoutInterval: context.timeoutInterval)
            request.httpMethod = head.method.rawValue
            for field in head.headerFields { request.addValue(field.value, forHTTPHeaderField: field.name) }
            request.httpBody = body?.data
            let (data, response) = try await session.data(for: request)
            guard let response = response as? HTTPURLResponse, let head = ResponseHead(response) else {
                throw URLError(.badServerResponse)
            }
            return RawResponse(head: head, body: ResponseBody(data))
        }
    }
}
