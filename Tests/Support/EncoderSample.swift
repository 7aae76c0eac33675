import Bricks
import Foundation

/// One value of every kind an encoder writes, nested the ways a query can nest, for round trips:
/// generate one (``random(using:nesting:)``), encode it, read it back with a standard reader
/// (``init(reading:arrayEncoding:)`` for query pairs, `JSONDecoder` for JSON), and compare with
/// ``differences(from:)``, which compares numbers and dates bit for bit.
public struct EncoderSample: Codable, Sendable {
    /// Fields of a nested object.
    public struct Inner: Codable, Sendable, CustomStringConvertible {
        public var date: Date
        public var double: Double
        public var texts: [String]
        /// Dates as their seconds (`Date.description` traps for some years).
        public var description: String {
            "Inner(date: \(date.timeIntervalSinceReferenceDate), double: \(double), texts: \(texts.debugDescription))"
        }
    }

    public var date: Date
    public var double: Double
    public var float: Float
    public var decimal: Decimal
    public var int64: Int64
    public var uint64: UInt64
    public var int8: Int8
    public var bool: Bool
    public var uuid: UUID
    public var url: URL
    public var text: String
    public var doubles: [Double]
    public var dates: [Date]
    public var texts: [String]
    public var nested: Inner
    /// A list of lists: only ``QueryEncoder/ArrayEncoding/indexed`` writes one.
    public var matrix: [[Int64]]?
    /// A list of objects: only ``QueryEncoder/ArrayEncoding/indexed`` writes one.
    public var objects: [Inner]?

    /// A generated sample; `nesting` adds a list of lists and a list of objects.
    public static func random(using generator: inout SeededGenerator, nesting: Bool) -> EncoderSample {
        func list<T>(_ make: (inout SeededGenerator) -> T) -> [T] {
            (0..<Int.random(in: 0...3, using: &generator)).map { _ in make(&generator) }
        }
        func inner() -> Inner {
            Inner(
                date: RandomValues.date(using: &generator), double: RandomValues.double(using: &generator),
                texts: list { RandomStrings.make(using: &$0) })
        }
        var sample = EncoderSample(
            date: RandomValues.date(using: &generator), double: RandomValues.double(using: &generator),
            float: RandomValues.float(using: &generator), decimal: RandomValues.decimal(using: &generator),
            int64: RandomValues.int64(using: &generator), uint64: RandomValues.uint64(using: &generator),
            int8: Int8.random(in: .min ... .max, using: &generator), bool: Bool.random(using: &generator),
            uuid: RandomValues.uuid(using: &generator), url: RandomValues.url(using: &generator),
            text: RandomStrings.make(using: &generator), doubles: list { RandomValues.double(using: &$0) },
            dates: list { RandomValues.date(using: &$0) }, texts: list { RandomStrings.make(using: &$0) },
            nested: inner())
        if nesting {
            sample.matrix = list { generator in
                (0..<Int.random(in: 1...3, using: &generator)).map { _ in RandomValues.int64(using: &generator) }
            }
            sample.objects = list { _ in inner() }
        }
        return sample
    }

}

extension EncoderSample {
    /// What a reader made of a pair that does not read as its field's type.
    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads a sample back from decoded query pairs (`URLComponents.queryItems`) with Foundation's
    /// parsers: `Double(_:)`, `Decimal(string:)`, `Date.ISO8601FormatStyle` (see ``readDate(_:)``),
    /// `UUID(uuidString:)`…
    /// Every pair must be used exactly once.
    public init(reading pairs: [(name: String, value: String)], arrayEncoding: QueryEncoder.ArrayEncoding) throws {
        var reader = PairReader(pairs: pairs, arrayEncoding: arrayEncoding)
        date = try reader.one("date", Self.readDate)
        double = try reader.one("double") { Double($0) }
        float = try reader.one("float") { Float($0) }
        decimal = try reader.one("decimal") { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
        int64 = try reader.one("int64") { Int64($0) }
        uint64 = try reader.one("uint64") { UInt64($0) }
        int8 = try reader.one("int8") { Int8($0) }
        bool = try reader.one("bool") { ["true": true, "false": false][$0] }
        uuid = try reader.one("uuid") { UUID(uuidString: $0) }
        url = try reader.one("url") { URL(string: $0) }
        text = try reader.one("text") { $0 }
        doubles = try reader.list("doubles") { Double($0) }
        dates = try reader.list("dates", Self.readDate)
        texts = try reader.list("texts") { $0 }
        nested = try reader.inner("nested")
        if arrayEncoding == .indexed {
            var rows: [[Int64]] = []
            while reader.has(prefix: "matrix[\(rows.count)]") {
                let row = try reader.list("matrix[\(rows.count)]") { Int64($0) }
                rows.append(row)
            }
            matrix = rows
            var objects: [Inner] = []
            while reader.has(prefix: "objects[\(objects.count)]") {
                let object = try reader.inner("objects[\(objects.count)]")
                objects.append(object)
            }
            self.objects = objects
        }
        if let left = reader.remaining.first { throw ReadError(description: "the pair \(left) was not expected") }
    }

    /// Reads an ISO 8601 timestamp as a correctly rounding reader does: Foundation's parser for the
    /// calendar, to the second; the fraction added in decimal, and the sum rounded to a `Double`
    /// once, by `Double(_:)`. (Foundation's parser adds the fraction in binary, and lands one bit
    /// off now and then: `…:53.039903Z` read as `147908873.03990299`, not `…873.039903`.)
    public static func readDate(_ text: String) -> Date? {
        var whole = Substring(text)
        var fraction: Substring = "0"
        if let dot = text.firstIndex(of: "."), text.hasSuffix("Z") {
            fraction = text[text.index(after: dot)..<text.index(before: text.endIndex)]
            whole = text[..<dot] + "Z"
        }
        let posix = Locale(identifier: "en_US_POSIX")
        guard fraction.allSatisfy(\.isASCII), fraction.allSatisfy(\.isNumber),
            let seconds = try? Date.ISO8601FormatStyle().parse(String(whole)).timeIntervalSinceReferenceDate,
            seconds.magnitude < 1e12,
            let wholeSeconds = Decimal(string: String(Int64(seconds)), locale: posix),
            let part = Decimal(string: "0." + fraction, locale: posix),
            let value = Double((wholeSeconds + part).description)
        else { return nil }
        return Date(timeIntervalSinceReferenceDate: value)
    }

    /// The fields that differ, compared bit for bit for numbers and dates; empty when none.
    /// An empty `matrix` or `objects` equals a missing one (an empty list writes nothing).
    public func differences(from other: EncoderSample) -> [String] {
        var found: [String] = []
        func check(_ name: String, _ same: Bool, _ mine: Any, _ theirs: Any) {
            if !same { found.append("\(name): \(mine) came back as \(theirs)") }
        }
        func bits(_ dates: [Date]) -> [UInt64] { dates.map(\.timeIntervalSinceReferenceDate.bitPattern) }
        func seconds(_ dates: [Date]) -> [Double] { dates.map(\.timeIntervalSinceReferenceDate) }
        check("date", bits([date]) == bits([other.date]), date.timeIntervalSinceReferenceDate, other.date.timeIntervalSinceReferenceDate)
        check("double", double.bitPattern == other.double.bitPattern, double, other.double)
        check("float", float.bitPattern == other.float.bitPattern, float, other.float)
        check("decimal", decimal == other.decimal, decimal, other.decimal)
        check("int64", int64 == other.int64, int64, other.int64)
        check("uint64", uint64 == other.uint64, uint64, other.uint64)
        check("int8", int8 == other.int8, int8, other.int8)
        check("bool", bool == other.bool, bool, other.bool)
        check("uuid", uuid == other.uuid, uuid, other.uuid)
        check("url", url.absoluteString == other.url.absoluteString, url, other.url)
        check("text", text == other.text, text.debugDescription, other.text.debugDescription)
        check("doubles", doubles.map(\.bitPattern) == other.doubles.map(\.bitPattern), doubles, other.doubles)
        check("dates", bits(dates) == bits(other.dates), seconds(dates), seconds(other.dates))
        check("texts", texts == other.texts, texts, other.texts)
        func same(_ one: Inner, _ two: Inner) -> Bool {
            bits([one.date]) == bits([two.date]) && one.double.bitPattern == two.double.bitPattern && one.texts == two.texts
        }
        check("nested", same(nested, other.nested), nested, other.nested)
        check("matrix", (matrix ?? []) == (other.matrix ?? []), matrix ?? [], other.matrix ?? [])
        let objectsA = objects ?? [], objectsB = other.objects ?? []
        check("objects", objectsA.count == objectsB.count && zip(objectsA, objectsB).allSatisfy(same), objectsA, objectsB)
        return found
    }
}

/// Takes query pairs by name, each once, in the layout an ``QueryEncoder/ArrayEncoding`` writes.
private struct PairReader {
    let arrayEncoding: QueryEncoder.ArrayEncoding
    /// The values under each name, in order, and whether each was used.
    private var values: [String: [String]] = [:]

    init(pairs: [(name: String, value: String)], arrayEncoding: QueryEncoder.ArrayEncoding) {
        self.arrayEncoding = arrayEncoding
        for pair in pairs { values[pair.name, default: []].append(pair.value) }
    }

    /// The names not read.
    var remaining: [String] { values.keys.sorted() }

    func has(prefix: String) -> Bool { values.keys.contains { $0.hasPrefix(prefix) } }

    /// The single value under `name`, read by `parse`.
    mutating func one<T>(_ name: String, _ parse: (String) -> T?) throws -> T {
        guard let list = values.removeValue(forKey: name), list.count == 1, let text = list.first else {
            throw EncoderSample.ReadError(description: "\(name) is missing or repeated")
        }
        guard let value = parse(text) else {
            throw EncoderSample.ReadError(description: "\(name)=\(text.debugDescription) does not read as \(T.self)")
        }
        return value
    }

    /// The list under `name` (empty when absent).
    mutating func list<T>(_ name: String, _ parse: (String) -> T?) throws -> [T] {
        switch arrayEncoding {
        case .repeatedKey, .brackets:
            let key = arrayEncoding == .brackets ? name + "[]" : name
            return try (values.removeValue(forKey: key) ?? []).map { text in
                guard let value = parse(text) else {
                    throw EncoderSample.ReadError(description: "\(key)=\(text.debugDescription) does not read as \(T.self)")
                }
                return value
            }
        case .indexed:
            var result: [T] = []
            while values["\(name)[\(result.count)]"] != nil { result.append(try one("\(name)[\(result.count)]", parse)) }
            return result
        }
    }

    /// A nested ``EncoderSample/Inner`` under `name`.
    mutating func inner(_ name: String) throws -> EncoderSample.Inner {
        EncoderSample.Inner(
            date: try one("\(name)[date]", EncoderSample.readDate), double: try one("\(name)[double]") { Double($0) },
            texts: try list("\(name)[texts]") { $0 })
    }
}
