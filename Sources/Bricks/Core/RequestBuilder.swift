import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds `URLRequest`s from ``RequestType`` values; the default ``RequestType/makeURLRequest()``.
///
/// Kept apart from the protocol so that proxies and custom requests can reuse the same checks.
enum RequestBuilder {
    static func makeURLRequest(for request: some RequestType) throws(BricksError) -> URLRequest {
        let parameters = try rethrow(as: { .invalidRequest("the query parameters could not be encoded: \($0)") }) {
            try request.encodedQueryItems()
        }
        let url = try URLBuilder.url(
            base: request.baseURL, path: request.path, segments: request.pathSegments, query: request.queryItems,
            parameters: parameters)
        let timeout = request.timeoutInterval
        guard timeout > 0, timeout.isFinite else {
            throw .invalidRequest("timeoutInterval must be a positive number of seconds, not \(timeout)")
        }
        var urlRequest = URLRequest(url: url, cachePolicy: request.cachePolicy, timeoutInterval: timeout)
        let method = request.method
        // GET is every URLRequest's method already; setting it costs a case-insensitive lookup.
        if method != .get { urlRequest.httpMethod = method.rawValue }

        let body = try rethrow(as: BricksError.bodyEncoding) { try request.httpBody() }
        if let body {
            if method == .get || method == .head {
                throw .invalidRequest(
                    "a \(method) request cannot carry a body; send the values as queryItems or use another method")
            }
            urlRequest.httpBody = body
            if let contentType = request.contentType {
                try HeaderValidation.validate(name: "Content-Type", value: contentType)
                urlRequest.setValue(withBoundary(contentType, of: body), forHTTPHeaderField: "Content-Type")
            }
        } else if let contentType = request.contentType,
            try rethrow(as: BricksError.bodyEncoding, { try request.streamedBody() }) != nil
        {
            // A streamed body (a file) is sent by the Session's core; its type travels here.
            if method == .get || method == .head {
                throw .invalidRequest("a \(method) request cannot carry a body; use another method")
            }
            try HeaderValidation.validate(name: "Content-Type", value: contentType)
            urlRequest.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        try apply(request.headerFields, to: &urlRequest, layer: "headerFields")
        try apply(request.additionalHeaderFields, to: &urlRequest, layer: "additionalHeaderFields")
        return urlRequest
    }

    /// `base` with `overrides` laid over it, a name in `overrides` replacing every name in `base`
    /// that differs from it only in case: how a proxy adds its headers to the wrapped request's.
    static func merge(_ base: [String: String], _ overrides: [String: String]) -> [String: String] {
        if overrides.isEmpty { return base }
        if base.isEmpty { return overrides }
        var merged = base.filter { name, _ in
            !overrides.keys.contains { HeaderFields.equalIgnoringCase($0, name) }
        }
        merged.merge(overrides) { _, override in override }
        return merged
    }

    /// Runs `body`, passing a ``BricksError`` through and turning any other error into one.
    private static func rethrow<Value>(
        as wrap: (any Error) -> BricksError, _ body: () throws -> Value
    ) throws(BricksError) -> Value {
        do {
            return try body()
        } catch let error as BricksError {
            throw error
        } catch {
            throw wrap(error)
        }
    }

    /// Sets one layer of headers over what is there, after checking names and values. Two names in
    /// one layer that differ only in case are refused: which one would win is undefined.
    private static func apply(
        _ fields: [String: String], to urlRequest: inout URLRequest, layer: String
    ) throws(BricksError) {
        if fields.isEmpty { return }
        for (name, value) in fields {
            try HeaderValidation.validate(name: name, value: value)
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        if fields.count > 1, let (first, second) = caseInsensitiveDuplicate(in: fields.keys) {
            throw .invalidRequest(
                "\(layer) names the header \"\(first)\" twice, also as \"\(second)\"; header names ignore case, so "
                    + "keep one")
        }
    }

    /// Two names among `names` that are equal ignoring ASCII case, or `nil` when all differ.
    /// Quadratic, with no allocation, for the handful of headers a request has.
    private static func caseInsensitiveDuplicate(in names: Dictionary<String, String>.Keys) -> (String, String)? {
        var outer = names.startIndex
        while outer != names.endIndex {
            let name = names[outer]
            var inner = names.index(after: outer)
            while inner != names.endIndex {
                let other = names[inner]
                if HeaderFields.equalIgnoringCase(other, name) {
                    return (name, other)
                }
                inner = names.index(after: inner)
            }
            outer = names.index(after: outer)
        }
        return nil
    }

    /// `contentType` with the boundary of a multipart body added when it has none: body mixins
    /// pick a fresh boundary while encoding, and the body's first line says which.
    private static func withBoundary(_ contentType: String, of body: Data) -> String {
        guard contentType.hasPrefix("multipart/"), !contentType.contains("boundary="),
            let boundary = MultipartBodyBuilder.boundary(atStartOf: body)
        else { return contentType }
        return contentType + "; boundary=" + boundary
    }
}
