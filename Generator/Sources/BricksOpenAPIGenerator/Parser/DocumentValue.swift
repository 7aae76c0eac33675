import Yams

/// A parsed document before OpenAPIKit reads it: JSON's values, with the keys of each object in
/// the document's order (the output follows that order) and numbers kept as their text (a bound
/// such as `9223372036854776000` is not rounded or refused before the normaliser sees it).
enum DocumentValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number as written (`12`, `-1.5e3`).
    case number(String)
    case string(String)
    case array([DocumentValue])
    case object(DocumentObject)

    /// The object, if this is one.
    var object: DocumentObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The text of a string.
    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// An object's members in the document's order.
struct DocumentObject: Sendable, Equatable {
    /// One member.
    struct Member: Sendable, Equatable {
        var key: String
        var value: DocumentValue
    }

    var members: [Member] = []

    /// The value of `key`; setting `nil` removes the member, setting a new key appends it.
    subscript(key: String) -> DocumentValue? {
        get { members.first { $0.key == key }?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    var keys: [String] { members.map(\.key) }
}

extension DocumentValue {
    /// The value of a YAML node composed by Yams. A quoted or block scalar is a string; a plain
    /// one is null (`null`, `~`, nothing), a boolean (`true`, `false`: YAML 1.2's core schema, so
    /// that `on` and `yes` stay text), a number (what Yams reads as one), or else a string.
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            guard scalar.style == .plain || scalar.style == .any else {
                self = .string(scalar.string)
                return
            }
            switch scalar.string {
            case "", "~", "null", "Null", "NULL": self = .null
            case "true", "True", "TRUE": self = .bool(true)
            case "false", "False", "FALSE": self = .bool(false)
            default:
                let isNumber = Self.mayBeNumber(scalar.string)
                    && (Int.construct(from: scalar) != nil || Double.construct(from: scalar) != nil)
                self = isNumber ? .number(scalar.string) : .string(scalar.string)
            }
        case .mapping(let mapping):
            self = .object(DocumentObject(members: mapping.map { key, value in
                DocumentObject.Member(key: key.scalar?.string ?? key.string ?? "", value: DocumentValue(value))
            }))
        case .sequence(let sequence):
            self = .array(sequence.map(DocumentValue.init))
        case .alias:
            // `compose` resolves aliases; an unresolved one has no value to give.
            self = .null
        }
    }

    /// Whether Yams' `Int` or `Double` constructor may read `text` (most plain scalars are words:
    /// they are told apart here without the constructors' copies of the text). After signs and
    /// underscores a number starts with a digit or a dot, or is an infinity or a NaN.
    static func mayBeNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        while let first = rest.utf8.first, first == UInt8(ascii: "_") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            rest = rest.dropFirst()
        }
        guard let first = rest.utf8.first else { return false }
        switch first {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."): return true
        case UInt8(ascii: "i"), UInt8(ascii: "I"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            let start = rest.prefix(3).lowercased()
            return start == "inf" || start == "nan"
        default: return false
        }
    }

    /// The node Yams' decoder reads (the reference ``DocumentDecoder`` reads as; tests compare them): strings quoted (so that `"12"` and `"true"` stay strings),
    /// numbers, booleans and null plain, each with its tag.
    var node: Node {
        var tags = Tags()
        return node(tags: &tags)
    }

    /// One `Tag` (a class) per kind and per key text, shared by all the nodes that have it.
    private struct Tags {
        let null = Tag(.null), bool = Tag(.bool), int = Tag(.int), float = Tag(.float), str = Tag(.str)
        let seq = Tag(.seq), map = Tag(.map)
        var keys: [String: Tag] = [:]

        /// Yams finds a key by comparing it with a plain node of the key's text, tags resolved:
        /// `"200"` must carry the tag a plain `200` resolves to.
        mutating func key(_ text: String) -> Tag {
            if let known = keys[text] { return known }
            let tag = Tag(Resolver.default.resolveTag(of: Node(text)))
            keys[text] = tag
            return tag
        }
    }

    private func node(tags: inout Tags) -> Node {
        switch self {
        case .null: return .scalar(Node.Scalar("null", tags.null, .plain))
        case .bool(let value): return .scalar(Node.Scalar(value ? "true" : "false", tags.bool, .plain))
        case .number(let text):
            let isInteger = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
            return .scalar(Node.Scalar(text, isInteger ? tags.int : tags.float, .plain))
        case .string(let text): return .scalar(Node.Scalar(text, tags.str, .doubleQuoted))
        case .array(let values):
            var nodes: [Node] = []
            nodes.reserveCapacity(values.count)
            for value in values { nodes.append(value.node(tags: &tags)) }
            return .sequence(Node.Sequence(nodes, tags.seq))
        case .object(let object):
            var pairs: [(Node, Node)] = []
            pairs.reserveCapacity(object.members.count)
            for member in object.members {
                pairs.append((.scalar(Node.Scalar(member.key, tags.key(member.key), .plain)), member.value.node(tags: &tags)))
            }
            return .mapping(Node.Mapping(pairs, tags.map))
        }
    }
}
