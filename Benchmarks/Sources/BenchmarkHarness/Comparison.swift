/// One row of the report: Bricks against its floor, measured in the same runs.
public struct Comparison: Codable, Sendable {
    /// The machine-readable name, such as `"build.get"`.
    public var name: String
    /// What the row measures, for people.
    public var title: String
    /// The unit of ``bricks``, ``floor`` and ``difference``.
    public var unit: String
    /// The name of the Bricks contender.
    public var bricksName: String
    /// The name of the floor it is compared with.
    public var floorName: String
    /// Bricks' samples, one per run.
    public var bricks: Summary
    /// The floor's samples, one per run.
    public var floor: Summary
    /// The ratios Bricks / floor of paired samples (see ``Measurements/compare(_:with:name:title:metric:target:note:)``).
    public var ratio: Summary
    /// The differences Bricks − floor of paired samples.
    public var difference: Summary
    /// How many runs were measured.
    public var runs: Int
    /// Units of work per run and contender.
    public var iterationsPerRun: Int
    /// The limit the row must meet, if any.
    public var target: Target?
    /// Whether the limit is met; `nil` without a limit.
    public var met: Bool?
    /// A remark shown with the row.
    public var note: String?

    /// Makes a row from per-run values and from paired samples `(bricks, floor)` measured side by side.
    public init(
        name: String, title: String, unit: String, bricksName: String, floorName: String, bricks: [Double],
        floor: [Double], pairs: [(Double, Double)], iterationsPerRun: Int, target: Target? = nil, note: String? = nil
    ) {
        self.name = name
        self.title = title
        self.unit = unit
        self.bricksName = bricksName
        self.floorName = floorName
        self.bricks = Summary(bricks)
        self.floor = Summary(floor)
        self.ratio = Summary(pairs.map { $1 == 0 ? 0 : $0 / $1 })
        self.difference = Summary(pairs.map { $0 - $1 })
        self.runs = min(bricks.count, floor.count)
        self.iterationsPerRun = iterationsPerRun
        self.target = target
        self.note = note
        self.met = target?.isMet(by: self)
    }
}
