import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct MethodMixinTests {
    struct Get: ExampleRequest, GETRequestType, EmptyResponseType {}
    struct Head: ExampleRequest, HEADRequestType, EmptyResponseType {}
    struct Post: ExampleRequest, POSTRequestType, EmptyResponseType {}
    struct Put: ExampleRequest, PUTRequestType, EmptyResponseType { var path: String { "/thing" } }
    struct Patch: ExampleRequest, PATCHRequestType, EmptyResponseType { var path: String { "/thing" } }
    struct Delete: ExampleRequest, DELETERequestType, EmptyResponseType {}
    struct Options: ExampleRequest, EmptyResponseType { var method: HTTPMethod { .options } }

    static let cases: [(any RequestType & Sendable, String, Bool)] = [
        (Get(), "GET", true), (Head(), "HEAD", true), (Post(), "POST", false), (Put(), "PUT", true),
        (Patch(), "PATCH", false), (Delete(), "DELETE", true), (Options(), "OPTIONS", true),
    ]

    @Test(arguments: cases)
    func eachMixinSetsItsMethod(request: any RequestType & Sendable, name: String, idempotent: Bool) throws {
        #expect(request.method.rawValue == name)
        #expect(try request.makeURLRequest().httpMethod == name)
        #expect(request.method.isIdempotent == idempotent)
    }

    @Test func sessionContextKnowsTheMethodsIdempotency() async throws {
        struct Probe: Middleware {
            func intercept(_ request: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next) async throws
                -> RawResponse
            {
                var request = request
                request.setValue("\(request.method) \(context.isIdempotent)", forHTTPHeaderField: "X-Probe")
                return try await next(request, body, context)
            }
        }
        let stub = StubTransport()
        await stub.register(.put, "/thing", reply: .init(status: 204))
        await stub.register(.patch, "/thing", reply: .init(status: 204))
        let session = Session(transport: stub, middleware: [Probe()])
        try await session.send(Put())
        try await session.send(Patch())
        #expect(await stub.requests.map { $0.value(forHTTPHeaderField: "X-Probe") } == ["PUT true", "PATCH false"])
    }

    @Test func aBodyOnHEADIsRejectedLikeOnGET() {
        struct HeadWithBody: ExampleRequest, HEADRequestType, DataBodyRequestType, EmptyResponseType {
            var body: Data { Data("x".utf8) }
        }
        struct GetWithJSON: ExampleRequest, GETRequestType, JSONBodyRequestType, EmptyResponseType {
            var body: [String: Int] { ["a": 1] }
        }
        #expect(throws: BricksError(.invalidRequest(""))) { try HeadWithBody().makeURLRequest() }
        do {
            _ = try GetWithJSON().makeURLRequest()
            Issue.record("a GET with a body was built")
        } catch {
            #expect("\(error)".contains("a GET request cannot carry a body"))
        }
    }

    @Test func deleteMayCarryABody() throws {
        struct DeleteMany: ExampleRequest, DELETERequestType, JSONBodyRequestType, EmptyResponseType {
            var body: [Int] { [1, 2] }
        }
        let request = try DeleteMany().makeURLRequest()
        #expect(request.httpMethod == "DELETE")
        #expect(request.httpBody == Data("[1,2]".utf8))
    }
}
