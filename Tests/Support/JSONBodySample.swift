import Foundation

/// A generated value for comparing Bricks' JSON body encoder with `JSONEncoder`: nested structs
/// (synthesized `Encodable`, camel-case and Unicode property names), enums with payloads,
/// optionals, arrays, dictionaries keyed by strings, integers and enums, keyed containers with
/// arbitrary keys, nested and super encoders, values that encode nothing, and leaves of every kind
/// (doubles, floats, integers at their bounds, dates, data, URLs, decimals, hostile strings).
/// Seeded (``SeededGenerator``).
public indirect enum JSONBodySample: Encodable, Sendable {
    case double(Double)
    case float(Float)
    case int(Int64)
    case uint(UInt64)
    case int8(Int8)
    case bool(Bool)
    case string(String)
    case date(Date)
    case data(Data)
    case url(URL)
    case decimal(Decimal)
    case null
    case optional(JSONBodySample?)
    case array([JSONBodySample])
    case stringKeyed([String: JSONBodySample])
    case intKeyed([Int: JSONBodySample])
    case kindKeyed([Kind: JSONBodySample])
    /// A keyed container with these keys, in this order (a repeated key replaces its value).
    case keyed([(String, JSONBodySample)])
    case record(Record)
    case kind(Kind)
    /// `nestedContainer`, `nestedUnkeyedContainer` and `superEncoder` in one value.
    case containers(JSONBodySample, JSONBodySample, JSONBodySample)
    /// A value whose `encode(to:)` encodes nothing (`{}` when nested).
    case nothing

    /// An enum with payloads (synthesized `Encodable`), also a dictionary key.
    public enum Kind: String, Codable, Sendable, CodingKeyRepresentable, Hashable {
        case plainCase, URLCase, caseWithÉtéValue = "été", snake_case_already
    }

    /// A struct with synthesized `Encodable` and property names the key strategies change.
    public struct Record: Encodable, Sendable {
        public var someDouble: Double
        public var aURLValue: URL?
        public var createdAt: Date
        public var rawData: Data
        public var ÉtéÀ: String
        public var _leading_Trailing_: Int64
        public var children: [JSONBodySample]
        public var labels: [String: JSONBodySample]
        public var numbered: [Int: Double]
        public var optionalChild: JSONBodySample?
        public var payload: Payload
    }

    /// An enum with associated values (synthesized `Encodable`: a keyed container per case).
    public enum Payload: Encodable, Sendable {
        case none
        case pair(Double, label: String)
        case nested(inner: [Float], when: Date?)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var single: any SingleValueEncodingContainer { encoder.singleValueContainer() }
        switch self {
        case .double(let value): var container = single; try container.encode(value)
        case .float(let value): var container = single; try container.encode(value)
        case .int(let value): var container = single; try container.encode(value)
        case .uint(let value): var container = single; try container.encode(value)
        case .int8(let value): var container = single; try container.encode(value)
        case .bool(let value): var container = single; try container.encode(value)
        case .string(let value): var container = single; try container.encode(value)
        case .date(let value): var container = single; try container.encode(value)
        case .data(let value): var container = single; try container.encode(value)
        case .url(let value): var container = single; try container.encode(value)
        case .decimal(let value): var container = single; try container.encode(value)
        case .null: var container = single; try container.encodeNil()
        case .optional(let value): var container = single; try container.encode(value)
        case .array(let values): try values.encode(to: encoder)
        case .stringKeyed(let values): try values.encode(to: encoder)
        case .intKeyed(let values): try values.encode(to: encoder)
        case .kindKeyed(let values): try values.encode(to: encoder)
        case .keyed(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
        case .record(let record): try record.encode(to: encoder)
        case .kind(let kind): try kind.encode(to: encoder)
        case .containers(let first, let second, let third):
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "nestedObject"))
            try nested.encode(first, forKey: Key(stringValue: "firstValue"))
            try nested.encodeIfPresent(Double?.none, forKey: Key(stringValue: "absent"))
            var list = container.nestedUnkeyedContainer(forKey: Key(stringValue: "nestedList"))
            try list.encode(second)
            try list.encode(1.5)
            var inner = list.nestedContainer(keyedBy: Key.self)
            try inner.encode(true, forKey: Key(stringValue: "innerFlag"))
            try third.encode(to: container.superEncoder())
            try Double(2).encode(to: container.superEncoder(forKey: Key(stringValue: "superKey")))
            try JSONBodySample.nothing.encode(to: list.superEncoder())
        case .nothing:
            break
        }
    }

    /// A generated value, at most `depth` containers deep.
    public static func random(using generator: inout SeededGenerator, depth: Int = 3) -> JSONBodySample {
        let leafKinds = 12
        let choice = depth > 0 ? Int.random(in: 0..<(leafKinds + 10), using: &generator) : Int.random(in: 0..<leafKinds, using: &generator)
        func children(_ maximum: Int) -> [JSONBodySample] {
            (0..<Int.random(in: 0...maximum, using: &generator)).map { _ in random(using: &generator, depth: depth - 1) }
        }
        switch choice {
        case 0, 1: return .double(RandomValues.double(using: &generator))
        case 2: return .float(RandomValues.float(using: &generator))
        case 3: return .int(RandomValues.int64(using: &generator))
        case 4: return .uint(RandomValues.uint64(using: &generator))
        case 5: return Bool.random(using: &generator) ? .bool(Bool.random(using: &generator)) : .int8(.random(in: .min ... .max, using: &generator))
        case 6, 7: return .string(RandomStrings.make(using: &generator))
        case 8: return .date(RandomValues.date(using: &generator))
        case 9: return .data(Data((0..<Int.random(in: 0...6, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case 10: return Bool.random(using: &generator) ? .url(RandomValues.url(using: &generator)) : .null
        case 11: return .decimal(RandomValues.decimal(using: &generator))
        case 12: return .optional(Bool.random(using: &generator) ? nil : random(using: &generator, depth: depth - 1))
        case 13, 14: return .array(children(4))
        case 15:
            var members: [String: JSONBodySample] = [:]
            for child in children(3) { members[key(using: &generator)] = child }
            return .stringKeyed(members)
        case 16:
            var members: [Int: JSONBodySample] = [:]
            for child in children(3) { members[Int.random(in: -1000...1000, using: &generator)] = child }
            if Bool.random(using: &generator) { return .intKeyed(members) }
            var kinds: [Kind: JSONBodySample] = [:]
            for child in children(2) { kinds[[Kind.plainCase, .URLCase, .caseWithÉtéValue, .snake_case_already].randomElement(using: &generator) ?? .plainCase] = child }
            return .kindKeyed(kinds)
        case 17: return .keyed(children(4).map { (key(using: &generator), $0) })
        case 18, 19: return .record(record(using: &generator, depth: depth - 1))
        case 20:
            let nested = children(3)
            return nested.count == 3 ? .containers(nested[0], nested[1], nested[2]) : .kind(.URLCase)
        default: return Bool.random(using: &generator) ? .nothing : .kind(.caseWithÉtéValue)
        }
    }

    private static func record(using generator: inout SeededGenerator, depth: Int) -> Record {
        func child() -> JSONBodySample { random(using: &generator, depth: depth) }
        let payload: Payload = switch Int.random(in: 0..<3, using: &generator) {
        case 0: .none
        case 1: .pair(RandomValues.double(using: &generator), label: RandomStrings.make(using: &generator))
        default: .nested(inner: [RandomValues.float(using: &generator)], when: Bool.random(using: &generator) ? RandomValues.date(using: &generator) : nil)
        }
        var labels: [String: JSONBodySample] = [:]
        for _ in 0..<Int.random(in: 0...2, using: &generator) { labels[key(using: &generator)] = child() }
        return Record(
            someDouble: RandomValues.double(using: &generator),
            aURLValue: Bool.random(using: &generator) ? RandomValues.url(using: &generator) : nil,
            createdAt: RandomValues.date(using: &generator),
            rawData: Data(RandomStrings.make(using: &generator).utf8),
            ÉtéÀ: RandomStrings.make(using: &generator),
            _leading_Trailing_: RandomValues.int64(using: &generator),
            children: (0..<Int.random(in: 0...2, using: &generator)).map { _ in child() },
            labels: labels,
            numbered: [Int.random(in: 0...9, using: &generator): RandomValues.double(using: &generator)],
            optionalChild: Bool.random(using: &generator) ? child() : nil,
            payload: payload)
    }

    /// A key for the key strategies to work on: camel case, runs of capitals, digits, `_`,
    /// Unicode capitals and title-case letters, or any hostile string.
    public static func key(using generator: inout SeededGenerator) -> String {
        let pieces = ["my", "URL", "Property", "a", "B", "_", "__", "1", "ID", "x", "Été", "À", "ǅ", "ß", "İ", "ﬀ", "Σ", "σ", "/", "-", "😀", ""]
        if Int.random(in: 0..<5, using: &generator) == 0 { return RandomStrings.make(using: &generator, maximumPieces: 4) }
        return (0..<Int.random(in: 1...5, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    /// How many leaf values the sample holds (each number, string, date… counts once).
    public var leafCount: Int {
        switch self {
        case .optional(let value): value?.leafCount ?? 1
        case .array(let values): values.reduce(0) { $0 + $1.leafCount }
        case .stringKeyed(let values): values.values.reduce(0) { $0 + $1.leafCount }
        case .intKeyed(let values): values.values.reduce(0) { $0 + $1.leafCount }
        case .kindKeyed(let values): values.values.reduce(0) { $0 + $1.leafCount }
        case .keyed(let members): members.reduce(0) { $0 + $1.1.leafCount }
        case .record(let record):
            10 + record.children.reduce(0) { $0 + $1.leafCount } + record.labels.values.reduce(0) { $0 + $1.leafCount }
                + (record.optionalChild?.leafCount ?? 0)
        case .containers(let first, let second, let third): 3 + first.leafCount + second.leafCount + third.leafCount
        case .nothing: 0
        default: 1
        }
    }

    /// How many floating-point numbers Bricks' encoder writes for the sample: each `Double` and
    /// `Float`, each date when `numericDates` (a date strategy that writes seconds), each
    /// `Decimal` with a fraction (written as its digits). `convert` is the key strategy, for keys
    /// that become one.
    public func floatingPointCount(numericDates: Bool, key convert: (String) -> String = { $0 }) -> Int {
        let date = numericDates ? 1 : 0
        switch self {
        case .double, .float: return 1
        case .date: return date
        case .decimal(let value): return value.description.contains(".") ? 1 : 0
        case .optional(let value): return value?.floatingPointCount(numericDates: numericDates, key: convert) ?? 0
        case .array(let values): return values.reduce(0) { $0 + $1.floatingPointCount(numericDates: numericDates, key: convert) }
        case .stringKeyed(let values): return values.values.reduce(0) { $0 + $1.floatingPointCount(numericDates: numericDates, key: convert) }
        case .intKeyed(let values): return values.values.reduce(0) { $0 + $1.floatingPointCount(numericDates: numericDates, key: convert) }
        case .kindKeyed(let values): return values.values.reduce(0) { $0 + $1.floatingPointCount(numericDates: numericDates, key: convert) }
        case .keyed(let members):
            // A repeated key (after the key strategy) keeps its last value.
            var last: [String: JSONBodySample] = [:]
            for (key, value) in members { last[convert(key)] = value }
            return last.values.reduce(0) { $0 + $1.floatingPointCount(numericDates: numericDates, key: convert) }
        case .record(let record):
            let payload = switch record.payload {
            case .none: 0
            case .pair: 1
            case .nested(_, let when): 1 + (when == nil ? 0 : date)
            }
            return 2 + date + payload
                + record.children.reduce(0) { $0 + $1.floatingPointCount(numericDates: numericDates, key: convert) }
                + record.labels.values.reduce(0) { $0 + $1.floatingPointCount(numericDates: numericDates, key: convert) }
                + (record.optionalChild?.floatingPointCount(numericDates: numericDates, key: convert) ?? 0)
        case .containers(let first, let second, let third):
            return 2 + [first, second, third].reduce(0) { $0 + $1.floatingPointCount(numericDates: numericDates, key: convert) }
        default: return 0
        }
    }
}
