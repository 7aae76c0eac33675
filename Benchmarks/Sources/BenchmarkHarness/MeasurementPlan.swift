/// How a set of contenders is measured: how many runs, and how each run is cut into blocks that
/// alternate between the contenders.
public struct MeasurementPlan: Sendable {
    /// How many units of work one block does.
    public enum Iterations: Sendable {
        /// Exactly this many.
        case fixed(Int)
        /// As many as make the slowest contender's block last about this long (measured while warming up).
        case calibrated(Duration)
    }

    /// How many samples each contender gets; the report summarises them.
    public var runs: Int
    /// How many blocks make one run; the contenders take turns block by block, so that a change
    /// of machine load affects them alike.
    public var blocksPerRun: Int
    /// The size of a block.
    public var iterations: Iterations
    /// Units of work each contender does before measuring, for `.fixed` plans (calibration warms
    /// up by itself).
    public var warmupIterations: Int

    /// Makes a plan.
    public init(runs: Int, blocksPerRun: Int = 1, iterations: Iterations, warmupIterations: Int = 0) {
        self.runs = max(1, runs)
        self.blocksPerRun = max(1, blocksPerRun)
        self.iterations = iterations
        self.warmupIterations = max(0, warmupIterations)
    }
}
