/// What one overlay action did: how many nodes its target matched (the figure that shows an
/// overlay still fits the document it fixes).
public struct OverlayActionReport: Sendable, Equatable, CustomStringConvertible {
    /// The overlay's file, as given.
    public var file: String
    /// The action's place in the overlay's `actions`, from 0.
    public var position: Int
    /// The action's `target` query.
    public var target: String
    /// The action's `description`, if it has one.
    public var actionDescription: String?
    /// `update`, `remove` or `copy`.
    public var change: String
    /// How many nodes the target matched (at least one: an action that matches none is an error).
    public var matched: Int

    /// `fixes.yaml #/actions/0: update matched 1 node: $.components.schemas.UserSimple.properties.avatar`.
    public var description: String {
        "\(file) \(Pointer.make(["actions", String(position)])): \(change) matched \(matched) node\(matched == 1 ? "" : "s"): \(target)"
    }
}
