import Foundation

/// The `Encoder` ``JSONBodyEncoder`` hands to each value: it collects what the value encodes into
/// a ``JSONBodyValue`` and serves as its single-value container.
final class JSONBodyValueEncoder: Encoder {
    let options: JSONBodyEncodingOptions
    /// The encoder of the value this one is inside, `nil` at the top.
    private(set) var owner: JSONBodyValueEncoder?
    /// The keys of nested containers between the owner's value and this one; usually none.
    private(set) var prefix: [any CodingKey]
    /// The key this value is encoded under, `nil` at the top and for a single-value container's.
    private(set) var key: (any CodingKey)?
    /// What was encoded, once something was.
    var storage: JSONBodyValue?
    /// An encoder for a value inside this one, kept for the next value once its value is taken.
    private var spare: JSONBodyValueEncoder?
    /// Where a `superEncoder()`'s value goes when the encoder is released.
    private var destination: Destination?

    /// The place in a container that a `superEncoder()` fills.
    enum Destination {
        case member(JSONBodyValue.Object, String)
        case element(JSONBodyValue.Array, Int)
    }

    init(options: JSONBodyEncodingOptions, owner: JSONBodyValueEncoder?, prefix: [any CodingKey], key: (any CodingKey)?) {
        self.options = options
        self.owner = owner
        self.prefix = prefix
        self.key = key
    }

    /// An encoder for a `superEncoder()`: what it encodes (an empty object if nothing) goes to
    /// `destination` when it is released, as with `JSONEncoder`.
    convenience init(
        superOf owner: JSONBodyValueEncoder, prefix: [any CodingKey], key: any CodingKey, destination: Destination
    ) {
        self.init(options: owner.options, owner: owner, prefix: prefix, key: key)
        self.destination = destination
    }

    deinit {
        guard let destination else { return }
        let value = storage ?? .object(JSONBodyValue.Object())
        switch destination {
        case .member(let object, let key):
            object.set(value, for: key)
        case .element(let array, let index):
            array.elements.insert(value, at: min(max(index, 0), array.elements.count))
        }
    }

    var codingPath: [any CodingKey] {
        var reversed: [any CodingKey] = []
        var encoder: JSONBodyValueEncoder? = self
        while let current = encoder {
            if let key = current.key { reversed.append(key) }
            reversed.append(contentsOf: current.prefix.reversed())
            encoder = current.owner
        }
        return reversed.reversed()
    }

    /// The path to a value at `key` below the nested containers `prefix` of this encoder.
    func codingPath(_ prefix: [any CodingKey], _ key: (any CodingKey)?) -> [any CodingKey] {
        var path = codingPath + prefix
        if let key { path.append(key) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: JSONBodyValue.Object
        if case .object(let existing) = storage {
            object = existing
        } else {
            // A value encoded before is replaced (`JSONEncoder` stops the program there).
            object = JSONBodyValue.Object()
            storage = .object(object)
        }
        return KeyedEncodingContainer(JSONBodyKeyedContainer<Key>(encoder: self, object: object, prefix: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: JSONBodyValue.Array
        if case .array(let existing) = storage {
            array = existing
        } else {
            array = JSONBodyValue.Array()
            storage = .array(array)
        }
        return JSONBodyUnkeyedContainer(encoder: self, array: array, prefix: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Takes what was encoded, leaving the encoder empty.
    func takeValue() -> JSONBodyValue? {
        defer { storage = nil }
        return storage
    }

    // MARK: Values

    /// `value` as JSON, encoded below this encoder under `key` in its nested containers `prefix`;
    /// `nil` when it encodes nothing.
    func wrap<T: Encodable>(_ value: T, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue? {
        if let date = value as? Date { return try wrapDate(date, prefix, key) }
        if let data = value as? Data { return try wrapData(data, prefix, key) }
        if let url = value as? URL { return .string(url.absoluteString) }
        if let decimal = value as? Decimal { return try wrapDecimal(decimal, prefix, key) }
        if !options.usesDefaultKeys, let dictionary = value as? any JSONBodyStringKeyedDictionary {
            return try wrapDictionary(dictionary, prefix, key)
        }
        return try encode(below: prefix, key) { try value.encode(to: $0) }
    }

    /// `value` as JSON below this encoder, an empty object when it encodes nothing (as a
    /// `JSONEncoder` writes a nested value that encodes nothing).
    func wrapNested<T: Encodable>(_ value: T, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue {
        try wrap(value, prefix, key) ?? .object(JSONBodyValue.Object())
    }

    func number(_ double: Double, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue {
        guard double.isFinite else { return try nonConforming(double, prefix, key) }
        // Swift's shortest round-trip digits, always with a point or an exponent: `2.0`, `1e+20`.
        return .number(double.description)
    }

    func number(_ float: Float, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue {
        guard float.isFinite else { return try nonConforming(float, prefix, key) }
        return .number(float.description)
    }

    private func wrapDecimal(_ decimal: Decimal, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue {
        guard !decimal.isNaN else {
            // `JSONEncoder` writes `NaN` here, which no JSON reader accepts.
            throw EncodingError.invalidValue(decimal, EncodingError.Context(
                codingPath: codingPath(prefix, key),
                debugDescription: "Unable to encode Decimal.nan directly in JSON."))
        }
        return .number(decimal.description)
    }

    private func wrapDate(_ date: Date, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue? {
        switch options.dateStrategy {
        case .deferredToDate:
            return try encode(below: prefix, key) { try date.encode(to: $0) }
        case .secondsSince1970:
            return try finite(date.timeIntervalSince1970, prefix, key)
        case .millisecondsSince1970:
            return try finite(1000.0 * date.timeIntervalSince1970, prefix, key)
        case .iso8601:
            return .string(date.formatted(.iso8601))
        case .formatted(let formatter):
            return .string(formatter.string(from: date))
        case .custom(let closure):
            return try encode(below: prefix, key) { try closure(date, $0) } ?? .object(JSONBodyValue.Object())
        }
    }

    private func wrapData(_ data: Data, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue? {
        switch options.dataStrategy {
        case .deferredToData:
            return try encode(below: prefix, key) { try data.encode(to: $0) }
        case .base64:
            return .string(data.base64EncodedString())
        case .custom(let closure):
            return try encode(below: prefix, key) { try closure(data, $0) } ?? .object(JSONBodyValue.Object())
        }
    }

    /// A `[String: Value]` whose keys are written as they are, whatever the key strategy (as in
    /// `JSONEncoder`: its keys are data, not property names).
    private func wrapDictionary(_ dictionary: any JSONBodyStringKeyedDictionary, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue {
        let object = JSONBodyValue.Object()
        let encoder = JSONBodyValueEncoder(options: options, owner: self, prefix: prefix, key: key)
        try dictionary.forEachEntry { member, value in
            object.set(try encoder.wrapNested(value, [], JSONBodyCodingKey.string(member)), for: member)
        }
        return .object(object)
    }

    /// A date's seconds, which `JSONEncoder` never writes as strings, whatever the strategy for
    /// non-conforming numbers.
    private func finite(_ seconds: Double, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue {
        guard seconds.isFinite else { throw nonConformingError(seconds, prefix, key) }
        return .number(seconds.description)
    }

    private func nonConforming<F: BinaryFloatingPoint>(_ value: F, _ prefix: [any CodingKey], _ key: (any CodingKey)?) throws -> JSONBodyValue {
        guard let strings = options.nonConformingFloatStrings else {
            throw nonConformingError(value, prefix, key)
        }
        if value.isNaN { return .string(strings.nan) }
        return .string(value < 0 ? strings.negativeInfinity : strings.positiveInfinity)
    }

    private func nonConformingError<F: BinaryFloatingPoint>(_ value: F, _ prefix: [any CodingKey], _ key: (any CodingKey)?) -> EncodingError {
        let name = value.isNaN ? "nan" : value < 0 ? "-infinity" : "infinity"
        return EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: codingPath(prefix, key),
            debugDescription: "Unable to encode \(F.self).\(name) directly in JSON. Use "
                + "JSONEncoder.NonConformingFloatEncodingStrategy.convertToString to specify how the value should be encoded."))
    }

    /// Runs `body` with an encoder for a value below this one, and takes what it encoded.
    private func encode(
        below prefix: [any CodingKey], _ key: (any CodingKey)?, _ body: (JSONBodyValueEncoder) throws -> Void
    ) throws -> JSONBodyValue? {
        if key == nil, prefix.isEmpty {
            try body(self)
            return takeValue()
        }
        var encoder: JSONBodyValueEncoder
        if let spare {
            self.spare = nil
            spare.prefix = prefix
            spare.key = key
            spare.owner = self
            spare.storage = nil
            encoder = spare
        } else {
            encoder = JSONBodyValueEncoder(options: options, owner: self, prefix: prefix, key: key)
        }
        try body(encoder)
        let value = encoder.takeValue()
        // Kept for the next value unless the value's code held on to it (a container it kept).
        if isKnownUniquelyReferenced(&encoder) {
            encoder.owner = nil
            spare = encoder
        }
        return value
    }
}

extension JSONBodyValueEncoder: SingleValueEncodingContainer {
    // A second value replaces the first (`JSONEncoder` stops the program there).
    func encodeNil() throws { storage = .null }
    func encode(_ value: Bool) throws { storage = .bool(value) }
    func encode(_ value: String) throws { storage = .string(value) }
    func encode(_ value: Double) throws { storage = try number(value, [], nil) }
    func encode(_ value: Float) throws { storage = try number(value, [], nil) }
    func encode(_ value: Int) throws { storage = .number(value.description) }
    func encode(_ value: Int8) throws { storage = .number(value.description) }
    func encode(_ value: Int16) throws { storage = .number(value.description) }
    func encode(_ value: Int32) throws { storage = .number(value.description) }
    func encode(_ value: Int64) throws { storage = .number(value.description) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: Int128) throws { storage = .number(value.description) }
    func encode(_ value: UInt) throws { storage = .number(value.description) }
    func encode(_ value: UInt8) throws { storage = .number(value.description) }
    func encode(_ value: UInt16) throws { storage = .number(value.description) }
    func encode(_ value: UInt32) throws { storage = .number(value.description) }
    func encode(_ value: UInt64) throws { storage = .number(value.description) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func encode(_ value: UInt128) throws { storage = .number(value.description) }
    func encode<T: Encodable>(_ value: T) throws { storage = try wrapNested(value, [], nil) }
}
