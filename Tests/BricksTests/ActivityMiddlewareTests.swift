import Bricks
import BricksTestSupport
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct ActivityMiddlewareTests {
    @Test func reportsBusyThenIdleAroundOneRequest() async throws {
        let changes = Recorder<Bool>()
        let inFlight = Recorder<Int>()
        let activity = ActivityMiddleware { changes.append($0) }
        let probe = Responder { _, _ in
            inFlight.append(activity.requestsInFlight)
            return .init(status: 200)
        }
        _ = try await Session(transport: StubTransport(), middleware: [activity, probe]).send(Custom(path: "/x"))
        #expect(changes.values == [true, false])
        #expect(inFlight.values == [1])
        #expect(activity.requestsInFlight == 0)
    }

    @Test func overlappingRequestsMakeOneBusyPeriod() async throws {
        let changes = Recorder<Bool>()
        let activity = ActivityMiddleware { changes.append($0) }
        let together = Rendezvous(count: 3)
        let transport = ReplyingTransport { request in
            await together.arrive()
            return (Data(), responseHead(for: request, status: 200))
        }
        let session = Session(transport: transport, middleware: [activity])
        async let a = session.send(Custom(path: "/a"))
        async let b = session.send(Custom(path: "/b"))
        async let c = session.send(Custom(path: "/c"))
        _ = try await (a, b, c)
        #expect(changes.values == [true, false])
    }

    @Test func failuresAlsoEndTheBusyPeriod() async throws {
        let changes = Recorder<Bool>()
        let stub = StubTransport()
        await stub.register(.get, "/x", reply: .init(failure: URLError(.cannotConnectToHost)))
        let session = Session(transport: stub, middleware: [ActivityMiddleware { changes.append($0) }])
        _ = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/x")) }
        _ = await #expect(throws: BricksError.self) { try await session.send(Custom(path: "/x")) }
        #expect(changes.values == [true, false, true, false])
    }
}
