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
    static func decode<Request: ResponseType>(
        _ request: Request, data: Data, head: ResponseHead, context: CallContext, summary: () -> RequestSummary
    ) throws -> Request.Response {
        guard context.isSuccess(head.statusCode) else {
            throw failure(request, data: data, head: head, call: summary())
        }
        do {
            return try request.decode(data, response: head)
        } catch let error as DecodingError {
            var failure = BricksError(.decoding(error, bodyExcerpt: BricksError.excerpt(of: data)), request: summary())
            failure.replyContentType = nonJSONContentType(of: head)
            throw failure
        }
        // Any other error was thrown on purpose by the endpoint's own decoding (an envelope's
        // failure, say): it reaches the caller unchanged, like a typed API error.
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
