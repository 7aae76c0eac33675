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
        let type = "Foundation.JSON" + kind
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
        \(access)enum JSONValue: Swift.Codable, Swift.Hashable, Swift.Sendable, Swift.CustomStringConvertible, Swift.ExpressibleByNilLiteral,
            Swift.ExpressibleByBooleanLiteral, Swift.ExpressibleByIntegerLiteral, Swift.ExpressibleByFloatLiteral, Swift.ExpressibleByStringLiteral,
            Swift.ExpressibleByArrayLiteral, Swift.ExpressibleByDictionaryLiteral
        {
            /// `null`.
            case null
            /// `true` or `false`.
            case bool(Swift.Bool)
            /// A number written without a fraction or an exponent (`2`), exact.
            case integer(Swift.Int)
            /// A number written with a fraction or an exponent (`2.0`, `0.5`, `1e3`): `2.0` is sent as `2.0`.
            case number(Swift.Double)
            /// A string.
            case string(Swift.String)
            /// A list.
            case array([JSONValue])
            /// An object.
            case object([Swift.String: JSONValue])

            /// `nil`: `null`.
            \(access)init(nilLiteral: ()) { self = .null }
            /// `true`, `false`.
            \(access)init(booleanLiteral value: Swift.Bool) { self = .bool(value) }
            /// `2`: `.integer(2)`.
            \(access)init(integerLiteral value: Swift.Int) { self = .integer(value) }
            /// `2.0`: `.number(2.0)`, sent as `2.0`.
            \(access)init(floatLiteral value: Swift.Double) { self = .number(value) }
            /// `"text"`.
            \(access)init(stringLiteral value: Swift.String) { self = .string(value) }
            /// `[1, "a", nil]`.
            \(access)init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
            /// `["key": value]` (a key written twice keeps its last value).
            \(access)init(dictionaryLiteral elements: (Swift.String, JSONValue)...) {
                self = .object(Swift.Dictionary(elements, uniquingKeysWith: { _, last in last }))
            }

            \(access)init(from decoder: any Swift.Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() {
                    self = .null
                }
                else if let value = try? container.decode(Swift.Bool.self) {
                    self = .bool(value)
                }
                else if !Self.isWrittenAsFloat(decoder.codingPath), let value = try? container.decode(Swift.Int.self) {
                    self = .integer(value)
                }
                else if let value = try? container.decode(Swift.Double.self) {
                    self = .number(value)
                }
                else if let value = try? container.decode(Swift.String.self) {
                    self = .string(value)
                }
                else if let value = try? container.decode([JSONValue].self) {
                    self = .array(value)
                }
                else {
                    self = .object(try container.decode([Swift.String: JSONValue].self))
                }
            }

            \(access)func encode(to encoder: any Swift.Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .null: try container.encodeNil()
                case .bool(let value): try container.encode(value)
                case .integer(let value): try container.encode(value)
                case .number(let value) where Self.marksFloats.get() && value.rounded() == value && abs(value) < 1e15:
                    try container.encode(Self.floatMark + Swift.String(value))
                case .number(let value): try container.encode(value)
                case .string(let value): try container.encode(value)
                case .array(let value): try container.encode(value)
                case .object(let value): try container.encode(value)
                }
            }

            /// The value as compact JSON text, keys sorted: `{"n":{"$gte":2}}`.
            \(access)var description: Swift.String {
                switch self {
                case .null: return "null"
                case .bool(let value): return Swift.String(value)
                case .integer(let value): return Swift.String(value)
                case .number(let value): return value.isFinite ? Swift.String(value) : "null"
                case .string(let value): return Self.quoted(value)
                case .array(let value): return "[" + value.map(\\.description).joined(separator: ",") + "]"
                case .object(let value):
                    return "{" + value.sorted { $0.key < $1.key }.map { Self.quoted($0.key) + ":" + $0.value.description }.joined(separator: ",") + "}"
                }
            }

            private static func quoted(_ text: Swift.String) -> Swift.String {
                var result = "\\""
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\\"", "\\\\": result += "\\\\" + Swift.String(scalar)
                    case "\\n": result += "\\\\n"
                    case "\\r": result += "\\\\r"
                    case "\\t": result += "\\\\t"
                    case _ where scalar.value < 0x20: result += "\\\\u00" + (scalar.value < 0x10 ? "0" : "") + Swift.String(scalar.value, radix: 16)
                    default: result.unicodeScalars.append(scalar)
                    }
                }
                return result + "\\""
            }

            /// While `NumberKeepingEncoder` encodes: a whole `.number` is written as `floatMark` and its text. (Task-local
            /// values written out: the `@TaskLocal` macro names its type unqualified, which a type of the module can shadow.)
            private static let marksFloats = Swift.TaskLocal<Swift.Bool>(wrappedValue: false)
            /// While `NumberKeepingDecoder` decodes: the places of the numbers written with a fraction or an exponent.
            private static let decodedFloatPlaces = Swift.TaskLocal<Swift.Set<[Swift.String]>>(wrappedValue: [])
            /// A text no string of a body holds: random in each process.
            private static let floatMark = "bricks-float-" + Foundation.UUID().uuidString + ":"

            /// Whether the number at `codingPath` was written with a fraction or an exponent (while `NumberKeepingDecoder` decodes).
            static func isWrittenAsFloat(_ codingPath: [any Swift.CodingKey]) -> Swift.Bool {
                let places = decodedFloatPlaces.get()
                return !places.isEmpty && places.contains(codingPath.map(place))
            }

            /// A member's name or an element's index, as a place in `decodedFloatPlaces`.
            private static func place(_ key: any Swift.CodingKey) -> Swift.String { key.intValue.map(Swift.String.init) ?? key.stringValue }

            /// A JSON encoder that writes a `JSONValue.number` as a float even when it is whole (`2.0`, not `2`).
            \(access)final class NumberKeepingEncoder: Foundation.JSONEncoder, @unchecked Swift.Sendable {
                /// An encoder configured as `base`: its formatting, strategies and user info.
                \(access)init(configuredAs base: Foundation.JSONEncoder) {
                    super.init()
                    outputFormatting = base.outputFormatting
                    dateEncodingStrategy = base.dateEncodingStrategy
                    dataEncodingStrategy = base.dataEncodingStrategy
                    nonConformingFloatEncodingStrategy = base.nonConformingFloatEncodingStrategy
                    keyEncodingStrategy = base.keyEncodingStrategy
                    userInfo = base.userInfo
                }

                /// The JSON of `value`, whole floats of its `JSONValue`s written with their `.0`.
                \(access)override func encode<T: Swift.Encodable>(_ value: T) throws -> Foundation.Data {
                    let data = try JSONValue.marksFloats.withValue(true) { try super.encode(value) }
                    let mark = Foundation.Data(("\\"" + JSONValue.floatMark).utf8)
                    guard var found = data.range(of: mark) else { return data }
                    var result = Foundation.Data()
                    var start = data.startIndex
                    while true {
                        guard let end = data[found.upperBound...].firstIndex(of: Swift.UInt8(ascii: "\\"")) else { return data }
                        result += data[start..<found.lowerBound] + data[found.upperBound..<end]
                        start = data.index(after: end)
                        guard let next = data[start...].range(of: mark) else { return result + data[start...] }
                        found = next
                    }
                }
            }

            /// A JSON decoder that reads a number written with a fraction or an exponent (`2.0`) into a
            /// `JSONValue` as `.number`, one written without as `.integer`.
            \(access)final class NumberKeepingDecoder: Foundation.JSONDecoder, @unchecked Swift.Sendable {
                /// A decoder configured as `base`: its strategies and user info.
                \(access)init(configuredAs base: Foundation.JSONDecoder) {
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
                \(access)override func decode<T: Swift.Decodable>(_ type: T.Type, from data: Foundation.Data) throws -> T {
                    let places = JSONValue.floatPlaces(in: data)
                    if places.isEmpty { return try super.decode(type, from: data) }
                    return try JSONValue.decodedFloatPlaces.withValue(places) { try super.decode(type, from: data) }
                }
            }

            /// The places (member names and indexes from the top) of the numbers in `data` written with a
            /// fraction or an exponent; none without a digit before a `.`, `e` or `E` anywhere.
            static func floatPlaces(in data: Foundation.Data) -> Swift.Set<[Swift.String]> {
                let bytes = [Swift.UInt8](data)
                func isDigit(_ byte: Swift.UInt8) -> Swift.Bool { byte >= 0x30 && byte <= 0x39 }
                func isFloatMark(_ byte: Swift.UInt8) -> Swift.Bool { byte == 0x2E || byte == 0x65 || byte == 0x45 }
                guard zip(bytes, bytes.dropFirst()).contains(where: { isDigit($0) && isFloatMark($1) }) else { return [] }
                enum Level { case object(Swift.String?), array(Swift.Int) }
                var levels: [Level] = []
                var places: Swift.Set<[Swift.String]> = []
                var index = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case Swift.UInt8(ascii: "{"): levels.append(.object(nil))
                    case Swift.UInt8(ascii: "["): levels.append(.array(0))
                    case Swift.UInt8(ascii: "}"), Swift.UInt8(ascii: "]"): _ = levels.popLast()
                    case Swift.UInt8(ascii: ","):
                        if case .array(let position)? = levels.last { levels[levels.count &- 1] = .array(position &+ 1) }
                        else if !levels.isEmpty { levels[levels.count &- 1] = .object(nil) }
                    case Swift.UInt8(ascii: "\\""):
                        var end = index &+ 1
                        var escaped = false
                        while end < bytes.count, bytes[end] != Swift.UInt8(ascii: "\\"") {
                            if bytes[end] == Swift.UInt8(ascii: "\\\\") {
                                escaped = true
                                end &+= 1
                            }
                            end &+= 1
                        }
                        if case .object(nil)? = levels.last, end < bytes.count {
                            let raw = bytes[index...end]
                            let key = escaped
                                ? (try? Foundation.JSONDecoder().decode(Swift.String.self, from: Foundation.Data(raw))) ?? ""
                                : Swift.String(decoding: raw.dropFirst().dropLast(), as: Swift.UTF8.self)
                            levels[levels.count &- 1] = .object(key)
                        }
                        index = end
                    case Swift.UInt8(ascii: "-"), Swift.UInt8(ascii: "0")...Swift.UInt8(ascii: "9"):
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
                                case .array(let position): return Swift.String(position)
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
