/// Peak memory of a process while one large body streams through it, chunk by chunk: it must grow
/// with the chunk size, not with the body size.
public struct StreamingReading: Codable, Sendable {
    /// The machine-readable name, such as `"memory.stream.urlsession.session"`.
    public var name: String
    /// What was measured, for people.
    public var title: String
    /// The bytes of the body that were read.
    public var bodyBytes: Int
    /// How many chunks they came in.
    public var chunks: Int
    /// The largest chunk, in bytes.
    public var largestChunkBytes: Int
    /// Resident memory when the stream started, in KiB (the peak was reset to it where the system
    /// allows, see ``peakWasReset``).
    public var residentAtStartKiB: Int
    /// Peak resident memory when the stream ended, in KiB.
    public var peakKiB: Int
    /// Whether the kernel's high-water mark was reset before the stream (Linux `clear_refs`), so
    /// that ``peakKiB`` is the peak of the stream alone.
    public var peakWasReset: Bool
    /// The peak's growth over the memory at start, in KiB.
    public var growthKiB: Int
    /// The constant allowed on top of twice the largest chunk, in KiB.
    public var constantKiB: Int
    /// The limit: 2 × the largest chunk + ``constantKiB``, in KiB; `nil` for a reading with no target
    /// (a buffered reference).
    public var limitKiB: Int?
    /// Whether ``growthKiB`` is within ``limitKiB``; `nil` without a limit.
    public var withinLimit: Bool?
    /// Why the stream could not be read, when it could not (the probe process failed or crashed).
    public var failure: String?
    /// The growth of every repetition that succeeded, in KiB, when the reading sums up several
    /// (each in a fresh process); the reading itself is the worst of them.
    public var growthsKiB: [Int]?
    /// How many repetitions failed (crashed), out of ``repetitions``.
    public var failedRepetitions: Int?
    /// How many fresh processes read the body.
    public var repetitions: Int?

    /// A reading of a stream that could not be read: it misses its target.
    public init(name: String, title: String, failure: String) {
        self.init(
            name: name, title: title, bodyBytes: 0, chunks: 0, largestChunkBytes: 0, residentAtStartKiB: 0, peakKiB: 0,
            peakWasReset: false, constantKiB: 0, hasTarget: true)
        self.withinLimit = false
        self.failure = failure
    }

    /// Makes a reading; ``growthKiB``, ``limitKiB`` and ``withinLimit`` follow.
    public init(
        name: String, title: String, bodyBytes: Int, chunks: Int, largestChunkBytes: Int, residentAtStartKiB: Int,
        peakKiB: Int, peakWasReset: Bool, constantKiB: Int, hasTarget: Bool
    ) {
        self.name = name
        self.title = title
        self.bodyBytes = bodyBytes
        self.chunks = chunks
        self.largestChunkBytes = largestChunkBytes
        self.residentAtStartKiB = residentAtStartKiB
        self.peakKiB = peakKiB
        self.peakWasReset = peakWasReset
        self.growthKiB = peakKiB - residentAtStartKiB
        self.constantKiB = constantKiB
        let limit = (2 * largestChunkBytes + 1023) / 1024 + constantKiB
        self.limitKiB = hasTarget ? limit : nil
        self.withinLimit = hasTarget ? growthKiB <= limit : nil
    }

    /// The worst of several readings of the same scenario (the largest growth), with every growth
    /// and the failures; a failed reading when every repetition failed.
    public static func worst(of readings: [StreamingReading], failures: [String], name: String, title: String)
        -> StreamingReading
    {
        var result =
            readings.max(by: { $0.growthKiB < $1.growthKiB })
            ?? StreamingReading(name: name, title: title, failure: failures.first ?? "no reading")
        result.growthsKiB = readings.map(\.growthKiB)
        result.repetitions = readings.count + failures.count
        result.failedRepetitions = failures.count
        if let failure = failures.first {
            result.failure = "\(failures.count) of \(readings.count + failures.count) runs failed: \(failure)"
            if result.limitKiB != nil { result.withinLimit = false }
        }
        return result
    }

    /// The mean chunk, in bytes.
    public var meanChunkBytes: Double { Double(bodyBytes) / Double(max(1, chunks)) }
}
