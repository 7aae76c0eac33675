import Bricks
import Foundation
import HTTPTypes

extension HTTPRequest {
    /// The same request as swift-http-types' `HTTPRequest`, field for field: the method, the
    /// head's ``Bricks/RequestHead/scheme``, ``Bricks/RequestHead/authority`` (host and port) and
    /// ``Bricks/RequestHead/target`` (path and query, percent-encoded, as HTTP/2's `:path` holds
    /// them), and every header field in order, repeated names kept. The timeout has no place in
    /// an `HTTPRequest`, and the body travels beside it.
    /// - Parameter head: a request head, such as Bricks builds and middleware passes on.
    /// - Throws: ``Bricks/BricksError``: ``Bricks/BricksError/Reason/invalidRequest(_:)`` for a
    ///   method `HTTPRequest` does not take; ``Bricks/BricksError/Reason/invalidHeader(name:reason:)``
    ///   for a field it cannot hold (see ``HTTPTypes/HTTPFields/init(_:)-(HeaderFields)``).
    public init(_ head: RequestHead) throws(BricksError) {
        guard let method = HTTPRequest.Method(head.method.rawValue) else {
            throw BricksError(.invalidRequest("the method \"\(head.method)\" is not an HTTP token"))
        }
        self.init(
            method: method, scheme: head.scheme, authority: head.authority, path: head.target,
            headerFields: try HTTPFields(head.headerFields))
    }
}

extension RequestHead {
    /// The same request head as Bricks' `RequestHead`, field for field: the method, the URL from
    /// the scheme, authority and path (with its query), and every header field in order, repeated
    /// names kept (see ``Bricks/HeaderFields/init(_:)-(HTTPFields)``).
    /// A head has no timeout: a call's is its ``Bricks/CallContext/timeoutInterval``.
    /// - Parameter request: swift-http-types' request.
    /// - Throws: ``Bricks/BricksError``: ``Bricks/BricksError/Reason/invalidRequest(_:)`` for a
    ///   request without scheme, authority or a path starting with `/` (the `CONNECT` and
    ///   `OPTIONS *` forms);
    ///   ``Bricks/BricksError/Reason/invalidURL(_:)`` when they do not form an `http` or `https`
    ///   URL with a host.
    public init(_ request: HTTPRequest) throws(BricksError) {
        guard let scheme = request.scheme, let authority = request.authority, let path = request.path,
            path.hasPrefix("/")
        else {
            throw BricksError(
                .invalidRequest("the request has no scheme, authority or absolute path (CONNECT or OPTIONS * form)"))
        }
        guard let method = Bricks.HTTPMethod(rawValue: request.method.rawValue) else {
            throw BricksError(.invalidRequest("the method \"\(request.method.rawValue)\" is not an HTTP token"))
        }
        let text = "\(scheme)://\(authority)\(path)"
        guard let url = URL(string: text), url.host != nil else {
            throw BricksError(.invalidURL("\(text) is not a valid URL"))
        }
        try self.init(method: method, url: url, headerFields: HeaderFields(request.headerFields))
    }
}
