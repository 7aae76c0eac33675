import Foundation
import Yams

/// A `Decoder` that reads a ``DocumentValue`` tree directly, for OpenAPIKit.
///
/// It reads as Yams' `YAMLDecoder` read the node ``DocumentValue/node`` made of the same tree (a
/// scalar is built by Yams' own `ScalarConstructible` conformances from the same text, tag and
/// style; the same errors, at the same coding paths), without its cost: Yams finds each key by
/// building a node of the key's text, resolving its tag with regular expressions and comparing it
/// with every key of the mapping, and OpenAPIKit asks for every key it knows in every object. Here
/// an object of more than a few members is looked up through a dictionary built once per
/// container, and a missing key costs a hash.
struct DocumentDecoder {
    var userInfo: [CodingUserInfoKey: Any] = [:]

    /// Decodes `type` from `tree`.
    func decode<T: Decodable>(_ type: T.Type, from tree: DocumentValue) throws -> T {
        try Reader(value: tree, codingPath: [], shared: Shared(userInfo: userInfo)).decode(type)
    }
}

extension DocumentDecoder {
    /// What every reader of one decoding shares: the user info, and one `Tag` per kind for the
    /// scalars handed to Yams' constructors.
    fileprivate final class Shared {
        let userInfo: [CodingUserInfoKey: Any]
        let null = Tag(.null), bool = Tag(.bool), int = Tag(.int), float = Tag(.float), str = Tag(.str)

        init(userInfo: [CodingUserInfoKey: Any]) { self.userInfo = userInfo }

        /// The scalar ``DocumentValue/node`` gives for a value (strings quoted; the rest plain).
        func scalar(_ value: DocumentValue) -> Node.Scalar? {
            switch value {
            case .null: return Node.Scalar("null", null, .plain)
            case .bool(let flag): return Node.Scalar(flag ? "true" : "false", bool, .plain)
            case .number(let text):
                let isInteger = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
                return Node.Scalar(text, isInteger ? int : float, .plain)
            case .string(let text): return Node.Scalar(text, str, .doubleQuoted)
            case .array, .object: return nil
            }
        }
    }

    /// A coding key of an object member or an array index.
    fileprivate struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?

        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) {
            self.stringValue = String(intValue)
            self.intValue = intValue
        }
    }

    /// The decoder of one value.
    fileprivate struct Reader: Decoder, SingleValueDecodingContainer {
        let value: DocumentValue
        let codingPath: [any CodingKey]
        let shared: Shared

        var userInfo: [CodingUserInfoKey: Any] { shared.userInfo }

        func container<K: CodingKey>(keyedBy type: K.Type) throws -> KeyedDecodingContainer<K> {
            guard case .object(let object) = value else {
                throw mismatch(Node.Mapping.self, "Mapping", found: "Node")
            }
            return KeyedDecodingContainer(Members<K>(reader: self, members: DocumentDecoder.merged(object.members)))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let values) = value else {
                throw mismatch(Node.Sequence.self, "Sequence", found: "Node")
            }
            return Items(reader: self, values: values)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

        func decodeNil() -> Bool {
            if case .null = value { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard let constructible = type as? any ScalarConstructible.Type else {
                return try type.init(from: self)
            }
            guard let scalar = shared.scalar(value) else {
                throw mismatch(Node.Scalar.self, "Scalar", found: value.object != nil ? "Mapping" : "Sequence")
            }
            guard let constructed = constructible.construct(from: scalar) as? T else {
                throw mismatch(type, "\(type)", found: "Scalar")
            }
            return constructed
        }

        /// A reader of `value`, one step further down.
        func child(_ value: DocumentValue, at key: any CodingKey) -> Reader {
            Reader(value: value, codingPath: codingPath + [key], shared: shared)
        }

        /// The error Yams' decoder throws for a value of the wrong kind: `expected`, described as
        /// `wanted`, where the value was `found`.
        func mismatch(_ expected: Any.Type, _ wanted: String, found: String) -> DecodingError {
            let context = DecodingError.Context(codingPath: codingPath, debugDescription: "Expected to decode \(wanted) but found \(found) instead.")
            return .typeMismatch(expected, context)
        }
    }

    /// An object's members.
    fileprivate struct Members<K: CodingKey>: KeyedDecodingContainerProtocol {
        let reader: Reader
        let members: [DocumentObject.Member]
        /// Key → index of its last occurrence (Yams reads the last of duplicate keys), for the
        /// objects large enough for a linear search to cost more than the dictionary.
        let index: [String: Int]?

        init(reader: Reader, members: [DocumentObject.Member]) {
            self.reader = reader
            self.members = members
            if members.count > 12 {
                var index: [String: Int] = [:]
                index.reserveCapacity(members.count)
                for (offset, member) in members.enumerated() { index[member.key] = offset }
                self.index = index
            } else {
                self.index = nil
            }
        }

        var codingPath: [any CodingKey] { reader.codingPath }

        var allKeys: [K] { members.compactMap { K(stringValue: $0.key) } }

        func value(_ key: K) -> DocumentValue? {
            if let index { return index[key.stringValue].map { members[$0].value } }
            return members.last { $0.key == key.stringValue }?.value
        }

        func contains(_ key: K) -> Bool { value(key) != nil }

        func child(_ key: K) throws -> Reader {
            guard let value = value(key) else {
                let context = DecodingError.Context(
                    codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\").")
                throw DecodingError.keyNotFound(key, context)
            }
            return reader.child(value, at: key)
        }

        func decodeNil(forKey key: K) throws -> Bool { try child(key).decodeNil() }

        func decode<T: Decodable>(_ type: T.Type, forKey key: K) throws -> T { try child(key).decode(type) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: K) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            try child(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: K) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { try child(K(stringValue: "super") ?? unreachableKey()) }

        func superDecoder(forKey key: K) throws -> any Decoder { try child(key) }

        private func unreachableKey() throws -> K {
            throw DecodingError.keyNotFound(
                DocumentDecoder.Key(stringValue: "super"), DecodingError.Context(codingPath: codingPath, debugDescription: "No `super` key."))
        }
    }

    /// An array's items.
    fileprivate struct Items: UnkeyedDecodingContainer {
        let reader: Reader
        let values: [DocumentValue]
        var currentIndex = 0

        init(reader: Reader, values: [DocumentValue]) {
            self.reader = reader
            self.values = values
        }

        var codingPath: [any CodingKey] { reader.codingPath }
        var count: Int? { values.count }
        var isAtEnd: Bool { currentIndex >= values.count }

        /// What `body` reads from the next item; `type` is the one an error at the end names.
        private mutating func next<T>(_ type: Any.Type, _ body: (Reader) throws -> T) throws -> T {
            let key = Key(intValue: currentIndex)
            guard currentIndex < values.count else {
                let context = DecodingError.Context(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end.")
                throw DecodingError.valueNotFound(type, context)
            }
            let decoded = try body(reader.child(values[currentIndex], at: key))
            currentIndex &+= 1
            return decoded
        }

        mutating func decodeNil() throws -> Bool { try next(Any?.self) { $0.decodeNil() } }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(T.self) { try $0.decode(type) } }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
        }

        mutating func superDecoder() throws -> any Decoder { try next((any Decoder).self) { $0 } }
    }

    /// The members of an object with its YAML merge keys applied as Yams' decoder applies them:
    /// the merged members (`<<: {…}`, or `<<: [{…}, …]` read last to first) come first, so that
    /// the object's own member of the same key, read last, wins.
    fileprivate static func merged(_ members: [DocumentObject.Member]) -> [DocumentObject.Member] {
        guard members.contains(where: { $0.key == "<<" }) else { return members }
        var merge: [DocumentObject.Member] = []
        var own: [DocumentObject.Member] = []
        for member in members {
            guard member.key == "<<" else {
                own.append(member)
                continue
            }
            switch member.value {
            case .object(let object): merge += merged(object.members)
            case .array(let values): for object in values.compactMap(\.object).reversed() { merge += merged(object.members) }
            case .null, .bool, .number, .string: break
            }
        }
        return merge + own
    }
}
