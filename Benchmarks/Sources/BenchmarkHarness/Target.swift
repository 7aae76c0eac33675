/// The limit a comparison must meet: a ratio to the floor, or an absolute difference from it.
public struct Target: Codable, Sendable, Equatable {
    /// What the limit applies to.
    public enum Kind: String, Codable, Sendable {
        /// The median of the paired ratios Bricks / floor.
        case ratio
        /// The median of the paired differences Bricks − floor, in the row's unit.
        case difference
    }

    /// What the limit applies to.
    public var kind: Kind
    /// The largest acceptable value.
    public var maximum: Double

    /// A limit on the ratio Bricks / floor, such as 1.10.
    public static func ratio(atMost maximum: Double) -> Target { Target(kind: .ratio, maximum: maximum) }
    /// A limit on the difference Bricks − floor, in the row's unit.
    public static func difference(atMost maximum: Double) -> Target { Target(kind: .difference, maximum: maximum) }

    /// Whether `comparison` meets the limit.
    public func isMet(by comparison: Comparison) -> Bool {
        switch kind {
        case .ratio: comparison.ratio.median <= maximum
        case .difference: comparison.difference.median <= maximum
        }
    }

    /// The limit as the report prints it: `≤ 1.10×` for a ratio, `Δ ≤ 2.00` for a difference.
    public var label: String {
        switch kind {
        case .ratio: "≤ " + Format.fixed(maximum, 2) + "×"
        case .difference: "Δ ≤ " + Format.fixed(maximum, 2)
        }
    }
}
