import AsyncHTTPClient
import Bricks
import Foundation
import NIOCore
import NIOFoundationCompat
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request of ``AsyncHTTPClientTransport``: sends it, follows redirects through the
/// ``RedirectPolicy`` (which resolves `Location`, decides, and checks the headers of the request
/// it returns), and collects each body within the size limit.
///
/// Each hop goes through AsyncHTTPClient's delegate API with a `ResponseAccumulator`: its deadline
/// covers the whole hop, body included (the async API's stops at the head), it refuses a body on
/// `Content-Length` or as the bytes arrive, and it resumes the caller once, with the whole reply.
struct RedirectingExchange: Sendable {
    let client: HTTPClient
    let policy: RedirectPolicy
    /// The largest body accepted, in bytes.
    let limit: Int
    /// When the whole exchange, redirects included, must be over.
    let deadline: NIODeadline

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        var current = request
        var redirects = 0
        while true {
            let reply = try await perform(current)
            guard let next = try policy.nextRequest(after: current, response: reply.1) else { return reply }
            redirects += 1
            guard redirects <= policy.maximumRedirects else {
                throw URLError(.httpTooManyRedirects, userInfo: [
                    NSLocalizedDescriptionKey: "gave up after \(policy.maximumRedirects) redirects; the last one pointed to \(next.url?.absoluteString ?? "nowhere")"
                ])
            }
            current = next
        }
    }

    /// Sends one request, without following redirects.
    func perform(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw BricksError.invalidURL("the request has no URL") }
        let wireRequest = try HTTPClient.Request(request, url: url)
        // ResponseAccumulator accepts 0...2^32-1 bytes (a ByteBuffer's most).
        let accumulator = ResponseAccumulator(request: wireRequest, maxBodySize: min(max(limit, 0), Int(UInt32.max)))
        let task = client.execute(request: wireRequest, delegate: accumulator, deadline: deadline)
        let response = try await withTaskCancellationHandler {
            try await task.get()
        } onCancel: {
            task.cancel()
        }
        if response.history.count > 1 { throw ClientFollowsRedirects() }
        guard let head = HTTPURLResponse(response, url: url) else {
            throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "status \(response.status.code) is not an HTTP status"])
        }
        return (response.body.map { Data(buffer: $0, byteTransferStrategy: .automatic) } ?? Data(), head)
    }
}

/// The `HTTPClient` passed to ``AsyncHTTPClientTransport/init(client:redirectPolicy:)`` followed a
/// redirect itself, bypassing the transport's ``RedirectPolicy``.
struct ClientFollowsRedirects: Error, CustomStringConvertible {
    var description: String {
        "the HTTPClient given to AsyncHTTPClientTransport follows redirects itself, bypassing the RedirectPolicy; "
            + "create it with redirectConfiguration: .disallow (AsyncHTTPClientTransport.defaultConfiguration has it)"
    }
}
