/// The samples of an ``Interleaved`` measurement, one per contender and run.
public struct Measurements: Sendable {
    /// What is read from a sample.
    public enum Metric: Sendable {
        /// Wall-clock microseconds per unit of work.
        case wall
        /// Process CPU microseconds per unit of work.
        case cpu
    }

    /// The contenders' names, in the order they were given.
    public let names: [String]
    /// `samples[contender][run]`.
    public let samples: [[Sample]]
    /// Units of work each contender did per run.
    public let iterationsPerRun: Int

    /// The per-run values of `metric` for the contender called `name` (empty for an unknown name).
    public func values(of name: String, _ metric: Metric = .wall) -> [Double] {
        guard let index = names.firstIndex(of: name) else { return [] }
        return samples[index].map { metric == .wall ? $0.wallMicroseconds : $0.cpuMicroseconds }
    }

    /// Compares contender `bricks` with contender `floor`.
    ///
    /// Wall-clock ratios and differences pair each block of `bricks` with the block of `floor` in
    /// the same turn, a few milliseconds apart: a pair shares the machine's load, and a block that
    /// another process pre-empted spoils one pair, which the median leaves out. CPU time, which
    /// background threads may spend after a block has ended, is paired run by run.
    /// - Parameters:
    ///   - name: the machine-readable name of the row, such as `"build.get"`.
    ///   - title: what the row measures, for people.
    ///   - metric: wall-clock or CPU time.
    ///   - target: the limit the row must meet, if any.
    ///   - note: a remark shown with the row.
    public func compare(
        _ bricks: String, with floor: String, name: String, title: String, metric: Metric = .wall,
        target: Target? = nil, note: String? = nil
    ) -> Comparison {
        let pairs: [(Double, Double)]
        switch metric {
        case .wall: pairs = Array(zip(blocks(of: bricks), blocks(of: floor)))
        case .cpu: pairs = Array(zip(values(of: bricks, .cpu), values(of: floor, .cpu)))
        }
        return Comparison(
            name: name, title: title, unit: metric == .wall ? "µs/op" : "CPU µs/op",
            bricksName: bricks, floorName: floor,
            bricks: values(of: bricks, metric), floor: values(of: floor, metric), pairs: pairs,
            iterationsPerRun: iterationsPerRun, target: target, note: note)
    }

    /// The wall-clock time per unit of work of every block of the contender called `name`, run
    /// after run.
    func blocks(of name: String) -> [Double] {
        guard let index = names.firstIndex(of: name) else { return [] }
        return samples[index].flatMap(\.blockWallMicroseconds)
    }
}
