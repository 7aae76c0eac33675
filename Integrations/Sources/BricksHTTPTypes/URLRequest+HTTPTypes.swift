import Bricks
import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPRequest {
    /// The same request as swift-http-types' `HTTPRequest`: method, scheme, authority (host and
    /// port), path with query, and header fields. The body, timeout and cache policy have no
    /// place in an `HTTPRequest`; the fragment is dropped, as it never travels. A `URLRequest`
    /// keeps its fields in a dictionary, so they come sorted by name.
    /// - Parameter request: a request, such as Bricks builds and middleware passes on.
    /// - Throws: ``Bricks/BricksError``: ``Bricks/BricksError/Reason/invalidURL(_:)`` for a
    ///   missing URL, one without scheme or host, or one with user info;
    ///   ``Bricks/BricksError/Reason/invalidRequest(_:)`` for a method that is not an HTTP token;
    ///   ``Bricks/BricksError/Reason/invalidHeader(name:reason:)`` for an invalid field.
    public init(_ request: URLRequest) throws(BricksError) {
        guard let url = request.url else { throw BricksError(.invalidURL("the request has no URL")) }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw BricksError(.invalidURL("the URL cannot be parsed"))
        }
        guard let scheme = components.scheme, !scheme.isEmpty else {
            throw BricksError(.invalidURL("the URL has no scheme"))
        }
        guard let host = components.percentEncodedHost, !host.isEmpty else {
            throw BricksError(.invalidURL("the URL has no host"))
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            throw BricksError(.invalidURL("the URL contains user info"))
        }
        let methodName = request.httpMethod ?? "GET"
        guard let method = HTTPRequest.Method(methodName) else {
            throw BricksError(.invalidRequest("the method \"\(methodName)\" is not an HTTP token"))
        }
        // An IPv6 literal travels in brackets.
        var authority = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if let port = components.port { authority += ":\(port)" }
        var path = components.percentEncodedPath
        if path.isEmpty { path = "/" }
        if let query = components.percentEncodedQuery { path += "?" + query }
        self.init(
            method: method, scheme: scheme.lowercased(), authority: authority, path: path,
            headerFields: try HTTPFields(HeaderFields(request.allHTTPHeaderFields ?? [:])))
    }
}

extension URLRequest {
    /// The same request as a Foundation `URLRequest`: the URL from the scheme, authority and
    /// path, the method, and the header fields. A `URLRequest` holds one value per name, so
    /// repeated fields are joined: with "; " for `Cookie`, with ", " for the others (the name
    /// keeps the first field's spelling).
    /// - Parameter request: swift-http-types' request.
    /// - Throws: ``Bricks/BricksError``: ``Bricks/BricksError/Reason/invalidRequest(_:)`` for a
    ///   request without scheme, authority or a path starting with `/` (the `CONNECT` and
    ///   `OPTIONS *` forms); ``Bricks/BricksError/Reason/invalidURL(_:)`` when they do not form
    ///   a URL.
    public init(_ request: HTTPRequest) throws(BricksError) {
        guard let scheme = request.scheme, let authority = request.authority, let path = request.path,
            path.hasPrefix("/")
        else {
            throw BricksError(
                .invalidRequest("the request has no scheme, authority or absolute path (CONNECT or OPTIONS * form)"))
        }
        guard let url = URL(string: "\(scheme)://\(authority)\(path)"), url.host != nil else {
            throw BricksError(.invalidURL("\(scheme)://\(authority)\(path) is not a valid URL"))
        }
        self.init(url: url)
        httpMethod = request.method.rawValue
        for field in request.headerFields {
            let name = field.name.rawName
            if field.name == .cookie, let earlier = value(forHTTPHeaderField: name) {
                setValue(earlier + "; " + field.value, forHTTPHeaderField: name)
            } else {
                addValue(field.value, forHTTPHeaderField: name)
            }
        }
    }
}
