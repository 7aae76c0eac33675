/// A keyed container of ``JSONBodyValueEncoder``: members of an object, keys converted by the
/// key strategy.
struct JSONBodyKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONBodyValueEncoder
    let object: JSONBodyValue.Object
    /// The keys of the containers this one is nested in, below the encoder's value.
    let prefix: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + prefix }

    /// `key` as written, after the key strategy.
    private func converted(_ key: Key) -> String {
        switch encoder.options.keyStrategy {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            return JSONBodySnakeCase.converting(key.stringValue)
        case .custom(let convert):
            return convert(codingPath + [key]).stringValue
        }
    }

    private func set(_ value: JSONBodyValue, for key: Key) {
        object.set(value, for: converted(key))
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try encoder.number(value, prefix, key), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try encoder.number(value, prefix, key), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(value.description), for: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(value.description), for: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { set(.number(value.description), for: key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try encoder.wrapNested(value, prefix, key), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let name = converted(key)
        let nested: JSONBodyValue.Object
        if case .object(let existing) = object.value(for: name) {
            nested = existing
        } else {
            // Anything else encoded for the key is replaced (`JSONEncoder` stops the program).
            nested = JSONBodyValue.Object()
            object.set(.object(nested), for: name)
        }
        return KeyedEncodingContainer(
            JSONBodyKeyedContainer<NestedKey>(encoder: encoder, object: nested, prefix: prefix + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = converted(key)
        let nested: JSONBodyValue.Array
        if case .array(let existing) = object.value(for: name) {
            nested = existing
        } else {
            nested = JSONBodyValue.Array()
            object.set(.array(nested), for: name)
        }
        return JSONBodyUnkeyedContainer(encoder: encoder, array: nested, prefix: prefix + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let name: String
        switch encoder.options.keyStrategy {
        case .useDefaultKeys:
            name = JSONBodyCodingKey.super.stringValue
        case .convertToSnakeCase:
            name = JSONBodySnakeCase.converting(JSONBodyCodingKey.super.stringValue)
        case .custom(let convert):
            name = convert(codingPath + [JSONBodyCodingKey.super]).stringValue
        }
        return JSONBodyValueEncoder(
            superOf: encoder, prefix: prefix, key: JSONBodyCodingKey.super, destination: .member(object, name))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONBodyValueEncoder(superOf: encoder, prefix: prefix, key: key, destination: .member(object, converted(key)))
    }
}
