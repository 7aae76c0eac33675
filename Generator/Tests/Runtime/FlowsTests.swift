// The code generated from Tests/BricksOpenAPIGeneratorTests/Specs/flows.yaml (a FastAPI
// application's shapes) against Bricks' StubTransport: what goes on the wire and how replies come
// back, as a real FastAPI server showed them (issue 41).
import Bricks
import BricksTesting
import Flows
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct GeneratedFlowsTests {
    static let flowJSON = #"{"id": "6f1c2a1e-0000-4000-8000-000000000001", "name": "a", "updated_at": "2026-11-28T02:30:24.820370Z"}"#

    /// `POST /flows/` keeps its slash: without it FastAPI answers 307 and the body is sent twice.
    @Test func aTrailingSlashIsKept() async throws {
        let stub = StubTransport()
        await stub.register(.post, "/api/v1/flows/", reply: .json(Self.flowJSON, status: 201))
        _ = try await Session(transport: stub).send(CreateFlow(body: .init(name: "a")))
        let sent = try #require(await stub.requests(matching: .post, "/api/v1/flows/").first)
        #expect(sent.url?.absoluteString == "https://flows.example/api/v1/flows/")
        let one = try ReadFlow(flowId: "x").makeURLRequest()
        #expect(one.url?.absoluteString == "https://flows.example/api/v1/flows/x")
    }

    /// A date the server wrote with microseconds goes back with them, in a query and in a body:
    /// `…24Z` would filter on another instant (0 rows instead of 1, no error).
    @Test func aDateGoesBackWithItsFractionalSeconds() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/api/v1/flows/*", reply: .json(Self.flowJSON))
        await stub.register(.get, "/api/v1/flows/", reply: .json("[" + Self.flowJSON + "]"))
        await stub.register(.post, "/api/v1/flows/", reply: .json(Self.flowJSON, status: 201))
        let session = Session(transport: stub)
        let flow = try await session.send(ReadFlow(flowId: "6f1c2a1e-0000-4000-8000-000000000001"))
        _ = try await session.send(ReadFlows(updatedSince: flow.updatedAt))
        let query = try #require(await stub.requests(matching: .get, "/api/v1/flows/").last?.url?.query)
        #expect(query == "updated_since=2026-11-28T02:30:24.82037Z")
        _ = try await session.send(CreateFlow(body: .init(name: "b", updatedAt: flow.updatedAt)))
        let body = try #require(await stub.requests(matching: .post, "/api/v1/flows/").last?.httpBody)
        #expect(String(decoding: body, as: UTF8.self).contains(#""2026-11-28T02:30:24.82037Z""#))
        // Whole seconds stay whole; a date decodes with or without a fraction.
        #expect(FlowsCoding.string(from: Date(timeIntervalSince1970: 1_700_000_000)) == "2023-11-14T22:13:20Z")
        #expect(FlowsCoding.date(from: "2023-11-14T22:13:20.5Z") == Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(FlowsCoding.date(from: "2023-11-14T22:13:20.Z") == nil)
    }

    /// `HTTPValidationError` is declared for 422 only: a 404's body is not one (it would decode as
    /// `HTTPValidationError(detail: nil)`, its message lost); a 422 without its member neither.
    @Test func theErrorTypeIsReadOnlyForTheStatusesThatDeclareIt() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/api/v1/flows/missing", reply: .json(#"{"detail": "Flow not found"}"#, status: 404))
        await stub.register(
            .get, "/api/v1/flows/bad",
            reply: .json(#"{"detail": [{"loc": ["path", "flow_id"], "msg": "not a UUID", "type": "uuid_parsing"}]}"#, status: 422))
        await stub.register(.get, "/api/v1/flows/odd", reply: .json(#"{"message": "slow down"}"#, status: 422))
        let session = Session(transport: stub)
        do {
            _ = try await session.send(ReadFlow(flowId: "missing"))
            Issue.record("a 404 was read as a flow")
        } catch let error as BricksError {
            guard case .unacceptableStatus(let head, let body) = error.reason else {
                Issue.record("not the status and body: \(error)")
                return
            }
            #expect(head.statusCode == 404)
            #expect(String(decoding: body, as: UTF8.self).contains("Flow not found"))
        }
        do {
            _ = try await session.send(ReadFlow(flowId: "bad"))
            Issue.record("a 422 was read as a flow")
        } catch let error as TypedAPIError<HTTPValidationError> {
            #expect(error.value.detail?.first?.msg == "not a UUID")
        }
        do {
            _ = try await session.send(ReadFlow(flowId: "odd"))
            Issue.record("a 422 was read as a flow")
        } catch let error as BricksError {
            guard case .unacceptableStatus(_, let body) = error.reason else {
                Issue.record("not the status and body: \(error)")
                return
            }
            #expect(String(decoding: body, as: UTF8.self).contains("slow down"))
        }
    }
}
