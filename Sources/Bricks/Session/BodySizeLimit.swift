/// The most bytes a body may have: the one comparison, wherever a body is counted.
struct BodySizeLimit: Sendable {
    let maximum: Int

    init(_ maximum: Int) { self.maximum = maximum }

    /// - Throws: ``BricksError/Reason/responseTooLarge(limit:)`` when `count` is past the limit.
    func check(_ count: Int64) throws(BricksError) {
        if count > Int64(maximum) { throw BricksError(.responseTooLarge(limit: maximum)) }
    }
}
