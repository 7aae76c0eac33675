/// One header field as it travelled: the name as spelled, and the value.
///
/// ``HeaderFields`` keeps these in order, with repeated names kept, so that `Set-Cookie` and
/// several `Link` lines survive.
public struct HeaderField: Sendable, Hashable {
    /// The name as the sender spelled it. Compare names with ``HeaderFields``' lookups, which
    /// ignore case.
    public var name: String
    /// The value, without surrounding white space.
    public var value: String

    /// Makes a field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
