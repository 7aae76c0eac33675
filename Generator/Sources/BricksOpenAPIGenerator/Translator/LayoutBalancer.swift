/// Keeps every model's inline layout small: a property whose type would store many fields inline
/// (a struct holding structs holding enums…) is stored in an `Indirect` box, and a one-of enum whose
/// members are large becomes `indirect`. Without it the compiler spends minutes generating the
/// copy and destroy code of Stripe's deeply nested models; with it each type's layout is its own
/// fields plus pointers.
enum LayoutBalancer {
    /// The most inline fields a property's type may have before it is stored on the heap.
    static let threshold = 24

    private enum Kind {
        case structure(properties: [TypeRef])
        case oneOf(cases: [TypeRef])
        case alias(TypeRef)
        case leaf
    }

    static func balance(models: inout [TypeDecl], operations: inout [OperationDecl]) {
        var kinds: [String: Kind] = [:]
        for model in models { collect(model, parent: nil, into: &kinds) }
        for operation in operations {
            for decl in operation.nested { collect(decl, parent: operation.name, into: &kinds) }
        }
        var weights: [String: Int] = [:]
        var boxed: Set<String> = []
        var indirectEnums: Set<String> = []

        func resolve(_ name: String, from scope: String) -> String? {
            var parts = scope.split(separator: ".").map(String.init)
            while true {
                let candidate = (parts + [name]).joined(separator: ".")
                if kinds[candidate] != nil { return candidate }
                if parts.isEmpty { return nil }
                parts.removeLast()
            }
        }

        func weight(of type: TypeRef, from scope: String) -> Int {
            switch type {
            case .array, .dictionary: return 1
            case .optional(let wrapped): return weight(of: wrapped, from: scope) &+ 1
            case .named(let name):
                guard let qualified = resolve(name, from: scope) else { return 2 }
                return weight(ofType: qualified)
            }
        }

        func weight(ofType name: String) -> Int {
            if let known = weights[name] { return known }
            weights[name] = 1  // a cycle (already broken) counts as a pointer
            var total = 0
            switch kinds[name] {
            case .structure(let properties)?:
                for (index, type) in properties.enumerated() {
                    var each = weight(of: type, from: name)
                    if each > threshold {
                        boxed.insert(name + "#\(index)")
                        each = 1
                    }
                    total &+= each
                }
            case .oneOf(let cases)?:
                total = cases.reduce(1) { $0 &+ weight(of: $1, from: name) }
                if total > threshold {
                    indirectEnums.insert(name)
                    total = 1
                }
            case .alias(let target)?:
                total = weight(of: target, from: name.split(separator: ".").dropLast().joined(separator: "."))
            case .leaf?, nil:
                total = 2
            }
            weights[name] = max(total, 1)
            return max(total, 1)
        }

        for name in kinds.keys.sorted() { _ = weight(ofType: name) }
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

    private static func collect(_ decl: TypeDecl, parent: String?, into kinds: inout [String: Kind]) {
        let name = qualified(decl.name, parent: parent)
        switch decl {
        case .structure(let structure):
            // A property already stored indirectly weighs as a pointer.
            kinds[name] = .structure(properties: structure.properties.map { $0.indirect ? .array($0.type) : $0.type })
            for inner in structure.nested { collect(inner, parent: name, into: &kinds) }
        case .oneOf(let oneOf):
            kinds[name] = oneOf.isIndirect ? .leaf : .oneOf(cases: oneOf.cases.map(\.type))
            for inner in oneOf.nested { collect(inner, parent: name, into: &kinds) }
        case .alias(let alias):
            kinds[name] = .alias(alias.target)
        case .stringEnum:
            kinds[name] = .leaf
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
