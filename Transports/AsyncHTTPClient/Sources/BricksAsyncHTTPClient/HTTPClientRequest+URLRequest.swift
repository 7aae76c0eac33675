import AsyncHTTPClient
import Bricks
import Foundation
import NIOHTTP1
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPClientRequest {
    /// Converts a `URLRequest`: method, URL, headers and body.
    ///
    /// Header names and values are checked by AsyncHTTPClient when it sends the request, with the
    /// rules Bricks applies (RFC 9110 tokens; no control character but tab in a value).
    /// - Throws: ``BricksError/invalidRequest(_:)`` for a method that is not a token, or a body
    ///   given as a stream.
    init(_ request: URLRequest, url: URL) throws(BricksError) {
        self.init(url: url.absoluteString)
        let method = request.httpMethod ?? "GET"
        guard Bricks.HTTPMethod(rawValue: method) != nil else {
            throw .invalidRequest("\"\(method)\" is not a valid HTTP method")
        }
        self.method = NIOHTTP1.HTTPMethod(rawValue: method)
        if let fields = request.allHTTPHeaderFields {
            headers.reserveCapacity(fields.count)
            for (name, value) in fields { headers.add(name: name, value: value) }
        }
        if let body = request.httpBody {
            self.body = .bytes(body)
        } else if request.httpBodyStream != nil {
            throw .invalidRequest("AsyncHTTPClientTransport sends httpBody; an httpBodyStream is not supported")
        }
    }
}
