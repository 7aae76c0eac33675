import Bricks
import Foundation

/// A transport that returns the same prebuilt reply to every request, at the least possible cost,
/// so that what is measured over it is Bricks and not the transport. (BricksTesting's
/// `StubTransport` records every request and matches routes: right for tests, too heavy here.)
struct PrebuiltTransport: HTTPTransport {
    let response: RawResponse

    /// A transport answering `200 OK` with `json`, as a buffered body.
    init(json: String, url: URL) {
        response = RawResponse(head: DecodeBenchmarks.okResponse(for: url), body: ResponseBody(Data(json.utf8)))
    }

    /// Answers at once, so the deadline can never pass: like the built-in transports, it lets the
    /// core hand it the deadline (in the ``CallContext``) instead of watching the exchange
    /// from a task of its own.
    var stopsAtDeadline: Bool { true }

    func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        response
    }
}
