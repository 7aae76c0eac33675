/// The median and spread of a set of samples: what the report shows of every measurement.
///
/// The median is the headline figure because a shared machine adds outliers in one direction only
/// (a sample can be slowed down by another process, never sped up); the quartiles and the extremes
/// show how much the samples disagree.
public struct Summary: Codable, Sendable, Equatable {
    /// The middle sample (the mean of the two middle ones for an even count).
    public var median: Double
    /// The smallest sample.
    public var min: Double
    /// The largest sample.
    public var max: Double
    /// The first quartile.
    public var p25: Double
    /// The third quartile.
    public var p75: Double
    /// How many samples were summarised.
    public var count: Int

    /// Summarises `samples`; all figures are zero when there are none.
    public init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        median = Self.quantile(0.5, of: sorted)
        p25 = Self.quantile(0.25, of: sorted)
        p75 = Self.quantile(0.75, of: sorted)
        min = sorted.first ?? 0
        max = sorted.last ?? 0
    }

    /// The `q`-quantile of sorted values, interpolating linearly between neighbours.
    static func quantile(_ q: Double, of sorted: [Double]) -> Double {
        guard let first = sorted.first else { return 0 }
        if sorted.count == 1 { return first }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = Swift.min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
