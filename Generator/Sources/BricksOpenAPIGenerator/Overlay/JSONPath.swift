import Foundation

/// A JSONPath query (RFC 9535), parsed: what an overlay action's `target` (and `copy`) selects in
/// the document's tree. Names (`.name`, `['name']`), the wildcard, indices, slices, the descendant
/// segment `..` and filters (`[?@.in == 'query' && @.required]`: comparisons, existence, `!`,
/// parentheses) are read; function extensions (`length()`, `match()`…) are refused by name, so
/// that a query is never read as something else than it says.
struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    /// One step of a node's location: a member name or an array index.
    enum Step: Sendable, Hashable {
        case name(String)
        case index(Int)
    }

    /// A node the query selects: where it is, and its value.
    struct Node: Sendable {
        var location: [Step]
        var value: DocumentValue
    }

    /// What one selector of a segment picks among a node's children.
    indirect enum Selector: Sendable, Equatable {
        case name(String)
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int?)
        case filter(Filter)
    }

    /// `.name`, `[…, …]` (the node's children) or `..name`, `..[…]` (the node and its descendants).
    struct Segment: Sendable, Equatable {
        var selectors: [Selector]
        var isDescendant: Bool
        /// The segment as written, for messages.
        var text: String
    }

    /// A query: from the root (`$`) or, in a filter, from the node tested (`@`).
    struct Query: Sendable, Equatable {
        var isRelative: Bool
        var segments: [Segment]

        /// Whether the query selects at most one node (names and indices only): what a
        /// comparison reads.
        var isSingular: Bool {
            segments.allSatisfy { segment in
                guard !segment.isDescendant, segment.selectors.count == 1, let selector = segment.selectors.first else { return false }
                switch selector {
                case .name, .index: return true
                default: return false
                }
            }
        }
    }

    /// A filter's logical expression.
    indirect enum Filter: Sendable, Equatable {
        case or([Filter])
        case and([Filter])
        case not(Filter)
        /// True when the query selects at least one node.
        case exists(Query)
        case compare(Operand, Comparison, Operand)
    }

    /// One side of a comparison.
    enum Operand: Sendable, Equatable {
        case literal(DocumentValue)
        case query(Query)
    }

    /// `==`, `!=`, `<`, `<=`, `>`, `>=`.
    enum Comparison: String, Sendable, Equatable {
        case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// The query as written.
    let text: String
    let query: Query

    /// Parses a query.
    /// - Throws: ``JSONPathError`` naming the character where the query stops being one.
    init(_ text: String) throws(JSONPathError) {
        self.text = text
        query = try JSONPathParser.parse(text)
    }

    var description: String { text }

    /// The nodes the query selects in `root`, in the order RFC 9535 gives them.
    func select(in root: DocumentValue) -> [Node] {
        Self.evaluate(query, root: root, current: Node(location: [], value: root))
    }

    /// The query made of the first `count` segments (for the message of a target that matches
    /// nothing: how far it got).
    func prefix(_ count: Int) -> JSONPath {
        let segments = Array(query.segments.prefix(count))
        return JSONPath(text: "$" + segments.map(\.text).joined(), query: Query(isRelative: false, segments: segments))
    }

    private init(text: String, query: Query) {
        self.text = text
        self.query = query
    }

    /// `$['paths']['/users/{id}'][0]`: RFC 9535's normalized path of a location.
    static func normalized(_ location: [Step]) -> String {
        var text = "$"
        for step in location {
            switch step {
            case .index(let index): text += "[\(index)]"
            case .name(let name):
                var escaped = ""
                for scalar in name.unicodeScalars {
                    switch scalar {
                    case "'": escaped += "\\'"
                    case "\\": escaped += "\\\\"
                    case "\u{08}": escaped += "\\b"
                    case "\u{0C}": escaped += "\\f"
                    case "\n": escaped += "\\n"
                    case "\r": escaped += "\\r"
                    case "\t": escaped += "\\t"
                    case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
                    default: escaped.unicodeScalars.append(scalar)
                    }
                }
                text += "['\(escaped)']"
            }
        }
        return text
    }

    // MARK: - Evaluation

    private static func evaluate(_ query: Query, root: DocumentValue, current: Node) -> [Node] {
        var nodes = [query.isRelative ? current : Node(location: [], value: root)]
        for segment in query.segments {
            var next: [Node] = []
            for node in nodes {
                if segment.isDescendant {
                    visit(node) { each in select(segment.selectors, of: each, root: root, into: &next) }
                } else {
                    select(segment.selectors, of: node, root: root, into: &next)
                }
            }
            nodes = next
        }
        return nodes
    }

    /// The node, then its descendants, depth first in document order.
    private static func visit(_ node: Node, _ body: (Node) -> Void) {
        body(node)
        switch node.value {
        case .object(let object):
            for member in object.members { visit(Node(location: node.location + [.name(member.key)], value: member.value), body) }
        case .array(let values):
            for (index, value) in values.enumerated() { visit(Node(location: node.location + [.index(index)], value: value), body) }
        default:
            break
        }
    }

    private static func select(_ selectors: [Selector], of node: Node, root: DocumentValue, into nodes: inout [Node]) {
        for selector in selectors {
            switch (selector, node.value) {
            case (.name(let name), .object(let object)):
                if let value = object[name] { nodes.append(Node(location: node.location + [.name(name)], value: value)) }
            case (.wildcard, _), (.filter, _):
                for child in children(of: node) {
                    if case .filter(let filter) = selector, !test(filter, root: root, current: child) { continue }
                    nodes.append(child)
                }
            case (.index(let index), .array(let values)):
                let position = index < 0 ? values.count &+ index : index
                if values.indices.contains(position) {
                    nodes.append(Node(location: node.location + [.index(position)], value: values[position]))
                }
            case (.slice(let start, let end, let step), .array(let values)):
                for position in slice(count: values.count, start: start, end: end, step: step ?? 1) {
                    nodes.append(Node(location: node.location + [.index(position)], value: values[position]))
                }
            default:
                break
            }
        }
    }

    private static func children(of node: Node) -> [Node] {
        switch node.value {
        case .object(let object): return object.members.map { Node(location: node.location + [.name($0.key)], value: $0.value) }
        case .array(let values): return values.enumerated().map { Node(location: node.location + [.index($0.offset)], value: $0.element) }
        default: return []
        }
    }

    /// The indices an array slice selects (RFC 9535, 2.3.4.2.2).
    private static func slice(count: Int, start: Int?, end: Int?, step: Int) -> [Int] {
        guard step != 0 else { return [] }
        func normalize(_ index: Int) -> Int { index >= 0 ? index : count &+ index }
        var result: [Int] = []
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), count)
            let upper = min(max(normalize(end ?? count), 0), count)
            var index = lower
            while index < upper {
                result.append(index)
                index &+= step
            }
        } else {
            let upper = min(max(normalize(start ?? count &- 1), -1), count &- 1)
            let lower = min(max(end.map(normalize) ?? -1, -1), count &- 1)
            var index = upper
            while lower < index {
                result.append(index)
                index &+= step
            }
        }
        return result
    }

    private static func test(_ filter: Filter, root: DocumentValue, current: Node) -> Bool {
        switch filter {
        case .or(let terms): return terms.contains { test($0, root: root, current: current) }
        case .and(let terms): return terms.allSatisfy { test($0, root: root, current: current) }
        case .not(let inner): return !test(inner, root: root, current: current)
        case .exists(let query): return !evaluate(query, root: root, current: current).isEmpty
        case .compare(let left, let comparison, let right):
            let (a, b) = (value(of: left, root: root, current: current), value(of: right, root: root, current: current))
            switch comparison {
            case .equal: return equal(a, b)
            case .notEqual: return !equal(a, b)
            case .less: return less(a, b)
            case .lessOrEqual: return less(a, b) || equal(a, b)
            case .greater: return less(b, a)
            case .greaterOrEqual: return less(b, a) || equal(a, b)
            }
        }
    }

    /// A comparison's value: the literal, or the one node a singular query selects (`nil`: none).
    private static func value(of operand: Operand, root: DocumentValue, current: Node) -> DocumentValue? {
        switch operand {
        case .literal(let value): return value
        case .query(let query):
            let nodes = evaluate(query, root: root, current: current)
            return nodes.count == 1 ? nodes.first?.value : nil
        }
    }

    /// RFC 9535's equality: numbers by value, objects whatever the order of their members, and
    /// "nothing" equal only to nothing.
    static func equal(_ a: DocumentValue?, _ b: DocumentValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (.number(let x)?, .number(let y)?): return Double(x) == Double(y)
        case (.string(let x)?, .string(let y)?): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x)?, .array(let y)?): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x)?, .object(let y)?):
            return x.members.count == y.members.count && x.members.allSatisfy { member in equal(member.value, y[member.key]) }
        case (.bool(let x)?, .bool(let y)?): return x == y
        case (.null?, .null?): return true
        default: return false
        }
    }

    /// RFC 9535's order: numbers by value, strings by their Unicode scalars; nothing else is ordered.
    static func less(_ a: DocumentValue?, _ b: DocumentValue?) -> Bool {
        switch (a, b) {
        case (.number(let x)?, .number(let y)?):
            guard let x = Double(x), let y = Double(y) else { return false }
            return x < y
        case (.string(let x)?, .string(let y)?):
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) { $0.value < $1.value }
        default: return false
        }
    }
}

/// A JSONPath query that cannot be read, at a character (from 1).
struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    var position: Int
    var message: String
    var description: String { "at character \(position): \(message)" }
}
