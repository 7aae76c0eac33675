import AsyncHTTPClient
import Bricks
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPClientRequest {
    /// Converts a `URLRequest`'s method, URL and header fields, with `body` as the body.
    ///
    /// Header names and values were checked by the Session's core; AsyncHTTPClient checks them
    /// again when it sends.
    /// - Throws: ``BricksError`` with `.invalidRequest` for a method that is not a token, or the
    ///   error of opening a streamed body.
    init(_ request: URLRequest, url: URL, body: RequestBody?) throws {
        let method = request.httpMethod ?? "GET"
        guard Bricks.HTTPMethod(rawValue: method) != nil else {
            throw BricksError(.invalidRequest("\"\(method)\" is not a valid HTTP method"))
        }
        self.init(url: url.absoluteString)
        self.method = NIOHTTP1.HTTPMethod(rawValue: method)
        if let fields = request.allHTTPHeaderFields {
            headers.reserveCapacity(fields.count)
            for (name, value) in fields { headers.add(name: name, value: value) }
        }
        guard let body else { return }
        if let data = body.data {
            self.body = .bytes(ByteBuffer(data: data))
        } else {
            let chunks = try body.chunks()
            self.body = .stream(chunks.map { ByteBuffer(data: $0) }, length: body.length.map { .known(Int64($0)) } ?? .unknown)
        }
    }
}
