@testable import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing

/// Header fields are checked once where they are made, and again only when a layer added or
/// changed one: what the core relies on to skip the check of a head the builder made.
@Suite struct HeaderCheckTests {
    struct Tagged: RequestContextType, GETRequestType, DataResponseType {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "/items" }
        var headerFields: [String: String] { ["Accept": "application/json", "X-Tag": "a"] }
    }

    @Test func aHeadTheBuilderMadeIsChecked() throws {
        let head = try Tagged().makeRequestHead(body: nil)
        #expect(head.headerFields.isChecked)
    }

    @Test func addingOrChangingAFieldAsksForACheckAndRemovingOneDoesNot() throws {
        var fields = try Tagged().makeRequestHead(body: nil).headerFields
        fields.remove("X-Tag")
        #expect(fields.isChecked, "removing a checked field leaves the rest checked")
        fields["Accept"] = "text/plain"
        #expect(!fields.isChecked)
        try fields.check()
        #expect(fields.isChecked)
        fields.append(name: "Bad Name", value: "1")
        #expect(!fields.isChecked)
        #expect(throws: BricksError(.invalidHeader(name: "Bad Name", reason: ""))) { try fields.check() }
    }

    @Test func aValueWithALineBreakAddedByAMiddlewareIsRefusedBeforeTheTransport() async throws {
        struct Smuggler: Middleware {
            func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: Next)
                async throws -> RawResponse
            {
                var head = head
                head.headerFields["X-Tag"] = "a\r\nX-Injected: 1"
                return try await next(head, body, context)
            }
        }
        let stub = StubTransport()
        await stub.register(.get, "/items", reply: .init(body: Data()))
        let session = Session(transport: stub, middleware: [Smuggler()])
        await #expect(throws: BricksError(.invalidHeader(name: "X-Tag", reason: ""))) { try await session.send(Tagged()) }
        #expect(await stub.requests.isEmpty)
    }

    @Test func equalFieldsAreEqualWhetherCheckedOrNot() throws {
        let checked = try Tagged().makeRequestHead(body: nil).headerFields
        let unchecked = HeaderFields(Array(checked))
        #expect(!unchecked.isChecked)
        #expect(checked == unchecked)
        #expect(checked.hashValue == unchecked.hashValue)
    }
}
