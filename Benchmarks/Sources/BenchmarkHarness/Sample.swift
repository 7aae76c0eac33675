/// What one contender cost in one run, per unit of work.
///
/// Wall-clock time is the median over the run's blocks: on a shared machine a block that another
/// process pre-empted is an outlier, and the median leaves it out. CPU time is the run's total
/// divided by its units of work, so that work a transport's threads finish after a block ends is
/// still counted.
public struct Sample: Sendable {
    /// Wall-clock microseconds per unit of work (median over the run's blocks).
    public var wallMicroseconds: Double
    /// CPU microseconds (user + system, every thread of the process) per unit of work.
    public var cpuMicroseconds: Double
    /// Units of work done in the run.
    public var iterations: Int
    /// Wall-clock microseconds per unit of work of each block, in the order they ran.
    public var blockWallMicroseconds: [Double]

    /// Summarises the blocks of one run.
    init(blocks: [(wall: Duration, cpu: Duration)], iterationsPerBlock: Int) {
        let perBlock = Double(max(1, iterationsPerBlock))
        blockWallMicroseconds = blocks.map { $0.wall.microseconds / perBlock }
        wallMicroseconds = Summary(blockWallMicroseconds).median
        iterations = blocks.count * iterationsPerBlock
        cpuMicroseconds = blocks.reduce(Duration.zero) { $0 + $1.cpu }.microseconds / Double(max(1, iterations))
    }
}

extension Duration {
    /// The duration in microseconds, with fractions.
    public var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}
