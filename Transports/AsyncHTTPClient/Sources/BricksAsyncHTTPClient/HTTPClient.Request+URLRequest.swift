import AsyncHTTPClient
import Bricks
import Foundation
import NIOHTTP1
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPClient.Request {
    /// Converts a `URLRequest`: method, URL, headers and body.
    ///
    /// Header names and values are checked by AsyncHTTPClient when it sends the request, with the
    /// rules Bricks applies (RFC 9110 tokens; no control character but tab in a value).
    /// - Throws: ``BricksError/invalidRequest(_:)`` for a method that is not a token or a body given
    ///   as a stream; AsyncHTTPClient's error for a URL it cannot send to.
    init(_ request: URLRequest, url: URL) throws {
        let method = request.httpMethod ?? "GET"
        guard Bricks.HTTPMethod(rawValue: method) != nil else {
            throw BricksError.invalidRequest("\"\(method)\" is not a valid HTTP method")
        }
        if request.httpBody == nil, request.httpBodyStream != nil {
            throw BricksError.invalidRequest("AsyncHTTPClientTransport sends httpBody; an httpBodyStream is not supported")
        }
        var headers = HTTPHeaders()
        if let fields = request.allHTTPHeaderFields {
            headers.reserveCapacity(fields.count)
            for (name, value) in fields { headers.add(name: name, value: value) }
        }
        try self.init(
            url: url, method: NIOHTTP1.HTTPMethod(rawValue: method), headers: headers,
            body: request.httpBody.map { .bytes($0) })
    }
}
