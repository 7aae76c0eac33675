/// One benchmark: contenders measured together in the same runs, and the report rows made from
/// their measurements.
///
/// ```swift
/// let get = BenchmarkCase(name: "build.get", group: "build", contenders: [bricks, byHand], plan: plan) {
///     [$0.compare("Bricks", with: "URLComponents", name: "build.get", title: "Build a GET")]
/// }
/// let rows = try await get.run()
/// ```
public struct BenchmarkCase: Sendable {
    /// The machine-readable name, such as `"build.get"`; also what `--profile` selects.
    public let name: String
    /// The group it belongs to, such as `"build"`; what `--only` selects.
    public let group: String
    /// The contenders, measured interleaved.
    public let contenders: [Contender]
    /// How they are measured.
    public let plan: MeasurementPlan
    /// Turns the measurements into rows of the report.
    public let rows: @Sendable (Measurements) -> [Comparison]

    /// Makes a case.
    public init(
        name: String, group: String, contenders: [Contender], plan: MeasurementPlan,
        rows: @escaping @Sendable (Measurements) -> [Comparison]
    ) {
        self.name = name
        self.group = group
        self.contenders = contenders
        self.plan = plan
        self.rows = rows
    }

    /// Measures the contenders and returns the rows.
    public func run() async throws -> [Comparison] {
        rows(try await Interleaved.measure(contenders, plan: plan))
    }

    /// Runs only the contender called `contender` for `iterations` units of work, unmeasured: for
    /// profilers such as `valgrind --tool=callgrind`, which count instructions of one side alone.
    /// - Throws: ``BenchmarkError`` for an unknown contender, or what the contender throws.
    public func profile(_ contender: String, iterations: Int) async throws {
        guard let found = contenders.first(where: { $0.name == contender }) else {
            throw BenchmarkError(
                "\(name) has no contender \"\(contender)\"; it has \(contenders.map { "\"\($0.name)\"" }.joined(separator: ", "))")
        }
        try await found.body(iterations)
    }
}
