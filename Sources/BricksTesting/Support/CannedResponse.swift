import Bricks
import Foundation

/// Builds the responses of the test transports.
enum CannedResponse {
    /// A response to `request` with a body in memory. Limits, redirects and errors are the
    /// Session's business, as with any transport.
    static func make(for request: SentRequest, status: Int, headers: HeaderFields, body: Data) throws -> RawResponse {
        let url = try request.head.makeURL()
        return RawResponse(head: ResponseHead(statusCode: status, headerFields: headers, url: url), body: ResponseBody(body))
    }

    /// `headers` with `Content-Type: contentType` added, unless they name one already (in any case).
    static func headers(_ headers: HeaderFields, contentType: String) -> HeaderFields {
        if headers.contains("Content-Type") { return headers }
        var headers = headers
        headers.append(name: "Content-Type", value: contentType)
        return headers
    }
}
