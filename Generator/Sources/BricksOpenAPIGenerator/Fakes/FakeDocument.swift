import Foundation

/// The parsed document a fake's table is read from, with what reading its schemas needs:
/// `$ref`s followed, a schema's types whatever version writes them.
struct FakeDocument {
    let root: DocumentValue

    /// The node a `$ref` (a local JSON pointer) names, followed until it is not a `$ref`; the node
    /// itself when it is none, and an empty object when the pointer leads nowhere.
    func resolve(_ node: DocumentValue) -> DocumentValue {
        var node = node
        var hops = 0
        while let reference = node.object?["$ref"]?.string, hops < 32 {
            node = target(of: reference) ?? .object(DocumentObject())
            hops &+= 1
        }
        return node
    }

    /// The node at a local pointer (`#/components/schemas/Pet`).
    func target(of reference: String) -> DocumentValue? {
        guard reference.hasPrefix("#/") else { return nil }
        let tokens = reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        return root.value(at: tokens[...])
    }

    /// The types a schema admits (`type` as a word or a list), with `null` when OpenAPI 3.0's
    /// `nullable` says so.
    func types(of schema: DocumentValue) -> [String] {
        guard let object = resolve(schema).object else { return [] }
        var types: [String] = []
        switch object["type"] {
        case .string(let type)?: types = [type]
        case .array(let list)?: types = list.compactMap(\.string)
        default: break
        }
        if object["nullable"] == .bool(true) { types.append("null") }
        return types
    }

    /// Whether the schema admits `null` only.
    func isNullOnly(_ schema: DocumentValue) -> Bool {
        let types = types(of: schema)
        return !types.isEmpty && types.allSatisfy { $0 == "null" }
    }

    /// Whether the schema is an object with nothing said of its members.
    func isShapeless(_ schema: DocumentValue) -> Bool {
        guard let object = resolve(schema).object else { return false }
        let additional = object["additionalProperties"]?.object
        return types(of: schema).contains("object") && object["properties"] == nil && additional == nil
            && object["oneOf"] == nil && object["anyOf"] == nil && object["allOf"] == nil
    }
}

extension DocumentValue {
    /// The value as compact JSON text; numbers as the document wrote them when JSON reads them so.
    var jsonText: String {
        var text = ""
        write(into: &text)
        return text
    }

    private func write(into text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let written):
            if Self.isJSONNumber(written) {
                text += written
            } else if let number = Double(written.replacingOccurrences(of: "_", with: "")), number.isFinite {
                text += number == number.rounded() && abs(number) < 9e15 ? String(Int64(number)) : String(number)
            } else {
                text += "null"
            }
        case .string(let value): text += Self.jsonString(value)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.write(into: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { text += "," }
                text += Self.jsonString(member.key) + ":"
                member.value.write(into: &text)
            }
            text += "}"
        }
    }

    /// `-12`, `1.5e3`: what JSON's grammar reads as a number.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Bool {
            let start = bytes.startIndex
            while let first = bytes.first, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") { bytes = bytes.dropFirst() }
            return bytes.startIndex > start
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if !digits() {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() else { return false }
        }
        return bytes.isEmpty
    }

    /// A JSON string literal.
    static func jsonString(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
