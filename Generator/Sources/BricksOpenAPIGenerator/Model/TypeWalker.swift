/// The one walk over the model's type declarations, nested ones included, each with the qualified
/// name Swift knows it by (`Repository.Owner`, `GetCustomers.Response`). The passes that read or
/// rewrite every type go through it and ask a declaration for its ``TypeDecl/layout`` instead of
/// switching over its kinds, so that a new kind of declaration is taught to the model once.
enum TypeWalker {
    /// Calls `visit` with each of `decls` and every declaration nested in them, a parent before its
    /// children, in order.
    static func forEach(_ decls: [TypeDecl], in parent: String? = nil, _ visit: (TypeDecl, String) -> Void) {
        for decl in decls {
            let name = qualified(decl.name, in: parent)
            visit(decl, name)
            forEach(decl.nested, in: name, visit)
        }
    }

    /// The same over the component models, then the types nested in each operation.
    static func forEach(models: [TypeDecl], operations: [OperationDecl], _ visit: (TypeDecl, String) -> Void) {
        forEach(models, visit)
        for operation in operations { forEach(operation.nested, in: operation.name, visit) }
    }

    /// Whether one of `decls`, or a declaration nested in them, satisfies `predicate`.
    static func contains(_ decls: [TypeDecl], where predicate: (TypeDecl) -> Bool) -> Bool {
        decls.contains { predicate($0) || contains($0.nested, where: predicate) }
    }

    /// Each of `decls` as `transform` makes it, and the declarations nested in it likewise.
    static func map(_ decls: [TypeDecl], in parent: String? = nil, _ transform: (TypeDecl, String) -> TypeDecl) -> [TypeDecl] {
        decls.map { decl in
            let name = qualified(decl.name, in: parent)
            let changed = transform(decl, name)
            return changed.replacingNested(map(changed.nested, in: name, transform))
        }
    }

    /// The same over the component models and the types nested in each operation.
    static func map(models: inout [TypeDecl], operations: inout [OperationDecl], _ transform: (TypeDecl, String) -> TypeDecl) {
        models = map(models, transform)
        operations = operations.map { operation in
            var operation = operation
            operation.nested = map(operation.nested, in: operation.name, transform)
            return operation
        }
    }

    /// The qualified name `name` stands for inside `scope`, looked up the way Swift does (the
    /// innermost scope first), among the names `isDeclared` knows.
    static func resolve(_ name: String, from scope: String, isDeclared: (String) -> Bool) -> String? {
        var parts = scope.split(separator: ".").map(String.init)
        while true {
            let candidate = (parts + [name]).joined(separator: ".")
            if isDeclared(candidate) { return candidate }
            if parts.isEmpty { return nil }
            parts.removeLast()
        }
    }

    static func qualified(_ name: String, in parent: String?) -> String {
        parent.map { $0 + "." + name } ?? name
    }
}
