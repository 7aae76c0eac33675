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
        TypeWalker.forEach(models: models, operations: operations) { decl, name in
            order.append(name)
            let layout = decl.layout
            let edges = layout.types.enumerated().compactMap { index, type in type.inlineName.map { (member: index, target: $0) } }
            switch layout {
            case .fields, .values: nodes[name] = Node(edges: edges, isEnum: false)
            case .alternatives, .alias: nodes[name] = Node(edges: edges, isEnum: true)
            }
        }
        // Resolve each edge's target the way Swift looks names up: innermost scope first.
        func resolve(_ name: String, from scope: String) -> String? {
            TypeWalker.resolve(name, from: scope) { nodes[$0] != nil }
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
        TypeWalker.map(models: &models, operations: &operations) { decl, name in
            decl.withIndirection(boxing: { boxed.contains(name + "#\($0)") }, indirect: indirectEnums.contains(name))
        }
    }
}
