@testable import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct DeduplicationMiddlewareTests {
    @Test func identicalRequestsInFlightShareOneCall() async throws {
        let dedup = DeduplicationMiddleware()
        let transport = GatedTransport(gate: Rendezvous(count: .max))
        let session = Session(transport: transport, middleware: [dedup])
        async let first = session.send(Custom(path: "/x"))
        async let second = session.send(Custom(path: "/x"))
        try await eventually { dedup.waiterCount == 2 }
        await transport.gate.open()
        let replies = try await [first, second]
        #expect(replies[0] == replies[1])
        #expect(transport.calls.count == 1)
    }

    @Test func requestsOneAfterTheOtherAreNotMerged() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(status: 204))
        let session = Session(transport: stub, middleware: [DeduplicationMiddleware()])
        _ = try await session.send(Custom(path: "/x"))
        _ = try await session.send(Custom(path: "/x"))
        #expect(await stub.requests.count == 2)
    }

    @Test(arguments: [
        (Custom(path: "/x"), Custom(path: "/y")),
        (Custom(path: "/x"), Custom(path: "/x", queryItems: [URLQueryItem(name: "page", value: "2")])),
        (Custom(path: "/x"), Custom(path: "/x", headerFields: ["Authorization": "Bearer other-user"])),
        (Custom(method: .post, path: "/x", body: Data("1".utf8)), Custom(method: .post, path: "/x", body: Data("1".utf8))),
        (Custom(method: .put, path: "/x", body: Data("1".utf8)), Custom(method: .put, path: "/x", body: Data("2".utf8))),
    ])
    func differentOrUnsafeRequestsEachMakeTheirOwnCall(first: Custom, second: Custom) async throws {
        // Both must reach the transport before either is answered: two calls in flight together.
        let transport = GatedTransport(gate: Rendezvous(count: 2))
        let session = Session(transport: transport, middleware: [DeduplicationMiddleware(methods: [.get, .head, .put])])
        async let a = session.send(first)
        async let b = session.send(second)
        _ = try await (a, b)
        #expect(transport.calls.count == 2)
    }

    @Test func aCancelledWaiterLeavesWithoutCancellingTheOthers() async throws {
        let dedup = DeduplicationMiddleware()
        let transport = GatedTransport(gate: Rendezvous(count: .max))
        let session = Session(transport: transport, middleware: [dedup])
        let leaving = Task { try await session.send(Custom(path: "/x")) }
        let staying = Task { try await session.send(Custom(path: "/x")) }
        try await eventually { dedup.waiterCount == 2 }
        leaving.cancel()
        await #expect(throws: BricksError(.cancelled)) { try await leaving.value }
        #expect(dedup.waiterCount == 1)
        await transport.gate.open()
        #expect(String(decoding: try await staying.value, as: UTF8.self) == "call 1")
        #expect(transport.calls.count == 1)
        #expect(transport.cancelled.values.isEmpty)
    }

    @Test func whenEveryWaiterHasLeftTheCallIsCancelled() async throws {
        let dedup = DeduplicationMiddleware()
        let transport = GatedTransport(gate: Rendezvous(count: .max))
        let session = Session(transport: transport, middleware: [dedup])
        let only = Task { try await session.send(Custom(path: "/x")) }
        try await eventually { dedup.waiterCount == 1 && transport.calls.count == 1 }
        only.cancel()
        await #expect(throws: BricksError(.cancelled)) { try await only.value }
        await transport.gate.open()
        try await eventually { transport.cancelled.count == 1 }

        // The next identical request starts afresh.
        _ = try await session.send(Custom(path: "/x"))
        #expect(transport.calls.count == 2)
    }

    @Test func everyWaiterReceivesTheSharedError() async throws {
        let dedup = DeduplicationMiddleware()
        let transport = GatedTransport(gate: Rendezvous(count: .max), failure: URLError(.networkConnectionLost))
        let session = Session(transport: transport, middleware: [dedup])
        let first = Task { try await session.send(Custom(path: "/x")) }
        let second = Task { try await session.send(Custom(path: "/x")) }
        try await eventually { dedup.waiterCount == 2 }
        await transport.gate.open()
        await #expect(throws: BricksError(.transport(URLError(.networkConnectionLost)))) { try await first.value }
        await #expect(throws: BricksError(.transport(URLError(.networkConnectionLost)))) { try await second.value }
        #expect(transport.calls.count == 1)
    }
}
