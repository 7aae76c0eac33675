import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that returns the same prebuilt reply to every request, at the least possible cost,
/// so that what is measured over it is Bricks and not the transport. (BricksTesting's
/// `StubTransport` records every request and matches routes: right for tests, too heavy here.)
struct PrebuiltTransport: HTTPTransport {
    let data: Data
    let response: HTTPURLResponse

    /// A transport answering `200 OK` with `json`.
    init(json: String, url: URL) throws {
        data = Data(json.utf8)
        response = try DecodeBenchmarks.okResponse(for: url)
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        (data, response)
    }
}
