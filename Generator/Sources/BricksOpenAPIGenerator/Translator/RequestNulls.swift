/// `null` as a value a request can send: in a type only sent, never read (a `PATCH` body, say),
/// an optional member the document marks nullable is `T??`, so that `nil` leaves it out and
/// `.null` (Bricks' name for `.some(nil)`) clears it (`pinned_at: null` to unpin); a value or a
/// literal is written as before. A type that a reply, a webhook or the API's error also reads
/// keeps `T?`, so that reading it stays as short as today, and so does one no request sends.
enum RequestNulls {
    static func apply(
        models: inout [TypeDecl], operations: inout [OperationDecl], webhooks: [WebhookDecl], webhookNested: [TypeDecl],
        webhookScope: String, errorType: String?
    ) {
        var decls: [String: TypeDecl] = [:]
        TypeWalker.forEach(models: models, operations: operations) { decl, name in decls[name] = decl }
        TypeWalker.forEach(webhookNested, in: webhookScope) { decl, name in decls[name] = decl }
        guard decls.values.contains(where: hasClearable) else { return }

        /// Every type `roots` are made of, through every member.
        func reachable(from roots: [(type: TypeRef, scope: String)]) -> Set<String> {
            var found: Set<String> = []
            var work = roots
            while let (type, scope) = work.popLast() {
                for name in names(in: type) {
                    guard let qualified = TypeWalker.resolve(name, from: scope, isDeclared: { decls[$0] != nil }),
                        !found.contains(qualified), let decl = decls[qualified]
                    else { continue }
                    found.insert(qualified)
                    work += decl.layout.types.map { ($0, qualified) }
                }
            }
            return found
        }
        // What a reply, a webhook or the API's error is read into; what a body or a parameter sends.
        var readRoots: [(type: TypeRef, scope: String)] = webhooks.map { ($0.payload, webhookScope) }
        var sentRoots: [(type: TypeRef, scope: String)] = []
        for operation in operations {
            switch operation.response {
            case .json(let type), .jsonLines(let type), .serverSentEvents(let type?): readRoots.append((type, operation.name))
            default: break
            }
            switch operation.body {
            case .json(let type)?, .form(let type)?: sentRoots.append((type, operation.name))
            default: break
            }
            sentRoots += operation.parameters.map { ($0.type, operation.name) }
        }
        if let errorType { readRoots.append((.named(errorType), "")) }
        let sentOnly = reachable(from: sentRoots).subtracting(reachable(from: readRoots))
        TypeWalker.map(models: &models, operations: &operations) { decl, name in
            guard sentOnly.contains(name), case .structure(var structure) = decl, hasClearable(decl) else { return decl }
            for index in structure.properties.indices where structure.properties[index].clearable {
                structure.properties[index].type = .optional(.nullable(structure.properties[index].type.nonOptional))
            }
            return .structure(structure)
        }
    }

    private static func hasClearable(_ decl: TypeDecl) -> Bool {
        if case .structure(let structure) = decl { return structure.properties.contains(where: \.clearable) }
        return false
    }

    /// The named types `type` is made of.
    private static func names(in type: TypeRef) -> [String] {
        switch type {
        case .named(let name): return [name]
        case .array(let inner), .dictionary(let inner), .optional(let inner), .orEmpty(let inner), .nullable(let inner):
            return names(in: inner)
        }
    }
}
