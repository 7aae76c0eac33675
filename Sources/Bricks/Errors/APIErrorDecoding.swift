import Foundation

/// How a reply becomes the endpoint's `Response` or an error: the one place, for whole-body
/// calls, streams and downloads alike.
///
/// A status the call accepts (``CallContext/isSuccess(_:)``: the endpoint's
/// ``ResponseType/acceptableStatusCodes``) is decoded with
/// ``ResponseType/decode(_:response:)``; a `DecodingError` becomes
/// ``BricksError/Reason/decoding(_:bodyExcerpt:)``. Any other status becomes, in this order: the
/// error of ``ResponseType/error(forStatus:data:response:)``; the API's own error decoded with
/// ``ResponseType/decodeAPIError(from:response:)`` in a ``TypedAPIError``; else
/// ``BricksError/Reason/unacceptableStatus(_:body:)``. Each names the call.
enum APIErrorDecoding {
    /// The decoded response, or the error for its status.
    /// - Throws: the error for an unacceptable status, a decoding ``BricksError``, or the
    ///   endpoint's own decoding error unchanged (an envelope's failure, say).
    ///
    /// A reply that has no body (`204`, `205`, or the reply to a `HEAD`) is `nil` for an optional
    /// `Response` without being decoded; for another it is a decoding error that says so.
    static func decode<Request: ResponseType>(
        _ request: Request, data: Data, head: ResponseHead, context: CallContext, isHeadRequest: Bool = false,
        summary: () -> RequestSummary
    ) throws -> Request.Response {
        guard context.isSuccess(head.statusCode) else {
            throw failure(request, data: data, head: head, call: summary())
        }
        let hasNoBody = data.isEmpty && (isHeadRequest || head.statusCode == 204 || head.statusCode == 205)
        if hasNoBody {
            return try decodeWithoutBody(request, data: data, head: head, isHeadRequest: isHeadRequest, summary: summary)
        }
        return try decoded(request, data: data, head: head, hasNoBody: false, isHeadRequest: isHeadRequest, summary: summary)
    }

    /// A reply without a body: `nil` for an optional `Response`, else what decoding nothing says.
    /// Not inlined into ``decode(_:data:head:context:isHeadRequest:summary:)``: `Optional<Response>`
    /// is generic metadata the runtime looks up at every call that holds one.
    @inline(never)
    private static func decodeWithoutBody<Request: ResponseType>(
        _ request: Request, data: Data, head: ResponseHead, isHeadRequest: Bool, summary: () -> RequestSummary
    ) throws -> Request.Response {
        if let none = (Request.Response.self as? any ExpressibleByNilLiteral.Type)?.init(nilLiteral: ()),
            let none = none as? Request.Response
        {
            return none
        }
        return try decoded(request, data: data, head: head, hasNoBody: true, isHeadRequest: isHeadRequest, summary: summary)
    }

    /// The endpoint's `decode(_:response:)` of `data`, its `DecodingError` as a ``BricksError``
    /// that names the call.
    private static func decoded<Request: ResponseType>(
        _ request: Request, data: Data, head: ResponseHead, hasNoBody: Bool, isHeadRequest: Bool,
        summary: () -> RequestSummary
    ) throws -> Request.Response {
        do {
            return try request.decode(data, response: head)
        } catch var error as DecodingError {
            if hasNoBody {
                let reply = isHeadRequest ? "a reply to HEAD" : "a \(head.statusCode) reply"
                error = .dataCorrupted(.init(codingPath: [], debugDescription:
                    "\(reply) has no body, and \(Request.Response.self) is read from one (make the endpoint's Response "
                    + "optional, or adopt EmptyResponseType)"))
            }
            var failure = BricksError(.decoding(error, bodyExcerpt: BricksError.excerpt(of: data)), request: summary())
            failure.replyContentType = nonJSONContentType(of: head)
            failure.sentValue = sentValue(at: error, in: data)
            throw failure
        }
        // Any other error was thrown on purpose by the endpoint's own decoding (an envelope's
        // failure, say): it reaches the caller unchanged, like a typed API error.
    }

    /// For a decoding error that says what the endpoint promised in its own words (a generated
    /// model's: its underlying error is the decoder's own), the value the body holds at its path,
    /// as compact JSON (`null`, `"x"`, `missing` for a key that is not there). Read only on failure.
    static func sentValue(at error: DecodingError, in data: Data) -> String? {
        let context: DecodingError.Context
        var path: [any CodingKey]
        switch error {
        case .valueNotFound(_, let found), .typeMismatch(_, let found), .dataCorrupted(let found):
            (context, path) = (found, found.codingPath)
        case .keyNotFound(let key, let found):
            (context, path) = (found, found.codingPath + [key])
        @unknown default:
            return nil
        }
        guard context.underlyingError is DecodingError,
            var value = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
        else { return nil }
        while !path.isEmpty {
            let key = path.removeFirst()
            if let index = key.intValue, let list = value as? [Any], list.indices.contains(index) {
                value = list[index]
            } else if let object = value as? [String: Any], let member = object[key.stringValue] {
                value = member
            } else {
                return "missing"
            }
        }
        // In a list, so that a single value is written as JSON on every platform; the brackets taken off.
        guard let json = try? JSONSerialization.data(withJSONObject: [value], options: .sortedKeys) else { return nil }
        let text = String(decoding: json.dropFirst().dropLast(), as: UTF8.self)
        return text.count > 80 ? text.prefix(80) + "…" : text
    }

    /// The reply's `Content-Type` when it is not a JSON type: what a decoding error names.
    static func nonJSONContentType(of head: ResponseHead) -> String? {
        guard let type = head.headerFields["Content-Type"], !type.lowercased().contains("json") else { return nil }
        return type
    }

    /// The error for a reply whose status `request` does not accept, from its body `data`.
    static func failure<Request: ResponseType>(
        _ request: Request, data: Data, head: ResponseHead, call: RequestSummary
    ) -> any Error {
        if let mapped = request.error(forStatus: head.statusCode, data: data, response: head) {
            return (mapped as? any NamesItsCall)?.naming(call) ?? mapped
        }
        if let value = try? request.decodeAPIError(from: data, response: head) {
            return TypedAPIError(value, head: head, request: call)
        }
        return BricksError(.unacceptableStatus(head, body: data), request: call)
    }
}
