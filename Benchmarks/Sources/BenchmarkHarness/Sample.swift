/// What one contender cost in one run: wall-clock time, CPU time of the whole process, and the
/// units of work done.
public struct Sample: Sendable {
    /// Elapsed time on `ContinuousClock`.
    public var wall: Duration
    /// User plus system CPU time of every thread of the process (the transport's threads too).
    public var cpu: Duration
    /// Units of work done.
    public var iterations: Int

    /// Wall-clock microseconds per unit of work.
    public var wallMicroseconds: Double { wall.microseconds / Double(max(1, iterations)) }
    /// CPU microseconds per unit of work.
    public var cpuMicroseconds: Double { cpu.microseconds / Double(max(1, iterations)) }
}

extension Duration {
    /// The duration in microseconds, with fractions.
    public var microseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}
