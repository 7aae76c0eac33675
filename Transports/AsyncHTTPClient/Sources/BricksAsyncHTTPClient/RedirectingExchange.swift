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
/// it returns), and reads the final body within the size limit.
struct RedirectingExchange: Sendable {
    let client: HTTPClient
    let policy: RedirectPolicy
    /// The largest body accepted, in bytes.
    let limit: Int
    /// When AsyncHTTPClient gives up waiting for a connection or a response head.
    let deadline: NIODeadline

    /// The most bytes read from a redirect's body to keep its connection for the next request;
    /// a longer body is dropped with its connection.
    static let redirectBodyAllowance = 64 * 1024

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        var current = request
        var redirects = 0
        while true {
            let url = try Self.url(of: current)
            let response = try await client.execute(try HTTPClientRequest(current, url: url), deadline: deadline)
            if response.history.count > 1 { throw ClientFollowsRedirects() }
            guard let head = HTTPURLResponse(response, url: url) else {
                throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "status \(response.status.code) is not an HTTP status"])
            }
            guard let next = try policy.nextRequest(after: current, response: head) else {
                return (try await body(of: response), head)
            }
            redirects += 1
            guard redirects <= policy.maximumRedirects else {
                throw URLError(.httpTooManyRedirects, userInfo: [
                    NSLocalizedDescriptionKey: "gave up after \(policy.maximumRedirects) redirects; the last one pointed to \(next.url?.absoluteString ?? "nowhere")"
                ])
            }
            try await discard(response.body)
            current = next
        }
    }

    /// The whole body, or ``BricksError/responseTooLarge(limit:)`` as soon as `Content-Length` or
    /// the bytes read exceed the limit.
    func body(of response: HTTPClientResponse) async throws -> Data {
        do {
            let buffer = try await response.body.collect(upTo: limit)
            return Data(buffer: buffer, byteTransferStrategy: .automatic)
        } catch is NIOTooManyBytesError {
            throw BricksError.responseTooLarge(limit: limit)
        }
    }

    /// Reads a short redirect body to the end, so that its connection serves the next request.
    func discard(_ body: HTTPClientResponse.Body) async throws {
        do {
            _ = try await body.collect(upTo: Self.redirectBodyAllowance)
        } catch is NIOTooManyBytesError {
            // Dropping the rest closes that connection; the redirect goes on over another.
        }
    }

    static func url(of request: URLRequest) throws(BricksError) -> URL {
        guard let url = request.url else { throw .invalidURL("the request has no URL") }
        return url
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
