import AsyncHTTPClient
import Bricks
import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

// Bricks' request as AsyncHTTPClient's, field for field: the one place where this transport maps
// a ``RequestHead`` and ``RequestBody``. No `URLRequest` on the way, and no policy: the head's
// method, URL and header fields (checked by the Session's core, checked again by AsyncHTTPClient
// when it sends) go as they are, in order, repeated names kept.

extension HTTPClientRequest {
    /// The request for `head` and `body`, for AsyncHTTPClient's async API: the URL as
    /// the head's URL as its parts' text, the method, every header field in order, and the body as bytes
    /// (in memory), or as a stream of the body's chunks (a file read chunk by chunk, any other
    /// stream) announced with `Content-Length` when its length is known and sent chunked
    /// otherwise. A body in memory whose upload progress someone follows goes through its chunks
    /// too, which report the bytes as they are handed over.
    /// - Parameters:
    ///   - head: the method, URL and header fields to send.
    ///   - body: the body to send, or `nil` for none.
    /// - Throws: the error of opening the body's stream (a file that cannot be read, say).
    init(_ head: RequestHead, body: RequestBody?) throws {
        self.init(url: head.scheme + "://" + head.authority + head.target)  // the parts' text: no Foundation URL
        method = NIOHTTP1.HTTPMethod(head.method)
        headers = HTTPHeaders(head.headerFields)
        guard let body else { return }
        if let data = body.data, !body.reportsProgress {
            self.body = .bytes(ByteBuffer(data: data))
        } else {
            let length: HTTPClientRequest.Body.Length = body.length.map { .known(Int64($0)) } ?? .unknown
            self.body = .stream(try body.chunks().map { ByteBuffer(data: $0) }, length: length)
        }
    }
}

extension HTTPClient.Request {
    /// The request for `head` with `data` as its body, for AsyncHTTPClient's delegate API (the
    /// whole-body path, which sends no body but one in memory).
    /// - Parameters:
    ///   - head: the method and header fields to send.
    ///   - url: the head's URL, made once by the caller (the response head carries it too).
    ///   - data: the body's bytes, or `nil` for none.
    /// - Throws: AsyncHTTPClient's error for a URL it cannot send to.
    init(_ head: RequestHead, url: URL, data: Data?) throws {
        try self.init(
            url: url, method: NIOHTTP1.HTTPMethod(head.method), headers: HTTPHeaders(head.headerFields),
            body: data.map { .bytes($0) })
    }
}

extension NIOHTTP1.HTTPMethod {
    /// The same method: a known one as its case, any other token as `.RAW`. Bricks' methods are
    /// HTTP tokens by construction, so none can smuggle a request line.
    init(_ method: Bricks.HTTPMethod) {
        self.init(rawValue: method.rawValue)
    }
}

extension HTTPHeaders {
    /// The same header fields: every field in order, repeated names kept, names as spelled.
    init(_ fields: HeaderFields) {
        self.init()
        reserveCapacity(fields.count)
        for field in fields { add(name: field.name, value: field.value) }
    }
}
