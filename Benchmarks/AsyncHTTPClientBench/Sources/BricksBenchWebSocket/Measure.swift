import BenchmarkHarness
import Foundation

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One timed loop of one contender: wall time and this process's CPU time (the server runs in a
/// process of its own, so it is the client's).
struct Run: Sendable {
    let messages: Int
    let wall: Duration
    let cpu: Duration

    var messagesPerSecond: Double { Double(messages) / seconds(wall) }
    var cpuMicrosecondsPerMessage: Double { seconds(cpu) * 1e6 / Double(messages) }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Starts the clocks; ``stop(_:)`` reads them.
struct Meter {
    let start = ContinuousClock.now
    let cpu = ResourceUsage.processCPUTime()

    func stop(_ messages: Int) -> Run {
        Run(messages: messages, wall: ContinuousClock.now - start, cpu: ResourceUsage.processCPUTime() - cpu)
    }
}

/// A workload: echo round trips or a one-way stream, of small JSON or 64 KiB binary messages.
struct Workload: Sendable {
    static let binarySize = 64 << 10

    let name: String
    let kind: MessageKind
    let oneWay: Bool
    let count: Int

    static func all(quick: Bool) -> [Workload] {
        let scale = quick ? 10 : 1
        return [
            Workload(name: "echo, small JSON", kind: .json, oneWay: false, count: 10_000 / scale),
            Workload(name: "echo, 64 KiB binary", kind: .binary, oneWay: false, count: 2_000 / scale),
            Workload(name: "one-way, small JSON", kind: .json, oneWay: true, count: 100_000 / scale),
            Workload(name: "one-way, 64 KiB binary", kind: .binary, oneWay: true, count: 4_096 / scale),
        ]
    }

    func run(_ contender: any WebSocketContender) async throws -> Run {
        oneWay ? try await contender.stream(kind, count: count) : try await contender.echo(kind, count: count)
    }
}

/// The rounds of one workload: each round runs both contenders, in alternating order.
struct WorkloadResult {
    let workload: Workload
    var bricks: [Run] = []
    var raw: [Run] = []
    var loadBefore = ""
    var loadAfter = ""

    var throughputRatios: [Double] { zip(bricks, raw).map { $0.messagesPerSecond / $1.messagesPerSecond } }
    var cpuRatios: [Double] { zip(bricks, raw).map { $0.cpuMicrosecondsPerMessage / $1.cpuMicrosecondsPerMessage } }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
