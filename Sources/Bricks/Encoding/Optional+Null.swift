extension Optional where Wrapped: ExpressibleByNilLiteral {
    /// `null`, sent on purpose: `.some(nil)`, for a member that may be left out and may be `null`,
    /// which a request type holds as `T??` (what bricks-openapi generates for an optional member
    /// the document marks nullable, in a type only sent).
    ///
    /// `nil` leaves the member out; `.null` sends `"pinned_at": null`, which clears it; a value is
    /// written as usual:
    ///
    /// ```swift
    /// struct ProjectChanges: Encodable {
    ///     var title: String?? = nil
    ///     var pinnedAt: Date?? = nil
    /// }
    /// let unpin = ProjectChanges(pinnedAt: .null)   // {"pinnedAt":null}
    /// let rename = ProjectChanges(title: "Cats")    // {"title":"Cats"}
    /// ```
    public static var null: Self { .some(nil) }
}
