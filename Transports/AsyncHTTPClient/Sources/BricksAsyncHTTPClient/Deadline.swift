import Bricks
import NIOCore

/// A deadline for a whole exchange, body and redirects included: AsyncHTTPClient's own deadline
/// stops at the response head.
enum Deadline {
    /// How the race between the operation and the timer ended.
    private enum Outcome<Value: Sendable>: Sendable {
        case finished(Value)
        case expired
        case stopped
    }

    /// Runs `operation`, cancelling it at `deadline`.
    /// - Throws: ``BricksError/timedOut`` when the deadline passes first, or what `operation` throws.
    static func run<Value: Sendable>(
        until deadline: NIODeadline, on eventLoop: any EventLoop,
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Outcome<Value>.self) { group in
            group.addTask { .finished(try await operation()) }
            group.addTask { await expire(at: deadline, on: eventLoop) ? .expired : .stopped }
            while let outcome = try await group.next() {
                switch outcome {
                case .finished(let value):
                    group.cancelAll()
                    return value
                case .expired:
                    group.cancelAll()
                    throw BricksError.timedOut
                case .stopped:
                    continue  // the caller was cancelled: the operation ends with that
                }
            }
            throw BricksError.cancelled  // not reached: the operation's child always yields
        }
    }

    /// Waits until `deadline` on a NIO timer, which (unlike `Task.sleep`) is freed when cancelled.
    /// - Returns: `true` when the deadline passed, `false` when the wait was cancelled.
    private static func expire(at deadline: NIODeadline, on eventLoop: any EventLoop) async -> Bool {
        let timer = eventLoop.scheduleTask(deadline: deadline) {}
        return await withTaskCancellationHandler {
            (try? await timer.futureResult.get()) != nil
        } onCancel: {
            timer.cancel()
        }
    }
}
