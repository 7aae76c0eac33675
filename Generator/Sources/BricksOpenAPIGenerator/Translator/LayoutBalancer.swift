/// Keeps every model's inline layout small: a property whose type would store many fields inline
/// (a struct holding structs holding enums…) is stored in an `Indirect` box, and a one-of enum whose
/// members are large becomes `indirect`. Without it the compiler spends minutes generating the
/// copy and destroy code of Stripe's deeply nested models; with it each type's layout is its own
/// fields plus pointers.
enum LayoutBalancer {
    /// The most inline fields a property's type may have before it is stored on the heap.
    static let threshold = 24

    static func balance(models: inout [TypeDecl], operations: inout [OperationDecl]) {
        var layouts: [String: TypeDecl.Layout] = [:]
        TypeWalker.forEach(models: models, operations: operations) { decl, name in layouts[name] = decl.layout }
        var weights: [String: Int] = [:]
        var boxed: Set<String> = []
        var indirectEnums: Set<String> = []

        func resolve(_ name: String, from scope: String) -> String? {
            TypeWalker.resolve(name, from: scope) { layouts[$0] != nil }
        }

        func weight(of type: TypeRef, from scope: String) -> Int {
            switch type {
            case .array, .dictionary: return 1
            case .orEmpty: return 2
            case .optional(let wrapped), .nullable(let wrapped): return weight(of: wrapped, from: scope) &+ 1
            case .named(let name):
                guard let qualified = resolve(name, from: scope) else { return 2 }
                return weight(ofType: qualified)
            }
        }

        func weight(ofType name: String) -> Int {
            if let known = weights[name] { return known }
            weights[name] = 1  // a cycle (already broken) counts as a pointer
            var total = 0
            switch layouts[name] {
            case .fields(let fields)?:
                for (index, field) in fields.enumerated() {
                    // A property already stored indirectly weighs as a pointer.
                    var each = field.boxed ? 1 : weight(of: field.type, from: name)
                    if each > threshold {
                        boxed.insert(name + "#\(index)")
                        each = 1
                    }
                    total &+= each
                }
            case .alternatives(_, isIndirect: true)?:
                total = 2
            case .alternatives(let cases, isIndirect: false)?:
                total = cases.reduce(1) { $0 &+ weight(of: $1, from: name) }
                if total > threshold {
                    indirectEnums.insert(name)
                    total = 1
                }
            case .alias(let target)?:
                total = weight(of: target, from: name.split(separator: ".").dropLast().joined(separator: "."))
            case .values?, nil:
                total = 2
            }
            weights[name] = max(total, 1)
            return max(total, 1)
        }

        for name in layouts.keys.sorted() { _ = weight(ofType: name) }
        guard !boxed.isEmpty || !indirectEnums.isEmpty else { return }
        TypeWalker.map(models: &models, operations: &operations) { decl, name in
            decl.withIndirection(boxing: { boxed.contains(name + "#\($0)") }, indirect: indirectEnums.contains(name))
        }
    }
}
