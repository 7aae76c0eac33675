extension Overlay {
    /// Applies the actions in order to a document's tree, each to the result of the one before.
    /// - Returns: one report per action: what it did and to how many nodes.
    /// - Throws: ``GeneratorError`` at the action: a target (or `copy` source) that matches
    ///   nothing, naming it, its description and how much of it still matches; an update whose
    ///   value cannot merge into a node it selects; a `remove` of the document's root.
    func apply(to tree: inout DocumentValue) throws(GeneratorError) -> [OverlayActionReport] {
        var reports: [OverlayActionReport] = []
        for action in actions {
            let place = file + " " + Pointer.make(["actions", String(action.position)])
            var nodes: [JSONPath.Node] = []
            var seen: Set<[JSONPath.Step]> = []
            for node in action.target.select(in: tree) where seen.insert(node.location).inserted { nodes.append(node) }
            guard !nodes.isEmpty else { throw unmatched(action, in: tree, at: place) }
            let name: String
            switch action.change {
            case .remove:
                name = "remove"
                // The last first: removing an element does not move those before it, and a node
                // goes before the nodes that hold it.
                for location in nodes.map(\.location).sorted(by: Self.after) {
                    guard let parent = location.last else {
                        throw GeneratorError(at: place + "/target", "`\(action.target)` selects the document's root, which cannot be removed")
                    }
                    try Self.modify(&tree, at: location.dropLast()[...]) { (value: inout DocumentValue) throws(GeneratorError) in
                        Self.removeChild(parent, of: &value)
                    }
                }
            case .update(let value):
                name = "update"
                try Self.merge(value, into: nodes, of: &tree, at: place + "/update")
            case .copy(let source):
                name = "copy"
                let sources = source.select(in: tree)
                guard sources.count == 1, let value = sources.first?.value else {
                    throw GeneratorError(
                        at: place + "/copy",
                        "the copy source `\(source)` selects \(sources.count) nodes; it must select exactly one" + Self.described(action))
                }
                try Self.merge(value, into: nodes, of: &tree, at: place + "/copy")
            }
            reports.append(OverlayActionReport(
                file: file, position: action.position, target: action.target.text, actionDescription: action.description,
                change: name, matched: nodes.count))
        }
        return reports
    }

    private static func described(_ action: Action) -> String {
        action.description.map { " (the action \"\($0)\")" } ?? ""
    }

    /// The error of a target that selects nothing: how much of it still matches, and the nearest
    /// member name where the first name that fails is looked for.
    private func unmatched(_ action: Action, in tree: DocumentValue, at place: String) -> GeneratorError {
        let target = action.target
        var message = "the target `\(target)`\(Self.described(action)) matches nothing in the document (an overlay's action must "
            + "match, so that a fix does not stop applying without a word: the document changed, or the query is wrong)"
        let segments = target.query.segments
        // The longest start of the query that still matches (`$` always does).
        for count in stride(from: segments.count &- 1, through: 0, by: -1) {
            let parents = target.prefix(count).select(in: tree)
            guard !parents.isEmpty else { continue }
            let segment = segments[count]
            message += "; `\(target.prefix(count))` matches \(parents.count) node\(parents.count == 1 ? "" : "s"), "
                + "but not `\(segment.text)` in \(parents.count == 1 ? "it" : "them")"
            if segment.selectors.count == 1, case .name(let name) = segment.selectors[0] {
                let keys = Set(parents.flatMap { $0.value.object?.keys ?? [] })
                message += GeneratorConfiguration.suggestion(for: name, in: keys)
            }
            break
        }
        return GeneratorError(at: place + "/target", message)
    }

    /// Whether location `a` comes after `b` in document order (indices by value).
    private static func after(_ a: [JSONPath.Step], _ b: [JSONPath.Step]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            switch (x, y) {
            case (.index(let i), .index(let j)): return i > j
            case (.name(let m), .name(let n)): return m > n
            case (.index, .name): return true
            case (.name, .index): return false
            }
        }
        return a.count > b.count
    }

    /// Merges `value` into each node (all objects, all arrays, or all primitives).
    private static func merge(
        _ value: DocumentValue, into nodes: [JSONPath.Node], of tree: inout DocumentValue, at place: String
    ) throws(GeneratorError) {
        let kinds = Set(nodes.map { kind($0.value) })
        if kinds.count > 1 {
            let listed = nodes.prefix(4).map { "\(JSONPath.normalized($0.location)) (\(kind($0.value)))" }.joined(separator: ", ")
            throw GeneratorError(at: place, "the target selects nodes of different kinds (\(listed)…): an update applies to objects, arrays or primitives, not a mix")
        }
        for node in nodes {
            try modify(&tree, at: node.location[...]) { (target: inout DocumentValue) throws(GeneratorError) in
                try mergeNode(value, into: &target, location: node.location, at: place)
            }
        }
    }

    private static func kind(_ value: DocumentValue) -> String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        default: return "a primitive"
        }
    }

    /// The specification's merge of an action's value into a node it selects: into an object, an
    /// object's members (recursively); into an array, an array's elements appended, or any other
    /// value appended as one element; a primitive replaces a primitive.
    private static func mergeNode(
        _ value: DocumentValue, into target: inout DocumentValue, location: [JSONPath.Step], at place: String
    ) throws(GeneratorError) {
        if case .array(var elements) = target {
            target = .null
            if case .array(let added) = value { elements += added } else { elements.append(value) }
            target = .array(elements)
            return
        }
        try mergeMember(value, into: &target, location: location, at: place)
    }

    /// A member's merge: objects recursively, arrays concatenated, primitives replaced.
    private static func mergeMember(
        _ value: DocumentValue, into target: inout DocumentValue, location: [JSONPath.Step], at place: String
    ) throws(GeneratorError) {
        switch (target, value) {
        case (.object(var object), .object(let update)):
            target = .null
            for member in update.members {
                if let index = object.members.firstIndex(where: { $0.key == member.key }) {
                    try mergeMember(member.value, into: &object.members[index].value, location: location + [.name(member.key)], at: place)
                } else {
                    object.members.append(member)
                }
            }
            target = .object(object)
        case (.array(var elements), .array(let added)):
            target = .null
            elements += added
            target = .array(elements)
        case (.object, _), (.array, _), (_, .object), (_, .array):
            throw GeneratorError(
                at: place,
                "cannot merge \(kind(value)) into \(kind(target)) at \(JSONPath.normalized(location)) (objects merge into objects, "
                    + "arrays into arrays, a primitive replaces a primitive): remove the node first with an action `remove: true`, "
                    + "then add it with `update`")
        default:
            target = value
        }
    }

    /// Runs `body` on the value at `location`, in place.
    private static func modify(
        _ value: inout DocumentValue, at location: ArraySlice<JSONPath.Step>,
        _ body: (inout DocumentValue) throws(GeneratorError) -> Void
    ) throws(GeneratorError) {
        guard let first = location.first else {
            try body(&value)
            return
        }
        let rest = location.dropFirst()
        switch (value, first) {
        case (.object(var object), .name(let name)):
            guard let index = object.members.firstIndex(where: { $0.key == name }) else { return }
            value = .null
            defer { value = .object(object) }
            try modify(&object.members[index].value, at: rest, body)
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            value = .null
            defer { value = .array(elements) }
            try modify(&elements[index], at: rest, body)
        default:
            return
        }
    }

    private static func removeChild(_ step: JSONPath.Step, of value: inout DocumentValue) {
        switch (value, step) {
        case (.object(var object), .name(let name)):
            value = .null
            object[name] = nil
            value = .object(object)
        case (.array(var elements), .index(let index)) where elements.indices.contains(index):
            value = .null
            elements.remove(at: index)
            value = .array(elements)
        default:
            break
        }
    }
}
