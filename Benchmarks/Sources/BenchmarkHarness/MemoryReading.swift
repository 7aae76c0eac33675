/// Peak memory of a process that did a number of requests, and then as many again: flat when the
/// second half does not raise the peak by more than a tolerance.
public struct MemoryReading: Codable, Sendable {
    /// The machine-readable name, such as `"memory.stub"`.
    public var name: String
    /// What was measured, for people.
    public var title: String
    /// The requests of each half (the process did `2 × count` in all, after a warm-up).
    public var count: Int
    /// Peak resident memory after the warm-up, in KiB.
    public var baselineKiB: Int
    /// Peak resident memory after `count` requests, in KiB.
    public var peakAfterCountKiB: Int
    /// Peak resident memory after `2 × count` requests, in KiB.
    public var peakAfterDoubleKiB: Int
    /// Current resident memory after `count` requests, in KiB, where the system tells.
    public var residentAfterCountKiB: Int?
    /// Current resident memory after `2 × count` requests, in KiB, where the system tells.
    public var residentAfterDoubleKiB: Int?
    /// How much the second half raised the peak, in KiB.
    public var growthKiB: Int
    /// The largest growth still counted as flat, in KiB.
    public var toleranceKiB: Int
    /// Whether the growth is within the tolerance.
    public var flat: Bool

    /// Makes a reading; ``growthKiB`` and ``flat`` follow from the peaks.
    public init(
        name: String, title: String, count: Int, baselineKiB: Int, peakAfterCountKiB: Int,
        peakAfterDoubleKiB: Int, residentAfterCountKiB: Int?, residentAfterDoubleKiB: Int?, toleranceKiB: Int
    ) {
        self.name = name
        self.title = title
        self.count = count
        self.baselineKiB = baselineKiB
        self.peakAfterCountKiB = peakAfterCountKiB
        self.peakAfterDoubleKiB = peakAfterDoubleKiB
        self.residentAfterCountKiB = residentAfterCountKiB
        self.residentAfterDoubleKiB = residentAfterDoubleKiB
        self.growthKiB = peakAfterDoubleKiB - peakAfterCountKiB
        self.toleranceKiB = toleranceKiB
        self.flat = growthKiB <= toleranceKiB
    }

    /// The growth of the second half spread over its requests, in bytes per request.
    public var growthBytesPerRequest: Double { Double(growthKiB) * 1024 / Double(max(1, count)) }
}
