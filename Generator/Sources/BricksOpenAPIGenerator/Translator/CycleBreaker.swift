/// Breaks cycles of value types (`struct A { var b: B? }`, `struct B { var a: A? }`), which Swift
/// cannot lay out: a property on a cycle is stored in an `Indirect` box, an enum on one is `indirect`.
/// Arrays and dictionaries store their elements apart already, so only inline references count.
enum CycleBreaker {
    private struct Node {
        /// Qualified name → (property index or case index, target qualified name).
        var edges: [(member: Int, target: String)]
        var isEnum: Bool
    }

    static func breakCycles(in models: inout [TypeDecl], operations: inout [OperationDecl]) {
        var nodes: [String: Node] = [:]
        var order: [String] = []
        for model in models { collect(model, parent: nil, into: &nodes, order: &order) }
        for operation in operations {
            for decl in operation.nested { collect(decl, parent: operation.name, into: &nodes, order: &order) }
        }
        // Resolve each edge's target the way Swift looks names up: innermost scope first.
        func resolve(_ name: String, from scope: String) -> String? {
            var parts = scope.split(separator: ".").map(String.init)
            while true {
                let candidate = (parts + [name]).joined(separator: ".")
                if nodes[candidate] != nil { return candidate }
                if parts.isEmpty { return nil }
                parts.removeLast()
            }
        }
        var boxed: Set<String> = []  // "Qualified.Name#index"
        var indirectEnums: Set<String> = []
        var state: [String: Int] = [:]  // 1: on the stack, 2: done
        for start in order where state[start] == nil {
            // Iterative depth-first search.
            var stack: [(name: String, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                guard let node = nodes[top.name], top.next < node.edges.count else {
                    state[top.name] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count &- 1].next &+= 1
                let edge = node.edges[top.next]
                guard let target = resolve(edge.target, from: top.name) else { continue }
                switch state[target] {
                case 1:
                    if node.isEnum { indirectEnums.insert(top.name) } else { boxed.insert(top.name + "#\(edge.member)") }
                case 2:
                    continue
                default:
                    state[target] = 1
                    stack.append((target, 0))
                }
            }
        }
        guard !boxed.isEmpty || !indirectEnums.isEmpty else { return }
        models = models.map { apply($0, parent: nil, boxed: boxed, indirectEnums: indirectEnums) }
        operations = operations.map { operation in
            var operation = operation
            operation.nested = operation.nested.map { apply($0, parent: operation.name, boxed: boxed, indirectEnums: indirectEnums) }
            return operation
        }
    }

    private static func qualified(_ name: String, parent: String?) -> String {
        parent.map { $0 + "." + name } ?? name
    }

    private static func collect(_ decl: TypeDecl, parent: String?, into nodes: inout [String: Node], order: inout [String]) {
        let name = qualified(decl.name, parent: parent)
        order.append(name)
        switch decl {
        case .structure(let structure):
            let edges = structure.properties.enumerated().compactMap { index, property in
                property.type.inlineName.map { (member: index, target: $0) }
            }
            nodes[name] = Node(edges: edges, isEnum: false)
            for inner in structure.nested { collect(inner, parent: name, into: &nodes, order: &order) }
        case .oneOf(let oneOf):
            let edges = oneOf.cases.enumerated().compactMap { index, member in
                member.type.inlineName.map { (member: index, target: $0) }
            }
            nodes[name] = Node(edges: edges, isEnum: true)
            for inner in oneOf.nested { collect(inner, parent: name, into: &nodes, order: &order) }
        case .alias(let alias):
            let edges = alias.target.inlineName.map { [(member: 0, target: $0)] } ?? []
            nodes[name] = Node(edges: edges, isEnum: true)
        case .stringEnum:
            nodes[name] = Node(edges: [], isEnum: false)
        }
    }

    private static func apply(_ decl: TypeDecl, parent: String?, boxed: Set<String>, indirectEnums: Set<String>) -> TypeDecl {
        let name = qualified(decl.name, parent: parent)
        switch decl {
        case .structure(var structure):
            for index in structure.properties.indices where boxed.contains(name + "#\(index)") {
                structure.properties[index].indirect = true
            }
            structure.nested = structure.nested.map { apply($0, parent: name, boxed: boxed, indirectEnums: indirectEnums) }
            return .structure(structure)
        case .oneOf(var oneOf):
            if indirectEnums.contains(name) { oneOf.isIndirect = true }
            oneOf.nested = oneOf.nested.map { apply($0, parent: name, boxed: boxed, indirectEnums: indirectEnums) }
            return .oneOf(oneOf)
        case .alias, .stringEnum:
            return decl
        }
    }
}
