import Foundation

/// A parsed JSON value: the `Sendable`, comparable form in which fixtures keep JSON bodies.
///
/// Integers and fractions compare by value (`1 == 1.0`), so a body matches its re-encoded self.
enum JSONValue: Sendable, Equatable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b
        default: false
        }
    }

    /// The value of `data` when it is a JSON object or array; `nil` for anything else, including
    /// a lone string or number, which fixtures keep as text.
    static func container(in data: Data) -> JSONValue? {
        guard let first = data.first(where: { !Self.whitespace.contains($0) }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    private static let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]

    /// The value as compact JSON with sorted keys.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// A scalar as header text (`1` → `"1"`); arrays are joined with ", " as HTTP joins repeated
    /// headers; `nil` for `null` and objects.
    var headerText: String? {
        switch self {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        case .array(let values): values.compactMap(\.headerText).joined(separator: ", ")
        case .null, .object: nil
        }
    }

    /// The value with the values of object members named in `names` (compared case-insensitively)
    /// replaced by `replacement`, at any depth.
    /// Every other string is passed through `strings`.
    func replacingMembers(
        named names: Set<String>, with replacement: String, strings: (String) -> String = { $0 }
    ) -> JSONValue {
        switch self {
        case .array(let values):
            return .array(values.map { $0.replacingMembers(named: names, with: replacement, strings: strings) })
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, value) in members {
                result[key] =
                    names.contains(key.lowercased())
                    ? .string(replacement) : value.replacingMembers(named: names, with: replacement, strings: strings)
            }
            return .object(result)
        case .string(let text):
            return .string(strings(text))
        default:
            return self
        }
    }
}
