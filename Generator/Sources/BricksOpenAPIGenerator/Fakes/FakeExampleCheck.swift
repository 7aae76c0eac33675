/// Whether an example of the document fits its schema, before a fake sends it: a document's
/// example that does not (a member its schema requires left out, an array where the schema says
/// object, a `null` the schema does not admit, a date that is not RFC 3339) would not decode into
/// the generated type, so the fake sends a value built from the schema instead.
///
/// The rules the generated types read by: types (`integer` a whole number within 64 bits), `null`
/// where admitted, enum values, required members, members, items, `allOf` (every part),
/// `oneOf`/`anyOf` (some branch), `date-time` text. Bounds and other formats are not read by a
/// decoder, so they are not checked here.
struct FakeExampleCheck {
    let document: FakeDocument

    func fits(_ value: DocumentValue, _ schema: DocumentValue, depth: Int = 0) -> Bool {
        let schema = document.resolve(schema)
        guard depth < 64, let object = schema.object else { return true }
        if case .array(let parts)? = object["allOf"], !parts.allSatisfy({ fits(value, $0, depth: depth &+ 1) }) { return false }
        for key in ["oneOf", "anyOf"] {
            if case .array(let options)? = object[key], !options.isEmpty, !options.contains(where: { fits(value, $0, depth: depth &+ 1) }) {
                return false
            }
        }
        let types = document.types(of: schema)
        if case .array(let values)? = object["enum"], !values.isEmpty, !values.contains(where: { Self.same($0, value) }) { return false }
        if value == .null { return types.isEmpty || types.contains("null") }
        if !types.isEmpty, !types.contains(where: { Self.admits($0, value) }) { return false }
        switch value {
        case .string(let text):
            return object["format"]?.string != "date-time" || Self.isDateTime(text)
        case .array(let items):
            guard let itemSchema = object["items"] else { return true }
            return items.allSatisfy { fits($0, itemSchema, depth: depth &+ 1) }
        case .object(let members):
            let properties = object["properties"]?.object ?? DocumentObject()
            if case .array(let required)? = object["required"] {
                for name in required.compactMap(\.string) where members[name] == nil { return false }
            }
            for member in members.members {
                if let memberSchema = properties[member.key] {
                    if !fits(member.value, memberSchema, depth: depth &+ 1) { return false }
                } else if let additional = object["additionalProperties"], additional.object != nil {
                    if !fits(member.value, additional, depth: depth &+ 1) { return false }
                }
            }
            return true
        default:
            return true
        }
    }

    /// Whether a value is of a schema's `type`.
    static func admits(_ type: String, _ value: DocumentValue) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("array", .array), ("object", .object), ("null", .null), ("number", .number):
            return true
        case ("integer", .number(let text)):
            guard let number = Double(text) else { return false }
            return number == number.rounded() && abs(number) < 9.2e18
        default:
            return false
        }
    }

    /// Two enum values alike (numbers by value: `1` and `1.0`).
    static func same(_ left: DocumentValue, _ right: DocumentValue) -> Bool {
        if case .number(let a) = left, case .number(let b) = right { return Double(a) == Double(b) }
        return left == right
    }

    /// `2026-01-01T00:00:00Z`, with or without fractional seconds, in any offset.
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && bytes[range].allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        func at(_ index: Int, _ character: Unicode.Scalar) -> Bool { index < bytes.count && bytes[index] == UInt8(ascii: character) }
        guard bytes.count >= 20, digits(0..<4), at(4, "-"), digits(5..<7), at(7, "-"), digits(8..<10), at(10, "T") || at(10, "t"),
            digits(11..<13), at(13, ":"), digits(14..<16), at(16, ":"), digits(17..<19)
        else { return false }
        let zone = text.dropFirst(19).drop { $0 == "." || $0.isNumber }
        return zone == "Z" || zone == "z" || (zone.count == 6 && (zone.hasPrefix("+") || zone.hasPrefix("-")))
    }
}
