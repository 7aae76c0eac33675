/// The body of ``CreateLabel``.
struct NewLabel: Encodable, Sendable {
    let name: String
    /// Six hex digits, without `#`; GitHub refuses anything else with a 422.
    let color: String
    var description: String?
}
