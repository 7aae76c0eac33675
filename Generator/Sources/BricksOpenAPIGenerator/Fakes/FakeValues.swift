/// Builds a value from a schema, for a fake's reply that the document gives no example of: the
/// schema's own example, else its first enum value or `const`, else its default, else a small
/// value of its type that keeps its bounds and formats (`oneOf`/`anyOf`: the first branch that is
/// not `null`, with its discriminator's value; `allOf`: the parts merged). Deterministic: the
/// same document always gives the same values.
///
/// Works on the parsed document (``DocumentValue``), as the document writes it (OpenAPI 3.0's
/// `nullable` and 3.1's `type: [..., "null"]` alike).
struct FakeValues {
    let document: FakeDocument

    /// Which side of the exchange the value is for: a reply carries `readOnly` members and never
    /// `writeOnly` ones.
    enum Direction {
        case reply, request
    }

    /// Members of every object are written down to this depth (the top object is 0); below it,
    /// the required ones only, so that a recursive schema ends.
    static let fullDepth = 2
    /// Deeper than this a value is `null` (a chain of required members that never ends).
    static let deepest = 14
    /// Unions take an object branch before others down to this depth, their first branch below.
    static let objectBranchDepth = 6

    /// A value for `schema`; `name` (the member or parameter it is for) becomes the text of a
    /// plain string, so that a preview reads `"login": "login"`.
    func value(for schema: DocumentValue, name: String = "text", direction: Direction = .reply, depth: Int = 0) -> DocumentValue {
        let schema = document.resolve(schema)
        guard depth <= Self.deepest, let object = schema.object else { return .null }
        // The schema's own example or default, when it fits the schema (some documents' do not).
        let check = FakeExampleCheck(document: document)
        var given: [DocumentValue] = [object["example"] ?? .null]
        if case .array(let examples)? = object["examples"] { given += examples.prefix(1) }
        for value in given where value != .null && check.fits(value, schema) { return value }
        if let constant = object["const"] { return constant }
        if case .array(let values)? = object["enum"], let first = values.first(where: { $0 != .null }) { return first }
        if let value = object["default"], value != .null, check.fits(value, schema) { return value }
        for key in ["oneOf", "anyOf"] {
            guard case .array(let options)? = object[key] else { continue }
            let choices = options.filter { !document.isNullOnly($0) }
            // An object branch first: a union of a word (`"auto"`) and objects is read as the objects.
            // Deep down the first branch, so that a cycle through unions (Stripe's expandable
            // `fee` → refunds → `fee`) ends with an id rather than with required members that never do.
            let objectFirst = depth < Self.objectBranchDepth
            guard let first = (objectFirst ? choices.first(where: { document.types(of: $0).contains("object") || document.resolve($0).object?["properties"] != nil }) : nil)
                ?? choices.first
            else { continue }
            var value = self.value(for: first, name: name, direction: direction, depth: depth &+ 1)
            // A discriminated union is read by the discriminator's value: the one that names this branch.
            if case .object(let discriminator)? = object["discriminator"], let property = discriminator["propertyName"]?.string,
                case .object(var members) = value
            {
                members[property] = .string(discriminatorValue(for: first, in: discriminator))
                value = .object(members)
            }
            return value
        }
        if object["allOf"] != nil {
            var properties = DocumentObject()
            var required: [DocumentValue] = []
            var single: DocumentValue?
            collect(schema, into: &properties, required: &required, single: &single)
            if properties.members.isEmpty, required.isEmpty, let single {
                return value(for: single, name: name, direction: direction, depth: depth &+ 1)
            }
            var merged = DocumentObject()
            merged["type"] = .string("object")
            merged["properties"] = .object(properties)
            merged["required"] = .array(required)
            return value(for: .object(merged), name: name, direction: direction, depth: depth)
        }
        let types = document.types(of: schema)
        let kind = types.first { $0 != "null" }
            ?? (object["properties"] != nil ? "object" : object["items"] != nil ? "array" : (types.contains("null") ? "null" : ""))
        switch kind {
        case "null":
            return .null
        case "string":
            return string(object, name: name)
        case "integer", "number":
            return number(object, integer: kind == "integer")
        case "boolean":
            return .bool(true)
        case "array":
            let least = object["minItems"].flatMap(Self.integer) ?? 0
            let most = object["maxItems"].flatMap(Self.integer) ?? Int.max
            let count = max(least, min(1, most))
            let item = object["items"] ?? .object(DocumentObject())
            return .array((0..<count).map { _ in value(for: item, name: name, direction: direction, depth: depth &+ 1) })
        case "object":
            return objectValue(object, direction: direction, depth: depth)
        default:
            return .object(DocumentObject())
        }
    }

    /// The members and required names of an `allOf`'s object parts, through the parts that are
    /// themselves an `allOf`; `single` the first part that is not an object (a `$ref` to a string).
    private func collect(
        _ schema: DocumentValue, into properties: inout DocumentObject, required: inout [DocumentValue], single: inout DocumentValue?,
        depth: Int = 0
    ) {
        let resolved = document.resolve(schema)
        guard depth < 16, let object = resolved.object else { return }
        if case .object(let more)? = object["properties"] {
            for member in more.members where properties[member.key] == nil { properties.members.append(member) }
        }
        if case .array(let more)? = object["required"] { required += more }
        if case .array(let parts)? = object["allOf"] {
            for part in parts { collect(part, into: &properties, required: &required, single: &single, depth: depth &+ 1) }
        } else if object["properties"] == nil, object["required"] == nil,
            !document.types(of: resolved).contains("object") || object["oneOf"] != nil || object["anyOf"] != nil
        {
            // A part with no members of its own: a `$ref` to a string, or a union (Box's
            // `Collaboration.item`, `allOf` of an object `oneOf` and a description), whose value is
            // one of its branches, not an empty object.
            single = single ?? schema
        }
    }

    private func objectValue(_ object: DocumentObject, direction: Direction, depth: Int) -> DocumentValue {
        var result = DocumentObject()
        let required = Set((object["required"].flatMap { value -> [DocumentValue]? in
            if case .array(let names) = value { return names }
            return nil
        } ?? []).compactMap(\.string))
        let properties = object["properties"]?.object ?? DocumentObject()
        for member in properties.members {
            let isRequired = required.contains(member.key)
            guard isRequired || depth < Self.fullDepth else { continue }
            let schema = document.resolve(member.value).object
            let skipped = direction == .reply ? schema?["writeOnly"] == .bool(true) : schema?["readOnly"] == .bool(true)
            if skipped && !isRequired { continue }
            // An optional member that is any object: nothing to say about it.
            if !isRequired, document.isShapeless(member.value) { continue }
            result[member.key] = value(for: member.value, name: member.key, direction: direction, depth: depth &+ 1)
        }
        // A required name the schema declares no member for (Mistral's `data`): any value, `{}`.
        for name in required.sorted() where properties[name] == nil { result[name] = .object(DocumentObject()) }
        return .object(result)
    }

    private func string(_ object: DocumentObject, name: String) -> DocumentValue {
        let format = object["format"]?.string ?? ""
        if let formatted = Self.formatted[format] { return .string(formatted) }
        var text = name.isEmpty ? "text" : name
        let least = object["minLength"].flatMap(Self.integer) ?? 0
        let most = object["maxLength"].flatMap(Self.integer) ?? Int.max
        if text.count < least { text += String(repeating: "x", count: least &- text.count) }
        if text.count > most { text = String(text.prefix(max(most, 0))) }
        return .string(text)
    }

    /// A value of each format the fakes know, valid for it.
    static let formatted: [String: String] = [
        "date-time": "2026-01-01T00:00:00Z", "date": "2026-01-01", "time": "12:00:00", "duration": "PT1S",
        "uuid": "00000000-0000-4000-8000-000000000001", "email": "user@example.com", "idn-email": "user@example.com",
        "uri": "https://example.com", "url": "https://example.com", "uri-reference": "https://example.com",
        "iri": "https://example.com", "hostname": "example.com", "ipv4": "127.0.0.1", "ipv6": "::1", "byte": "eA==",
        "password": "password", "binary": "x",
    ]

    private func number(_ object: DocumentObject, integer: Bool) -> DocumentValue {
        var low = object["minimum"].flatMap(Self.double)
        if case .number(let text)? = object["exclusiveMinimum"], let bound = Double(text) { low = bound + 1 }
        if object["exclusiveMinimum"] == .bool(true), let bound = low { low = bound + 1 }
        var high = object["maximum"].flatMap(Self.double)
        if case .number(let text)? = object["exclusiveMaximum"], let bound = Double(text) { high = bound - 1 }
        if object["exclusiveMaximum"] == .bool(true), let bound = high { high = bound - 1 }
        // Bounds as wide as Int64's (Django's, on every integer) bound nothing a value near 1 would
        // cross; taken at their word, the value would be written -9.2e18, which no integer type reads.
        if let bound = low, abs(bound) >= 9e15 { low = nil }
        if let bound = high, abs(bound) >= 9e15 { high = nil }
        var value = low ?? 1
        if let high, value > high { value = high }
        if integer || value == value.rounded() {
            let rounded = integer ? value.rounded(.up) : value
            if abs(rounded) < 9e15 { return .number(String(Int64(rounded))) }
        }
        return .number(String(value))
    }

    /// The discriminator value that selects `branch`: the mapping's key for it, else the name of
    /// the component it refers to.
    private func discriminatorValue(for branch: DocumentValue, in discriminator: DocumentObject) -> String {
        let reference = branch.object?["$ref"]?.string ?? ""
        if case .object(let mapping)? = discriminator["mapping"],
            let key = mapping.members.first(where: { $0.value.string == reference || reference.hasSuffix("/" + ($0.value.string ?? "\u{0}")) })?.key
        {
            return key
        }
        return String(reference.split(separator: "/").last ?? "")
    }

    static func integer(_ value: DocumentValue) -> Int? {
        guard case .number(let text) = value, let number = Double(text), number.isFinite, abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    static func double(_ value: DocumentValue) -> Double? {
        guard case .number(let text) = value else { return nil }
        return Double(text)
    }
}
