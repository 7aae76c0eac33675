import Bricks
import NIOCore
import NIOPosix
import Testing

@testable import BricksAsyncHTTPClient

@Suite struct DeadlineTests {
    let loop = MultiThreadedEventLoopGroup.singleton.any()

    @Test func returnsTheValueWhenTheOperationFinishesFirst() async throws {
        let value = try await Deadline.run(until: .now() + .seconds(5), on: loop) { 42 }
        #expect(value == 42)
    }

    @Test func passesTheOperationsErrorOn() async {
        await #expect(throws: BricksError.invalidURL("x")) {
            try await Deadline.run(until: .now() + .seconds(5), on: loop) { () async throws -> Int in
                throw BricksError.invalidURL("x")
            }
        }
    }

    @Test func timesOutASlowOperationAndCancelsIt() async {
        let started = ContinuousClock.now
        await #expect(throws: BricksError.timedOut) {
            try await Deadline.run(until: .now() + .milliseconds(200), on: loop) { () async throws -> Int in
                try await Task.sleep(for: .seconds(10))
                return 0
            }
        }
        let elapsed = ContinuousClock.now - started
        #expect(elapsed >= .milliseconds(150))
        #expect(elapsed < .seconds(2))
    }

    @Test func cancellingTheCallerCancelsTheOperation() async {
        let (started, signal) = AsyncStream.makeStream(of: Void.self)
        let loop = self.loop
        let task = Task {
            try await Deadline.run(until: .now() + .seconds(30), on: loop) { () async throws -> Int in
                signal.yield()
                try await Task.sleep(for: .seconds(30))
                return 0
            }
        }
        for await _ in started { break }
        let cancelledAt = ContinuousClock.now
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(ContinuousClock.now - cancelledAt < .seconds(2))
    }
}
