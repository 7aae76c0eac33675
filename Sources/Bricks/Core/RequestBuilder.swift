import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds `URLRequest`s from ``RequestType`` values; the default ``RequestType/makeURLRequest()``.
///
/// Kept apart from the protocol so that proxies and custom requests can reuse the same checks.
enum RequestBuilder {
    static func makeURLRequest(for request: some RequestType) throws(BricksError) -> URLRequest {
        let url = try URLBuilder.url(
            base: request.baseURL, path: request.path, segments: request.pathSegments, query: request.queryItems)
        let timeout = request.timeoutInterval
        guard timeout > 0, timeout.isFinite else {
            throw .invalidRequest("timeoutInterval must be a positive number of seconds, not \(timeout)")
        }
        var urlRequest = URLRequest(url: url, cachePolicy: request.cachePolicy, timeoutInterval: timeout)
        let method = request.method
        urlRequest.httpMethod = method.rawValue

        let body: Data?
        do {
            body = try request.httpBody()
        } catch let error as BricksError {
            throw error
        } catch {
            throw .bodyEncoding(error)
        }
        if let body {
            if method == .get || method == .head {
                throw .invalidRequest(
                    "a \(method) request cannot carry a body; send the values as queryItems or use another method")
            }
            urlRequest.httpBody = body
            if let contentType = request.contentType {
                urlRequest.setValue(contentType, forHTTPHeaderField: "Content-Type")
            }
        }
        for (name, value) in request.headerFields {
            try HeaderValidation.validate(name: name, value: value)
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        return urlRequest
    }
}
