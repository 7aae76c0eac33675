import Bricks
import Foundation
import HTTPTypes

extension HTTPResponse {
    /// The same response head as swift-http-types' `HTTPResponse`: the status with its reason
    /// phrase, and every header field in order (see ``HTTPTypes/HTTPFields/init(_:)-(HeaderFields)``).
    /// The URL and HTTP version have no place in an `HTTPResponse` and are left out.
    /// - Parameter head: Bricks' response head.
    /// - Throws: ``Bricks/BricksError`` ``Bricks/BricksError/Reason/invalidResponse(_:)`` for a
    ///   status outside 0–999, which `HTTPResponse` cannot hold, and
    ///   ``Bricks/BricksError/Reason/invalidHeader(name:reason:)`` for a field it cannot hold.
    public init(_ head: ResponseHead) throws(BricksError) {
        let code = head.statusCode
        guard (0...999).contains(code) else {
            throw BricksError(.invalidResponse("the status \(code) is outside 0–999"))
        }
        // `status` reads "404 Not Found", or "799" for a status without a phrase.
        let phrase = head.status.dropFirst(String(code).count).drop { $0 == " " }
        self.init(
            status: HTTPResponse.Status(code: code, reasonPhrase: String(phrase)),
            headerFields: try HTTPFields(head.headerFields))
    }
}

extension ResponseHead {
    /// The same head as Bricks' `ResponseHead`: the status and every header field in order.
    /// - Parameters:
    ///   - response: swift-http-types' response.
    ///   - url: the URL that answered, which `HTTPResponse` does not carry.
    ///   - httpVersion: the protocol version. Default: `"HTTP/1.1"`.
    public init(_ response: HTTPResponse, url: URL, httpVersion: String = "HTTP/1.1") {
        self.init(
            statusCode: response.status.code, headerFields: HeaderFields(response.headerFields), url: url,
            httpVersion: httpVersion)
    }
}
