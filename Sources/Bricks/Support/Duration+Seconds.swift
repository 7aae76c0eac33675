extension Duration {
    /// The duration in seconds, with its fraction: what `TimeInterval`-based APIs take.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// A duration from a number of seconds that may be negative, infinite or NaN (as parsed from
    /// a header): those become zero, and very large values the largest finite `Duration` we need.
    static func clampedSeconds(_ seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return .seconds(Swift.min(seconds, 1e9))
    }
}
