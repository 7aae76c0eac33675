/// Header fields in the order they travelled, repeated names kept, looked up without regard to case.
///
/// ```swift
/// let cookies = head.headerFields.values(for: "set-cookie")   // every Set-Cookie line
/// let type = head.headerFields["Content-Type"]                // the first value, or nil
/// ```
///
/// Building one is linear in the number of fields; a lookup scans the fields once, comparing
/// ASCII bytes without allocating.
///
/// A request's fields are checked once (names are tokens, values hold no CR, LF or other control
/// character) where they are made; they are checked again before sending only when a layer
/// added or changed one since.
public struct HeaderFields: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    private var fields: [HeaderField] {
        didSet { isChecked = false }
    }
    /// Whether every field passed ``HeaderValidation`` and none was added or changed since;
    /// removing fields keeps it.
    private(set) var isChecked = false

    /// No fields.
    public init() { fields = [] }

    /// The given fields, in order.
    public init(_ fields: some Sequence<HeaderField>) { self.fields = Array(fields) }

    /// The fields of a dictionary, sorted by name (a dictionary has no order of its own).
    public init(_ dictionary: [String: String]) {
        fields = dictionary.sorted { $0.key < $1.key }.map { HeaderField(name: $0.key, value: $0.value) }
    }

    /// The fields of a literal, in the order written.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HeaderField(name: $0.0, value: $0.1) }
    }

    /// The index of the first field.
    public var startIndex: Int { fields.startIndex }
    /// The index past the last field.
    public var endIndex: Int { fields.endIndex }
    /// The field at `position`.
    public subscript(position: Int) -> HeaderField { fields[position] }

    /// The first value of the field `name` (in any case); setting replaces every field of that
    /// name with one at the place of the first, or removes them all when set to `nil`.
    public subscript(name: String) -> String? {
        get { fields.first { Self.equalIgnoringCase($0.name, name) }?.value }
        set {
            guard let first = fields.firstIndex(where: { Self.equalIgnoringCase($0.name, name) }) else {
                if let newValue { fields.append(HeaderField(name: name, value: newValue)) }
                return
            }
            var kept: [HeaderField] = []
            kept.reserveCapacity(fields.count)
            for (index, field) in fields.enumerated() {
                if index == first {
                    if let newValue { kept.append(HeaderField(name: field.name, value: newValue)) }
                } else if !Self.equalIgnoringCase(field.name, name) {
                    kept.append(field)
                }
            }
            fields = kept
        }
    }

    /// Every value of the field `name` (in any case), in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.equalIgnoringCase($0.name, name) ? $0.value : nil }
    }

    /// The values of the field `name` joined with ", " as HTTP allows for list fields, or `nil`
    /// when there is none. Not for `Set-Cookie`, whose values may contain commas: use
    /// ``values(for:)``.
    public func combinedValue(for name: String) -> String? {
        let values = values(for: name)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// Whether a field `name` (in any case) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.equalIgnoringCase($0.name, name) }
    }

    /// Adds a field at the end, keeping any earlier field of the same name.
    public mutating func append(name: String, value: String) {
        fields.append(HeaderField(name: name, value: value))
    }

    /// Removes every field `name` (in any case).
    public mutating func remove(_ name: String) {
        removeAll { Self.equalIgnoringCase($0.name, name) }
    }

    /// Removes the fields `shouldBeRemoved` picks; what was checked stays checked.
    mutating func removeAll(where shouldBeRemoved: (HeaderField) -> Bool) {
        let wasChecked = isChecked
        fields.removeAll(where: shouldBeRemoved)
        isChecked = wasChecked
    }

    /// Checks every field, unless they were checked and none was added or changed since.
    /// - Throws: ``BricksError/Reason/invalidHeader(name:reason:)`` for the first field that fails.
    mutating func check() throws(BricksError) {
        guard !isChecked else { return }
        for field in fields { try HeaderValidation.validate(name: field.name, value: field.value) }
        isChecked = true
    }

    /// Sets the field `name` as the subscript does, checking only that field: a proxy's one header,
    /// checked once here rather than again with every other field before sending.
    /// - Throws: ``BricksError/Reason/invalidHeader(name:reason:)`` when the field fails the check.
    mutating func setChecked(_ name: String, to value: String?) throws(BricksError) {
        try HeaderValidation.validate(name: name, value: value ?? "")
        let wasChecked = isChecked
        self[name] = value
        isChecked = wasChecked
    }

    /// Records that every field was checked one by one as it was added (the request builder).
    mutating func markChecked() { isChecked = true }

    /// Whether two collections hold the same fields in the same order.
    public static func == (lhs: HeaderFields, rhs: HeaderFields) -> Bool { lhs.fields == rhs.fields }

    /// Hashes the fields in order.
    public func hash(into hasher: inout Hasher) { hasher.combine(fields) }

    /// Whether two header names are equal ignoring ASCII case, without allocating: names of
    /// different lengths (most of them, in a lookup) are told apart at once, others compared on
    /// their contiguous bytes (a `String`'s iterator costs tens of instructions a byte).
    static func equalIgnoringCase(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in ASCIICase.equal(left, right) }
        }
        if let compared = compared ?? nil { return compared }
        return zip(lhs.utf8, rhs.utf8).allSatisfy { ASCIICase.equal($0, $1) }
    }
}
