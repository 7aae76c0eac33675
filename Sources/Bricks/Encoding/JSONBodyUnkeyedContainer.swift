/// An unkeyed container of ``JSONBodyValueEncoder``: the elements of an array.
struct JSONBodyUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONBodyValueEncoder
    let array: JSONBodyValue.Array
    /// The keys of the containers this one is nested in, below the encoder's value.
    let prefix: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + prefix }
    var count: Int { array.elements.count }

    /// The key of the next element.
    private var nextKey: JSONBodyCodingKey { .index(array.elements.count) }

    private func append(_ value: JSONBodyValue) { array.elements.append(value) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try encoder.number(value, prefix, nextKey)) }
    mutating func encode(_ value: Float) throws { append(try encoder.number(value, prefix, nextKey)) }
    mutating func encode(_ value: Int) throws { append(.number(value.description)) }
    mutating func encode(_ value: Int8) throws { append(.number(value.description)) }
    mutating func encode(_ value: Int16) throws { append(.number(value.description)) }
    mutating func encode(_ value: Int32) throws { append(.number(value.description)) }
    mutating func encode(_ value: Int64) throws { append(.number(value.description)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { append(.number(value.description)) }
    mutating func encode(_ value: UInt) throws { append(.number(value.description)) }
    mutating func encode(_ value: UInt8) throws { append(.number(value.description)) }
    mutating func encode(_ value: UInt16) throws { append(.number(value.description)) }
    mutating func encode(_ value: UInt32) throws { append(.number(value.description)) }
    mutating func encode(_ value: UInt64) throws { append(.number(value.description)) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { append(.number(value.description)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try encoder.wrapNested(value, prefix, nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let nested = JSONBodyValue.Object()
        append(.object(nested))
        return KeyedEncodingContainer(
            JSONBodyKeyedContainer<NestedKey>(encoder: encoder, object: nested, prefix: prefix + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let nested = JSONBodyValue.Array()
        append(.array(nested))
        return JSONBodyUnkeyedContainer(encoder: encoder, array: nested, prefix: prefix + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let index = array.elements.count
        return JSONBodyValueEncoder(
            superOf: encoder, prefix: prefix, key: JSONBodyCodingKey.index(index), destination: .element(array, index))
    }
}
