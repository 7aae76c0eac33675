/// Inline types used by more than one top-level type, given a top-level name of their own.
///
/// An inline schema that comes out the same as one declared before is declared once, where it
/// first appears (``SchemaTranslator``). When another operation or model uses it too, it would be
/// named after the first (`DeploymentCreate.LabelsValue` in a flow's body): such a type is moved
/// to the top level, named from its schema's `title`, else from the name it had (the property's),
/// else with its first owner's name before it (`DeploymentCreateLabelsValue`) when that name is a
/// top-level type's, or a nested type's where the moved one is named from (which would hide it).
enum SharedTypes {
    /// Moves the types `context` found shared across owners to the top level of `models`,
    /// rewriting every reference to them (and to the types nested in them).
    static func hoist(
        models: inout [TypeDecl], operations: inout [OperationDecl], webhooks: inout [WebhookDecl], webhookNested: inout [TypeDecl],
        webhookScope: String, context: TranslationContext
    ) {
        var declared: [String: TypeDecl] = [:]
        TypeWalker.forEach(models: models, operations: operations) { decl, name in declared[name] = decl }
        TypeWalker.forEach(webhookNested, in: webhookScope) { decl, name in declared[name] = decl }
        let hoisted = context.sharedAcrossOwners.filter { declared[$0] != nil }.sorted()
        guard !hoisted.isEmpty else { return }

        /// The moved type a qualified name is, or is inside of (the innermost move wins).
        let paths = Set(hoisted)
        func movedAncestor(_ qualified: String) -> String? {
            var parts = qualified.split(separator: ".")
            while !parts.isEmpty {
                let candidate = parts.joined(separator: ".")
                if paths.contains(candidate) { return candidate }
                parts.removeLast()
            }
            return nil
        }
        var newNames: [String: String] = [:]
        /// The scopes each moved type is named from, while `newNames` is empty (the first walk).
        var sites: [String: Set<String>] = [:]
        func rewrite(_ type: TypeRef, from scope: String) -> TypeRef {
            switch type {
            case .named(let name):
                guard let target = TypeWalker.resolve(name, from: scope, isDeclared: { declared[$0] != nil }),
                    let ancestor = movedAncestor(target)
                else { return type }
                guard let new = newNames[ancestor] else {
                    sites[ancestor, default: []].insert(scope)
                    return type
                }
                return .named(new + target.dropFirst(ancestor.count))
            case .array(let element): return .array(rewrite(element, from: scope))
            case .dictionary(let value): return .dictionary(rewrite(value, from: scope))
            case .optional(let wrapped): return .optional(rewrite(wrapped, from: scope))
            case .orEmpty(let value): return .orEmpty(rewrite(value, from: scope))
            case .nullable(let value): return .nullable(rewrite(value, from: scope))
            }
        }
        func rewriteMembers(_ decl: TypeDecl, scope: String) -> TypeDecl {
            switch decl {
            case .structure(var structure):
                for index in structure.properties.indices {
                    structure.properties[index].type = rewrite(structure.properties[index].type, from: scope)
                    if case .enumValue(let type, let rawValue)? = structure.properties[index].defaultValue,
                        case .named(let new) = rewrite(.named(type), from: scope)
                    {
                        structure.properties[index].defaultValue = .enumValue(type: new, rawValue: rawValue)
                    }
                }
                return .structure(structure)
            case .oneOf(var oneOf):
                for index in oneOf.cases.indices { oneOf.cases[index].type = rewrite(oneOf.cases[index].type, from: scope) }
                return .oneOf(oneOf)
            case .alias(var alias):
                alias.target = rewrite(alias.target, from: scope)
                return .alias(alias)
            case .stringEnum:
                return decl
            }
        }

        // 1. References rewritten, each read from where it is written now: a first walk finds where
        // each moved type is named from, a second, once the names are chosen, renames.
        func walk() {
            TypeWalker.map(models: &models, operations: &operations) { decl, name in rewriteMembers(decl, scope: name) }
            webhookNested = TypeWalker.map(webhookNested, in: webhookScope) { decl, name in rewriteMembers(decl, scope: name) }
            for index in operations.indices {
                let scope = operations[index].name
                for parameter in operations[index].parameters.indices {
                    operations[index].parameters[parameter].type = rewrite(operations[index].parameters[parameter].type, from: scope)
                }
                switch operations[index].body {
                case .json(let type)?: operations[index].body = .json(rewrite(type, from: scope))
                case .form(let type)?: operations[index].body = .form(rewrite(type, from: scope))
                case .multipart?, .data?, nil: break
                }
                switch operations[index].response {
                case .json(let type): operations[index].response = .json(rewrite(type, from: scope))
                case .jsonLines(let type): operations[index].response = .jsonLines(rewrite(type, from: scope))
                case .serverSentEvents(let type?): operations[index].response = .serverSentEvents(rewrite(type, from: scope))
                case .serverSentEvents(nil), .empty, .data, .string: break
                }
            }
            for index in webhooks.indices { webhooks[index].payload = rewrite(webhooks[index].payload, from: webhookScope) }
        }
        walk()
        // The names: the schema's title, the name it had, or its first owner's and that name; none
        // that a top-level type has, nor a type nested where it is named from (which would hide it).
        var taken = UniqueNames(context.topLevelNames)
        let staying = { (name: String) in declared[name] != nil && !paths.contains(name) }
        for path in hoisted {
            let parts = path.split(separator: ".").map(String.init)
            // A body or a reply (a name every operation's is) is named after what its users share.
            let owners = Set([parts.first].compactMap { $0 } + (sites[path] ?? []).compactMap { $0.split(separator: ".").first.map(String.init) })
            let generic = parts.count == 2 && parts.last.map(Naming.reservedTopLevelNames.contains) == true
            let candidates = [
                context.sharedTitles[path].map(Naming.typeName), parts.last,
                generic ? commonName(of: owners).map { $0 + (parts.last ?? "") } : nil, parts.first.map { $0 + (parts.last ?? "") },
            ]
            let free = candidates.compactMap { $0 }.first { name in
                !taken.contains(name) && !Naming.reservedTopLevelNames.contains(name)
                    && !(sites[path] ?? []).contains { scope in TypeWalker.resolve(name, from: scope, isDeclared: staying) != nil }
            }
            newNames[path] = taken.claim(free ?? parts.joined())
        }
        walk()

        // 2. The declarations moved: taken out of their owners (with the moved ones inside them
        // taken out too), then added at the top level under their new names.
        var lifted: [TypeDecl] = []
        func lift(_ decls: [TypeDecl], in parent: String) -> [TypeDecl] {
            decls.compactMap { decl in
                let name = parent + "." + decl.name
                let kept = decl.replacingNested(lift(decl.nested, in: name))
                guard paths.contains(name), let new = newNames[name] else { return kept }
                lifted.append(kept.renamed(new))
                return nil
            }
        }
        models = models.map { $0.replacingNested(lift($0.nested, in: $0.name)) }
        for index in operations.indices { operations[index].nested = lift(operations[index].nested, in: operations[index].name) }
        webhookNested = lift(webhookNested, in: webhookScope)
        models += lifted
    }

    /// What two owners or more have in common, for a type named after it rather than after the
    /// first owner: the words all their names start with and those they all end with.
    /// `UpdateAnnotation` and `CreateTaskAnnotation` share `Annotation` (their body is
    /// `AnnotationBody`), `GistsCreateComment` and `GistsUpdateComment` `Gists…Comment`
    /// (`GistsCommentBody`); `nil` for one owner, or owners with no word in common.
    static func commonName(of owners: Set<String>) -> String? {
        guard owners.count > 1 else { return nil }
        let names = owners.sorted().map(Naming.words)
        let shortest = names.map(\.count).min() ?? 0
        func shared(_ word: (([String]) -> String?)) -> Bool {
            guard let first = names.first.flatMap(word) else { return false }
            return names.allSatisfy { word($0) == first }
        }
        var prefix = 0
        while prefix < shortest, shared({ $0[prefix] }) { prefix &+= 1 }
        var suffix = 0
        while prefix &+ suffix < shortest, shared({ $0[$0.count &- 1 &- suffix] }) { suffix &+= 1 }
        guard let first = names.first, prefix &+ suffix > 0 else { return nil }
        return (first.prefix(prefix) + first.suffix(suffix)).joined()
    }
}
