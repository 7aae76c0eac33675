import Foundation

/// One value in the tree ``QueryEncoder`` builds before flattening it into pairs.
///
/// A class because containers handed out by the encoder write into it after they are returned.
final class QueryNode {
    enum Kind { case empty, scalar, keyed, unkeyed }

    private(set) var kind = Kind.empty
    private(set) var scalar = ""
    private(set) var children: [String: QueryNode] = [:]
    private(set) var elements: [QueryNode] = []

    /// Whether the node writes no pair at all: `nil`, or a list or object with nothing in it.
    var isBlank: Bool {
        switch kind {
        case .empty: true
        case .scalar: false
        case .keyed: children.values.allSatisfy(\.isBlank)
        case .unkeyed: elements.allSatisfy(\.isBlank)
        }
    }

    func setScalar(_ text: String) {
        kind = .scalar
        scalar = text
    }

    func setEmpty() { kind = .empty }

    /// Makes the node keyed, keeping children written by an earlier container for the same value.
    func makeKeyed() {
        if kind != .keyed {
            kind = .keyed
            children = [:]
        }
    }

    /// Makes the node a list, keeping elements written by an earlier container for the same value.
    func makeUnkeyed() {
        if kind != .unkeyed {
            kind = .unkeyed
            elements = []
        }
    }

    /// A fresh child for `key`, replacing any earlier value under that key.
    func newChild(forKey key: String) -> QueryNode {
        makeKeyed()
        let child = QueryNode()
        children[key] = child
        return child
    }

    /// The child for `key`, made keyed, for nested containers asked for more than once.
    func keyedChild(forKey key: String) -> QueryNode {
        makeKeyed()
        if let child = children[key], child.kind == .keyed { return child }
        let child = newChild(forKey: key)
        child.makeKeyed()
        return child
    }

    /// A fresh element at the end of the list.
    func newElement() -> QueryNode {
        makeUnkeyed()
        let element = QueryNode()
        elements.append(element)
        return element
    }
}

/// The `Encoder` behind ``QueryEncoder``: writes one value into a ``QueryNode``.
struct QueryTreeEncoder: Encoder {
    let node: QueryNode
    let options: QueryEncoder
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeKeyed()
        return KeyedEncodingContainer(QueryKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeUnkeyed()
        return QueryUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { QuerySingleValueContainer(encoder: self) }

    /// An encoder for `node` one level deeper.
    func nested(_ node: QueryNode, key: any CodingKey) -> QueryTreeEncoder {
        QueryTreeEncoder(node: node, options: options, codingPath: codingPath + [key])
    }

    /// Writes `value` into ``node``: the types with a query form of their own first, then anything
    /// through its `encode(to:)`.
    func encodeValue<Value: Encodable>(_ value: Value) throws {
        switch value {
        case let string as String: node.setScalar(string)
        case let date as Date: node.setScalar(try options.text(for: date, codingPath: codingPath))
        case let url as URL: node.setScalar(url.absoluteString)
        case let data as Data: node.setScalar(data.base64EncodedString())
        case let decimal as Decimal:
            guard !decimal.isNaN else {
                throw EncodingError.invalidValue(
                    decimal, .init(codingPath: codingPath, debugDescription: "Decimal.nan cannot be sent as a query value"))
            }
            // `description` writes every digit with `.` as the separator, whatever the locale.
            node.setScalar(decimal.description)
        default: try value.encode(to: self)
        }
    }

    /// Writes a `Bool` as the options say.
    func encodeBool(_ value: Bool) { node.setScalar(options.text(for: value)) }

    /// Writes a floating-point number, refusing NaN and infinities, which have no query form.
    ///
    /// `String(value)` is the shortest text that reads back as the same number, bit for bit, and it
    /// always looks like a floating-point number (`2.0`, `0.1`, `5e-324`, `-0.0`), so a server that
    /// types values by their text does not take `2.0` for an integer.
    func encodeFloatingPoint<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Number) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "\(value) cannot be sent as a query value"))
        }
        node.setScalar(String(value))
    }
}

/// Index keys for the coding path of list elements.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct QueryKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: QueryTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func child(_ key: Key) -> QueryTreeEncoder {
        encoder.nested(encoder.node.newChild(forKey: key.stringValue), key: key)
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).node.setEmpty() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).encodeBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).node.setScalar(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try child(key).encodeFloatingPoint(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try child(key).encodeFloatingPoint(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).node.setScalar(String(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try child(key).encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = encoder.nested(encoder.node.keyedChild(forKey: key.stringValue), key: key)
        return KeyedEncodingContainer(QueryKeyedContainer<NestedKey>(encoder: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        child(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.nested(encoder.node.newChild(forKey: "super"), key: IndexKey(0))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
}

private struct QueryUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: QueryTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.node.elements.count }

    private func element() -> QueryTreeEncoder {
        let index = count
        return encoder.nested(encoder.node.newElement(), key: IndexKey(index))
    }

    mutating func encodeNil() throws { element().node.setEmpty() }
    mutating func encode(_ value: Bool) throws { element().encodeBool(value) }
    mutating func encode(_ value: String) throws { element().node.setScalar(value) }
    mutating func encode(_ value: Double) throws { try element().encodeFloatingPoint(value) }
    mutating func encode(_ value: Float) throws { try element().encodeFloatingPoint(value) }
    mutating func encode(_ value: Int) throws { element().node.setScalar(String(value)) }
    mutating func encode(_ value: Int8) throws { element().node.setScalar(String(value)) }
    mutating func encode(_ value: Int16) throws { element().node.setScalar(String(value)) }
    mutating func encode(_ value: Int32) throws { element().node.setScalar(String(value)) }
    mutating func encode(_ value: Int64) throws { element().node.setScalar(String(value)) }
    mutating func encode(_ value: UInt) throws { element().node.setScalar(String(value)) }
    mutating func encode(_ value: UInt8) throws { element().node.setScalar(String(value)) }
    mutating func encode(_ value: UInt16) throws { element().node.setScalar(String(value)) }
    mutating func encode(_ value: UInt32) throws { element().node.setScalar(String(value)) }
    mutating func encode(_ value: UInt64) throws { element().node.setScalar(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try element().encodeValue(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        element().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { element() }
}

private struct QuerySingleValueContainer: SingleValueEncodingContainer {
    let encoder: QueryTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.node.setEmpty() }
    mutating func encode(_ value: Bool) throws { encoder.encodeBool(value) }
    mutating func encode(_ value: String) throws { encoder.node.setScalar(value) }
    mutating func encode(_ value: Double) throws { try encoder.encodeFloatingPoint(value) }
    mutating func encode(_ value: Float) throws { try encoder.encodeFloatingPoint(value) }
    mutating func encode(_ value: Int) throws { encoder.node.setScalar(String(value)) }
    mutating func encode(_ value: Int8) throws { encoder.node.setScalar(String(value)) }
    mutating func encode(_ value: Int16) throws { encoder.node.setScalar(String(value)) }
    mutating func encode(_ value: Int32) throws { encoder.node.setScalar(String(value)) }
    mutating func encode(_ value: Int64) throws { encoder.node.setScalar(String(value)) }
    mutating func encode(_ value: UInt) throws { encoder.node.setScalar(String(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.node.setScalar(String(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.node.setScalar(String(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.node.setScalar(String(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.node.setScalar(String(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}
