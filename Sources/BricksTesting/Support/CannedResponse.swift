import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds the reply of the test transports, applying the limits a real transport applies.
enum CannedResponse {
    /// The body and an `HTTPURLResponse` for `request`.
    /// - Throws: ``BricksError/responseTooLarge(limit:)`` when `body` is larger than
    ///   ``TransportLimits/current`` allows.
    static func make(for request: URLRequest, status: Int, headers: [String: String], body: Data) throws
        -> (Data, HTTPURLResponse)
    {
        let limit = TransportLimits.current.maximumResponseSize
        if body.count > limit { throw BricksError.responseTooLarge(limit: limit) }
        let url = request.url ?? URL(fileURLWithPath: "/")
        guard
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw BricksError.transport(URLError(.badServerResponse)) }
        return (body, response)
    }

    /// `headers` with `Content-Type: contentType` added, unless they name one already (in any case).
    static func headers(_ headers: [String: String], contentType: String) -> [String: String] {
        if headers.keys.contains(where: { $0.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
            return headers
        }
        var headers = headers
        headers["Content-Type"] = contentType
        return headers
    }
}
