import OpenAPIKit

/// What the translator shares while it works: the document, the names chosen for its
/// components, and the diagnostics collected so far.
final class TranslationContext {
    let document: OpenAPI.Document
    let configuration: GeneratorConfiguration
    let apiName: String
    /// Component schema key → Swift type name.
    var componentTypeNames: [String: String] = [:]
    /// Every top-level Swift name taken (models and operations).
    var topLevelNames: Set<String> = []
    var diagnostics: [Diagnostic] = []
    var usesJSONValue = false
    var usesDate = false

    /// Inline types by shape (the declaration with its name left out) → the qualified Swift name
    /// of the place the shape was first declared (`PostCustomers.Body.Address`): a structurally
    /// identical inline schema elsewhere refers to that type instead of declaring its own.
    private(set) var sharedInlineTypes: [TypeDecl: String] = [:]
    /// The shared inline declarations by qualified name, for what looks a type up (string enums
    /// in parameters, a reply's struct for pagination).
    private(set) var inlineDeclarations: [String: TypeDecl] = [:]
    /// The shapes registered, in order, so that those of a declaration or operation dropped later
    /// are taken back.
    private var journal: [(shape: TypeDecl, path: String)] = []
    /// Whether inline types declared now may be used elsewhere: not those of a deprecated
    /// operation, whose name other code cannot mention without a warning.
    var sharesInlineTypes = true
    /// The shared inline types (by qualified name) used from another top-level type than the one
    /// that declared them: each gets a top-level name of its own (``SharedTypes``).
    private(set) var sharedAcrossOwners: Set<String> = []
    /// The `title` of each shared inline type's schema, when it has one: its top-level name.
    private(set) var sharedTitles: [String: String] = [:]

    init(document: OpenAPI.Document, configuration: GeneratorConfiguration, apiName: String) {
        self.document = document
        self.configuration = configuration
        self.apiName = apiName
    }

    /// Where the registrations stand now, for ``rollBack(to:)``.
    var sharingMark: Int { journal.count }

    /// Records `decl`, declared at the qualified name `path`, as the type of its shape.
    func share(_ decl: TypeDecl, shape: TypeDecl, at path: String, title: String? = nil) {
        guard sharesInlineTypes, sharedInlineTypes[shape] == nil else { return }
        sharedInlineTypes[shape] = path
        inlineDeclarations[path] = decl
        if let title, !title.isEmpty { sharedTitles[path] = title }
        journal.append((shape, path))
    }

    /// Records that the top-level type `owner` uses the shared inline type at `path`.
    func noteUse(of path: String, by owner: String?) {
        guard let owner, path.split(separator: ".").first.map(String.init) != owner else { return }
        sharedAcrossOwners.insert(path)
    }

    /// Forgets the shapes registered since `mark` (their declarations are not written after all).
    func rollBack(to mark: Int) {
        while journal.count > mark, let last = journal.popLast() {
            sharedInlineTypes[last.shape] = nil
            inlineDeclarations[last.path] = nil
        }
    }

    func warn(_ pointer: String, _ message: String) {
        diagnostics.append(Diagnostic(.warning, at: pointer, message))
    }

    /// The component schema a reference names, following references to references (never
    /// looping: a cycle of pure references gives `nil`).
    func resolve(_ schema: JSONSchema) -> JSONSchema? {
        var current = schema
        var seen: Set<String> = []
        while case .reference(let reference, _) = current.value {
            guard let name = reference.name, reference.isInternal, !seen.contains(name),
                let target = document.components.schemas[componentKey(name)]
            else { return nil }
            seen.insert(name)
            current = target
        }
        return current
    }

    /// The entries of a content map, references to media types resolved (unresolvable ones left out).
    func contents(_ map: OpenAPI.Content.Map) -> [(key: OpenAPI.ContentType, value: OpenAPI.Content)] {
        map.compactMap { entry in document.components[entry.value].map { (key: entry.key, value: $0) } }
    }

    /// The component key of a name, when it is a valid one.
    func componentKey(_ name: String) -> OpenAPI.ComponentKey {
        OpenAPI.ComponentKey(rawValue: name) ?? "invalid"
    }

    /// The component schema name a schema refers to, if it is a reference.
    static func referencedName(_ schema: JSONSchema) -> String? {
        if case .reference(let reference, _) = schema.value, reference.isInternal { return reference.name }
        return nil
    }

    /// Names of the component schemas `schema` refers to, directly.
    static func references(in schema: JSONSchema, into names: inout Set<String>) {
        switch schema.value {
        case .reference(let reference, _):
            if let name = reference.name { names.insert(name) }
        case .object(_, let object):
            for property in object.properties.values { references(in: property, into: &names) }
            if case .b(let additional) = object.additionalProperties { references(in: additional, into: &names) }
        case .array(_, let array):
            if let items = array.items { references(in: items, into: &names) }
        case .all(of: let members, core: _), .one(of: let members, core: _), .any(of: let members, core: _):
            for member in members { references(in: member, into: &names) }
        case .not(let inner, core: _):
            references(in: inner, into: &names)
        case .null, .boolean, .number, .integer, .string, .fragment:
            break
        }
    }
}
