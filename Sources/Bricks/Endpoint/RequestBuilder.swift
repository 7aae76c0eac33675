import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds the head of ``RequestType`` values: the default ``RequestType/makeRequestHead(body:)``.
///
/// Kept apart from the protocol so that proxies and pagination strategies reuse the same checks.
enum RequestBuilder {
    static func makeHead(for request: some RequestType, body: RequestBody?) throws(BricksError) -> RequestHead {
        let parameters = try rethrow(as: { .invalidRequest("the query parameters could not be encoded: \($0)") }) {
            try request.encodedQueryItems()
        }
        let built = try URLBuilder.build(
            base: request.baseURL.baseURLString, path: request.path, segments: request.pathSegments, query: request.queryItems,
            parameters: parameters, webSocket: request is any WebSocketEndpoint)
        let method = request.method
        var fields = HeaderFields()
        if let body {
            guard method != .get && method != .head else {
                throw .invalidRequest(
                    "a \(method) request cannot carry a body; send the values as queryItems or use another method")
            }
            if let contentType = body.contentType {
                try HeaderValidation.validate(name: "Content-Type", value: contentType)
                fields.append(name: "Content-Type", value: contentType)
            }
        }
        try apply(request.headerFields, to: &fields, layer: "headerFields")
        try apply(request.additionalHeaderFields, to: &fields, layer: "additionalHeaderFields")
        fields.markChecked()  // each field was checked as it was set
        return RequestHead(
            method: method, parts: built.parts, headerFields: fields, basePath: built.basePath,
            baseQueryCount: built.baseQueryCount)
    }

    /// Runs `body`, passing a ``BricksError`` through and turning any other error into one.
    static func rethrow<Value>(
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
    /// The names are applied in sorted order, so that a head is the same from run to run.
    static func apply(
        _ fields: [String: String], to headerFields: inout HeaderFields, layer: String
    ) throws(BricksError) {
        if fields.isEmpty { return }
        for (name, value) in fields.count == 1 ? Array(fields) : fields.sorted(by: { $0.key < $1.key }) {
            try HeaderValidation.validate(name: name, value: value)
            headerFields[name] = value
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
}
