import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends through another transport and keeps what each exchange sent and got, so that tests see
/// every hop the Session's core makes (each redirect is an exchange of its own).
actor TracingTransport: HTTPTransport {
    /// One exchange as the transport saw it.
    struct Hop: Sendable {
        let method: String
        let url: URL?
        let headers: [String: String]
        let bodyLength: Int?
        let status: Int
    }

    private let base: any HTTPTransport
    private(set) var hops: [Hop] = []

    init(_ base: any HTTPTransport) { self.base = base }

    func exchange(_ request: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        let response = try await base.exchange(request, body: body, context: context)
        hops.append(
            Hop(
                method: request.httpMethod ?? "GET", url: try request.makeURL(), headers: Dictionary(request.headerFields.map { ($0.name, $0.value) }) { first, second in first + ", " + second },
                bodyLength: body?.length, status: response.head.statusCode))
        return response
    }
}
