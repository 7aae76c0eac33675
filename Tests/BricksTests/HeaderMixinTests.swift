@testable import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An API protocol that gives every endpoint shared headers, as in DESIGN.md.
private protocol HeaderAPI: BaseURLRequestType {}
extension HeaderAPI {
    var baseURL: URL { exampleBase }
    var headerFields: [String: String] {
        ["Accept": "application/vnd.api+json", "X-Client": "app", "Content-Type": "application/merge-patch+json"]
    }
}

private struct UpdateThing: HeaderAPI, PATCHRequestType, JSONBodyRequestType, EmptyResponseType {
    var body: [String: String] { ["name": "n"] }
    var additionalHeaderFields: [String: String] = ["accept": "text/csv", "X-Endpoint": "update"]
}

/// What a proxy does: forwards the wrapped request and lays its own headers over the head the
/// base builds, replacing names that differ only in case.
private struct HeaderProxy<Base: RequestContextType>: RequestProxy {
    var base: Base
    let headers: [String: String]
    func makeRequestHead(body: RequestBody?) throws -> RequestHead {
        var head = try base.makeRequestHead(body: body)
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head.headerFields[name] = value }
        return head
    }
}

private struct SetHeader: Middleware {
    let name: String, value: String
    func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws -> RawResponse {
        var request = request
        request.setValue(value, forHTTPHeaderField: name)
        return try await next(request, body, context)
    }
}

@Suite struct HeaderMixinTests {
    @Test func layersMergeInOrderIgnoringCase() throws {
        let request = try UpdateThing().makeURLRequest()
        let headers = request.allHTTPHeaderFields ?? [:]
        #expect(headers.count == 4)
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/csv")  // endpoint over app protocol
        #expect(request.value(forHTTPHeaderField: "X-Client") == "app")  // app protocol kept
        #expect(request.value(forHTTPHeaderField: "x-endpoint") == "update")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")  // over the body's
    }

    @Test func contentTypeOfTheBodyIsTheDefault() throws {
        struct Create: ExampleRequest, POSTRequestType, JSONBodyRequestType, EmptyResponseType {
            var body: [String: String] { [:] }
        }
        #expect(try Create().makeURLRequest().value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func proxyAndMiddlewareComeLast() async throws {
        let stub = StubTransport()
        await stub.register(.patch, "", reply: .init(status: 204))
        let proxied = HeaderProxy(
            base: UpdateThing(), headers: ["ACCEPT": "text/plain", "X-Proxy": "p", "x-client": "proxy"])
        let session = Session(transport: stub, middleware: [SetHeader(name: "x-proxy", value: "middleware")])
        try await session.send(proxied)
        let sent = try #require(await stub.requests.first)
        #expect(sent.value(forHTTPHeaderField: "Accept") == "text/plain")
        #expect(sent.value(forHTTPHeaderField: "X-Client") == "proxy")
        #expect(sent.value(forHTTPHeaderField: "X-Proxy") == "middleware")
        #expect(sent.value(forHTTPHeaderField: "X-Endpoint") == "update")
        #expect(sent.allHTTPHeaderFields?.count == 5)
    }

    @Test func oneLayerNamingAHeaderTwiceIsRejected() {
        var request = UpdateThing()
        request.additionalHeaderFields = ["X-Trace": "a", "x-trace": "b"]
        #expect(throws: BricksError(.invalidRequest(""))) { try request.makeURLRequest() }
        do {
            _ = try request.makeURLRequest()
        } catch {
            #expect("\(error)".contains("additionalHeaderFields names the header"))
        }
    }

    @Test func additionalHeadersAreValidatedToo() {
        var request = UpdateThing()
        request.additionalHeaderFields = ["X-Evil": "a\r\nInjected: 1"]
        #expect(throws: BricksError(.invalidHeader(name: "X-Evil", reason: ""))) { try request.makeURLRequest() }
    }
}
