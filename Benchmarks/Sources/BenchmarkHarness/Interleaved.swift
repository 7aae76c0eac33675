/// Measures contenders in the same run, taking turns, so that their ratio survives a noisy machine.
///
/// Every run is cut into blocks; in each block every contender does the same number of units of
/// work, in an order that rotates from block to block. A contender's sample for a run summarises
/// its blocks (see ``Sample``). Ratios are then taken run by run (see ``Measurements``), which cancels drift
/// in machine load that absolute figures cannot escape.
public enum Interleaved {
    /// Warms up, then measures `contenders` as `plan` says.
    /// - Throws: the first error a contender throws.
    public static func measure(_ contenders: [Contender], plan: MeasurementPlan) async throws -> Measurements {
        let iterations: Int
        switch plan.iterations {
        case .fixed(let count):
            iterations = max(1, count)
            for contender in contenders where plan.warmupIterations > 0 {
                try await contender.body(plan.warmupIterations)
            }
        case .calibrated(let target):
            var slowest = 0.0
            for contender in contenders {
                slowest = max(slowest, try await microsecondsPerIteration(of: contender))
            }
            iterations = max(1, Int(target.microseconds / max(slowest, 0.001)))
        }

        let clock = ContinuousClock()
        var samples = Array(repeating: [Sample](), count: contenders.count)
        var turn = 0
        for _ in 0..<plan.runs {
            var blocks = Array(repeating: [(wall: Duration, cpu: Duration)](), count: contenders.count)
            for _ in 0..<plan.blocksPerRun {
                for offset in contenders.indices {
                    let index = (turn + offset) % contenders.count
                    let cpuBefore = ResourceUsage.processCPUTime()
                    let start = clock.now
                    try await contenders[index].body(iterations)
                    let wall = clock.now - start
                    blocks[index].append((wall, ResourceUsage.processCPUTime() - cpuBefore))
                }
                turn += 1
            }
            for index in contenders.indices {
                samples[index].append(Sample(blocks: blocks[index], iterationsPerBlock: iterations))
            }
        }
        return Measurements(
            names: contenders.map(\.name), samples: samples, iterationsPerRun: iterations * plan.blocksPerRun)
    }

    /// Runs `contender` with doubling counts until a call lasts 20 ms, and returns the cost of one
    /// unit of work in the last call. This is also its warm-up.
    private static func microsecondsPerIteration(of contender: Contender) async throws -> Double {
        let clock = ContinuousClock()
        var count = 1
        while true {
            let elapsed = try await clock.measure { try await contender.body(count) }
            if elapsed >= .milliseconds(20) || count >= 1 << 24 {
                return elapsed.microseconds / Double(count)
            }
            count *= 2
        }
    }
}
