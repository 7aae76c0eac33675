/// Writes `JSONValue`, the type of every free-form value (`{}`, `additionalProperties: true`, an
/// unresolvable `$ref`): written as a literal (`["n": ["$gte": 2]]`), printed as JSON, its numbers
/// kept as written.
///
/// `JSONEncoder` writes the `Double` 2.0 as `2` and `JSONDecoder` reads `2.0` as an `Int`, so that
/// a server that tells the two apart (Python's `json`) would store an integer. The API's coders are
/// therefore `JSONValue.NumberKeepingEncoder` and `NumberKeepingDecoder`: while the first encodes, a
/// whole `.number` is written as a marked string that it turns back into `2.0` in the bytes; before
/// the second decodes, it finds the places of the numbers written with a fraction or an exponent,
/// which `JSONValue` reads as `.number`. Both cost nothing when no such number is there.
struct JSONValueRenderer {
    let access: String

    /// The `Coding` enum's `static let encoder: JSONEncoder = …` opening and closing: a number-keeping
    /// coder configured as the plain one the block builds.
    static func coderOpening(_ kind: String, access: String, usesJSONValue: Bool) -> (opening: String, closing: String) {
        let type = "JSON" + kind
        guard usesJSONValue else { return ("\(access)static let \(kind.lowercased()): \(type) = {", "}()") }
        return ("\(access)static let \(kind.lowercased()): \(type) = JSONValue.NumberKeeping\(kind)(configuredAs: {", "}())")
    }

    func render(into writer: inout CodeWriter) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { writer.line(String(line)) }
    }

    private var text: String {
        """
        /// Any JSON value, for the schemas that do not say what they hold. Written as a literal
        /// (`["n": ["$gte": 2], "tags": ["a", "b"], "ratio": 0.5, "note": nil]`), printed as JSON text.
        \(access)enum JSONValue: Codable, Hashable, Sendable, CustomStringConvertible, ExpressibleByNilLiteral,
            ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
            ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
        {
            /// `null`.
            case null
            /// `true` or `false`.
            case bool(Bool)
            /// A number written without a fraction or an exponent (`2`), exact.
            case integer(Int)
            /// A number written with a fraction or an exponent (`2.0`, `0.5`, `1e3`): `2.0` is sent as `2.0`.
            case number(Double)
            /// A string.
            case string(String)
            /// A list.
            case array([JSONValue])
            /// An object.
            case object([String: JSONValue])

            /// `nil`: `null`.
            \(access)init(nilLiteral: ()) { self = .null }
            /// `true`, `false`.
            \(access)init(booleanLiteral value: Bool) { self = .bool(value) }
            /// `2`: `.integer(2)`.
            \(access)init(integerLiteral value: Int) { self = .integer(value) }
            /// `2.0`: `.number(2.0)`, sent as `2.0`.
            \(access)init(floatLiteral value: Double) { self = .number(value) }
            /// `"text"`.
            \(access)init(stringLiteral value: String) { self = .string(value) }
            /// `[1, "a", nil]`.
            \(access)init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
            /// `["key": value]` (a key written twice keeps its last value).
            \(access)init(dictionaryLiteral elements: (String, JSONValue)...) {
                self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
            }

            \(access)init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() {
                    self = .null
                }
                else if let value = try? container.decode(Bool.self) {
                    self = .bool(value)
                }
                else if !Self.isWrittenAsFloat(decoder.codingPath), let value = try? container.decode(Int.self) {
                    self = .integer(value)
                }
                else if let value = try? container.decode(Double.self) {
                    self = .number(value)
                }
                else if let value = try? container.decode(String.self) {
                    self = .string(value)
                }
                else if let value = try? container.decode([JSONValue].self) {
                    self = .array(value)
                }
                else {
                    self = .object(try container.decode([String: JSONValue].self))
                }
            }

            \(access)func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .null: try container.encodeNil()
                case .bool(let value): try container.encode(value)
                case .integer(let value): try container.encode(value)
                case .number(let value) where Self.marksFloats && value.rounded() == value && abs(value) < 1e15:
                    try container.encode(Self.floatMark + String(value))
                case .number(let value): try container.encode(value)
                case .string(let value): try container.encode(value)
                case .array(let value): try container.encode(value)
                case .object(let value): try container.encode(value)
                }
            }

            /// The value as compact JSON text, keys sorted: `{"n":{"$gte":2}}`.
            \(access)var description: String {
                switch self {
                case .null: return "null"
                case .bool(let value): return String(value)
                case .integer(let value): return String(value)
                case .number(let value): return value.isFinite ? String(value) : "null"
                case .string(let value): return Self.quoted(value)
                case .array(let value): return "[" + value.map(\\.description).joined(separator: ",") + "]"
                case .object(let value):
                    return "{" + value.sorted { $0.key < $1.key }.map { Self.quoted($0.key) + ":" + $0.value.description }.joined(separator: ",") + "}"
                }
            }

            private static func quoted(_ text: String) -> String {
                var result = "\\""
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\\"", "\\\\": result += "\\\\" + String(scalar)
                    case "\\n": result += "\\\\n"
                    case "\\r": result += "\\\\r"
                    case "\\t": result += "\\\\t"
                    case _ where scalar.value < 0x20: result += "\\\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                    default: result.unicodeScalars.append(scalar)
                    }
                }
                return result + "\\""
            }

            /// While `NumberKeepingEncoder` encodes: a whole `.number` is written as `floatMark` and its text.
            @TaskLocal private static var marksFloats = false
            /// While `NumberKeepingDecoder` decodes: the places of the numbers written with a fraction or an exponent.
            @TaskLocal private static var floatPlaces: Set<[String]> = []
            /// A text no string of a body holds: random in each process.
            private static let floatMark = "bricks-float-" + UUID().uuidString + ":"

            /// Whether the number at `codingPath` was written with a fraction or an exponent (while `NumberKeepingDecoder` decodes).
            static func isWrittenAsFloat(_ codingPath: [any CodingKey]) -> Bool {
                !floatPlaces.isEmpty && floatPlaces.contains(codingPath.map(place))
            }

            /// A member's name or an element's index, as a place in `floatPlaces`.
            private static func place(_ key: any CodingKey) -> String { key.intValue.map(String.init) ?? key.stringValue }

            /// A JSON encoder that writes a `JSONValue.number` as a float even when it is whole (`2.0`, not `2`).
            \(access)final class NumberKeepingEncoder: JSONEncoder, @unchecked Sendable {
                /// An encoder configured as `base`: its formatting, strategies and user info.
                \(access)init(configuredAs base: JSONEncoder) {
                    super.init()
                    outputFormatting = base.outputFormatting
                    dateEncodingStrategy = base.dateEncodingStrategy
                    dataEncodingStrategy = base.dataEncodingStrategy
                    nonConformingFloatEncodingStrategy = base.nonConformingFloatEncodingStrategy
                    keyEncodingStrategy = base.keyEncodingStrategy
                    userInfo = base.userInfo
                }

                /// The JSON of `value`, whole floats of its `JSONValue`s written with their `.0`.
                \(access)override func encode<T: Encodable>(_ value: T) throws -> Data {
                    let data = try JSONValue.$marksFloats.withValue(true) { try super.encode(value) }
                    let mark = Data(("\\"" + JSONValue.floatMark).utf8)
                    guard var found = data.range(of: mark) else { return data }
                    var result = Data()
                    var start = data.startIndex
                    while true {
                        guard let end = data[found.upperBound...].firstIndex(of: UInt8(ascii: "\\"")) else { return data }
                        result += data[start..<found.lowerBound] + data[found.upperBound..<end]
                        start = data.index(after: end)
                        guard let next = data[start...].range(of: mark) else { return result + data[start...] }
                        found = next
                    }
                }
            }

            /// A JSON decoder that reads a number written with a fraction or an exponent (`2.0`) into a
            /// `JSONValue` as `.number`, one written without as `.integer`.
            \(access)final class NumberKeepingDecoder: JSONDecoder, @unchecked Sendable {
                /// A decoder configured as `base`: its strategies and user info.
                \(access)init(configuredAs base: JSONDecoder) {
                    super.init()
                    dateDecodingStrategy = base.dateDecodingStrategy
                    dataDecodingStrategy = base.dataDecodingStrategy
                    nonConformingFloatDecodingStrategy = base.nonConformingFloatDecodingStrategy
                    keyDecodingStrategy = base.keyDecodingStrategy
                    allowsJSON5 = base.allowsJSON5
                    assumesTopLevelDictionary = base.assumesTopLevelDictionary
                    userInfo = base.userInfo
                }

                /// A value of `type` read from `data`.
                \(access)override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
                    let places = JSONValue.floatPlaces(in: data)
                    if places.isEmpty { return try super.decode(type, from: data) }
                    return try JSONValue.$floatPlaces.withValue(places) { try super.decode(type, from: data) }
                }
            }

            /// The places (member names and indexes from the top) of the numbers in `data` written with a
            /// fraction or an exponent; none without a digit before a `.`, `e` or `E` anywhere.
            static func floatPlaces(in data: Data) -> Set<[String]> {
                let bytes = [UInt8](data)
                func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
                func isFloatMark(_ byte: UInt8) -> Bool { byte == 0x2E || byte == 0x65 || byte == 0x45 }
                guard zip(bytes, bytes.dropFirst()).contains(where: { isDigit($0) && isFloatMark($1) }) else { return [] }
                enum Level { case object(String?), array(Int) }
                var levels: [Level] = []
                var places: Set<[String]> = []
                var index = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "{"): levels.append(.object(nil))
                    case UInt8(ascii: "["): levels.append(.array(0))
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = levels.popLast()
                    case UInt8(ascii: ","):
                        if case .array(let position)? = levels.last { levels[levels.count &- 1] = .array(position &+ 1) }
                        else if !levels.isEmpty { levels[levels.count &- 1] = .object(nil) }
                    case UInt8(ascii: "\\""):
                        var end = index &+ 1
                        var escaped = false
                        while end < bytes.count, bytes[end] != UInt8(ascii: "\\"") {
                            if bytes[end] == UInt8(ascii: "\\\\") {
                                escaped = true
                                end &+= 1
                            }
                            end &+= 1
                        }
                        if case .object(nil)? = levels.last, end < bytes.count {
                            let raw = bytes[index...end]
                            let key = escaped
                                ? (try? JSONDecoder().decode(String.self, from: Data(raw))) ?? ""
                                : String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
                            levels[levels.count &- 1] = .object(key)
                        }
                        index = end
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        var end = index
                        var isFloat = false
                        while end < bytes.count, isDigit(bytes[end]) || isFloatMark(bytes[end]) || bytes[end] == 0x2B || bytes[end] == 0x2D {
                            isFloat = isFloat || isFloatMark(bytes[end])
                            end &+= 1
                        }
                        if isFloat {
                            places.insert(levels.map { level in
                                switch level {
                                case .object(let key): return key ?? ""
                                case .array(let position): return String(position)
                                }
                            })
                        }
                        index = end &- 1
                    default: break
                    }
                    index &+= 1
                }
                return places
            }
        }
        """
    }
}
