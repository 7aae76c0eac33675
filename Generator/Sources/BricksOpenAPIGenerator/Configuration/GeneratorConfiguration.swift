import Foundation
import Yams

/// What to generate and how: read from a YAML or JSON file given with `--config`.
///
/// ```yaml
/// name: GitHub                 # the API protocol is GitHubAPI
/// accessLevel: public          # public (the default) or internal
/// include:
///   tags: [repos, issues]      # operations with one of these tags…
///   paths: ["/repos/*"]        # …or under these paths (`*` at the end: a prefix)…
///   operations: [meta/root]    # …or with these operation ids
/// exclude:
///   operations: [repos/delete]
/// names:                       # naming overrides: operation id or schema name → Swift name
///   repos/get: GetRepository
///   simple-user: User
/// pagination:
///   - style: cursor            # link or cursor
///     operations: [list-things]
///     cursorParameter: after   # the query parameter the cursor goes in
///     nextCursor: next_cursor  # the reply's property holding the next cursor
/// untypedReplies: [healthcheck] # replies read as JSONValue (a server that contradicts its document)
/// textReplies: [download_logs]   # replies read as text (a server that sends another media type)
/// fake: true                   # also a fake transport that answers from the document (<Name>Fake)
/// overlays: [fixes.overlay.yaml] # OpenAPI Overlays applied first, in order (paths from this file's folder)
/// ```
///
/// The schemas the selected operations use are pulled in, transitively; every schema is
/// generated when there is no filter.
public struct GeneratorConfiguration: Codable, Sendable, Equatable {
    /// The visibility of the generated declarations.
    public enum AccessLevel: String, Codable, Sendable, CaseIterable {
        /// Visible in the module that holds the output.
        case `internal`
        /// Visible to the modules that import it. The default.
        case `public`
    }

    /// A selection of operations.
    public struct Selection: Codable, Sendable, Equatable {
        /// Operations with at least one of these tags.
        public var tags: [String]?
        /// Operations on these paths; a path that ends with `*` is a prefix.
        public var paths: [String]?
        /// Operations with these operation ids.
        public var operations: [String]?

        /// Makes a selection.
        public init(tags: [String]? = nil, paths: [String]? = nil, operations: [String]? = nil) {
            self.tags = tags
            self.paths = paths
            self.operations = operations
        }

        /// Whether the selection names nothing.
        var isEmpty: Bool { (tags ?? []).isEmpty && (paths ?? []).isEmpty && (operations ?? []).isEmpty }

        /// Whether an operation is in the selection.
        func matches(path: String, operationId: String?, tags operationTags: [String]) -> Bool {
            if let tags, operationTags.contains(where: tags.contains) { return true }
            if let operationId, let operations, operations.contains(operationId) { return true }
            for pattern in paths ?? [] {
                if pattern.hasSuffix("*") {
                    if path.hasPrefix(String(pattern.dropLast())) { return true }
                } else if pattern == path {
                    return true
                }
            }
            return false
        }
    }

    /// A pagination rule for the operations it names.
    public struct PaginationRule: Codable, Sendable, Equatable {
        /// How the pages are linked.
        public enum Style: String, Codable, Sendable {
            /// The `Link` header's `rel="next"` (`LinkHeaderPaginatedRequestType`).
            case link
            /// A cursor from the reply sent back in a query parameter (`CursorPaginatedRequestType`).
            case cursor
        }

        /// How the pages are linked.
        public var style: Style
        /// The operation ids the rule is for; every operation when absent.
        public var operations: [String]?
        /// For `cursor`: the query parameter that carries the cursor. Default: `cursor`.
        public var cursorParameter: String?
        /// For `cursor`: the property of the reply (its name in the document) holding the next cursor.
        public var nextCursor: String?

        /// Makes a rule.
        public init(style: Style, operations: [String]? = nil, cursorParameter: String? = nil, nextCursor: String? = nil) {
            self.style = style
            self.operations = operations
            self.cursorParameter = cursorParameter
            self.nextCursor = nextCursor
        }
    }

    /// The API's name (`GitHub` gives `GitHubAPI`); from the document's title when absent.
    public var name: String?
    /// The visibility of the output. Default: public (the output is usually a target of its own
    /// that the app imports).
    public var accessLevel: AccessLevel?
    /// The operations to generate; all when absent or empty.
    public var include: Selection?
    /// Operations left out, even when included.
    public var exclude: Selection?
    /// Swift names for operation ids and schema names.
    public var names: [String: String]?
    /// Pagination rules, tried before the built-in ones (GitHub's `Link` header, Stripe's cursor).
    public var pagination: [PaginationRule]?
    /// Whether the built-in pagination rules apply. Default: true.
    public var automaticPagination: Bool?
    /// The most lines a generated file should hold. Default: 5,000.
    public var maximumLinesPerFile: Int?
    /// Operations whose JSON reply is read as `JSONValue` instead of the type the document gives:
    /// for a server whose replies contradict its own document (ChromaDB's `healthcheck` answers an
    /// object where its document says a string).
    public var untypedReplies: [String]?
    /// Operations whose reply is read as text (`String`), whatever the document declares: for a
    /// server that answers another media type than its document says (Prefect's `download_logs`
    /// declares JSON and sends `text/csv`).
    public var textReplies: [String]?
    /// The module the models go to, beside the endpoints' module (`GitHubModels` for an API
    /// `GitHub`): two targets, so that a release build of a large document compiles in two
    /// processes of about half the memory. Absent: one module. Needs `accessLevel: public`.
    public var modelsModule: String?
    /// The base URL the endpoints start with (`http://localhost:8000`): for a document without a
    /// server, or whose server is a path (`/api`, then appended to it); it replaces an absolute
    /// one. At run time, `<Name>Coding.baseURL` changes it for every endpoint.
    public var baseURL: String?
    /// Whether to generate `<Name>Fake` beside the endpoints: a transport that answers every
    /// operation from the document's examples (or values built from its schemas) and checks the
    /// requests it gets against the document. Default: false, so that a target that does not use
    /// it compiles nothing of it.
    public var fake: Bool?
    /// OpenAPI Overlays applied to the document before it is read, in order: paths relative to
    /// the configuration file's folder. The command line and the plugins read them; a library
    /// caller reads each into an ``Overlay`` and passes them to
    /// ``BricksOpenAPIGenerator/generate(from:configuration:overlays:)``.
    public var overlays: [String]?

    /// Makes a configuration; every value has a default.
    public init(
        name: String? = nil, accessLevel: AccessLevel? = nil, include: Selection? = nil, exclude: Selection? = nil,
        names: [String: String]? = nil, pagination: [PaginationRule]? = nil, automaticPagination: Bool? = nil,
        maximumLinesPerFile: Int? = nil, modelsModule: String? = nil, baseURL: String? = nil,
        untypedReplies: [String]? = nil, textReplies: [String]? = nil, fake: Bool? = nil, overlays: [String]? = nil
    ) {
        self.overlays = overlays
        self.fake = fake
        self.baseURL = baseURL
        self.name = name
        self.accessLevel = accessLevel
        self.include = include
        self.exclude = exclude
        self.names = names
        self.pagination = pagination
        self.automaticPagination = automaticPagination
        self.maximumLinesPerFile = maximumLinesPerFile
        self.modelsModule = modelsModule
        self.untypedReplies = untypedReplies
        self.textReplies = textReplies
    }

    /// Reads a configuration from JSON or YAML text.
    /// - Throws: ``GeneratorError`` naming the file and what is wrong in it.
    public static func load(_ data: Data, file: String) throws(GeneratorError) -> GeneratorConfiguration {
        if !data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            let tree: DocumentValue
            do {
                tree = try SpecLoader.parse(data)
            } catch {
                throw GeneratorError(at: file, "the configuration cannot be read: \(error.diagnostic.message)")
            }
            try checkKeys(tree, file: file)
        }
        do {
            if SpecLoader.looksLikeJSON(data) {
                return try JSONDecoder().decode(GeneratorConfiguration.self, from: data)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw GeneratorError(at: file, "the configuration is not UTF-8 text")
            }
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return GeneratorConfiguration() }
            return try YAMLDecoder().decode(GeneratorConfiguration.self, from: text)
        } catch let error as GeneratorError {
            throw error
        } catch let error as DecodingError {
            throw GeneratorError(at: file + " " + SpecLoader.pointer(of: error), SpecLoader.summary(of: error))
        } catch {
            throw GeneratorError(at: file, "the configuration cannot be read: \(error)")
        }
    }

    private static let keys: Set<String> = [
        "name", "accessLevel", "include", "exclude", "names", "pagination", "automaticPagination", "maximumLinesPerFile",
        "modelsModule", "baseURL", "untypedReplies", "textReplies", "fake", "overlays",
    ]
    private static let selectionKeys: Set<String> = ["tags", "paths", "operations"]
    private static let paginationKeys: Set<String> = ["style", "operations", "cursorParameter", "nextCursor"]

    /// Refuses a key the configuration does not know (a misspelt `acessLevel` would otherwise be
    /// ignored without a word), naming it and the keys allowed there.
    private static func checkKeys(_ tree: DocumentValue, file: String) throws(GeneratorError) {
        func check(_ value: DocumentValue?, _ allowed: Set<String>, _ path: [String]) throws(GeneratorError) {
            guard case .object(let object)? = value else { return }
            for key in object.keys where !allowed.contains(key) {
                throw GeneratorError(
                    at: file + " " + Pointer.make(path + [key]),
                    "unknown configuration key `\(key)`; the keys here are \(allowed.sorted().joined(separator: ", "))")
            }
        }
        try check(tree, keys, [])
        guard case .object(let root) = tree else { return }
        try check(root["include"], selectionKeys, ["include"])
        try check(root["exclude"], selectionKeys, ["exclude"])
        if case .array(let rules)? = root["pagination"] {
            for (index, rule) in rules.enumerated() { try check(rule, paginationKeys, ["pagination", String(index)]) }
        }
    }

    /// Refuses a models module that is not a Swift identifier, or that would hold `internal`
    /// models the endpoints' module could not see.
    func checkModelsModule() throws(GeneratorError) {
        guard let modelsModule else { return }
        let isIdentifier = modelsModule.first.map { $0.isLetter || $0 == "_" } == true
            && modelsModule.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard isIdentifier else {
            throw GeneratorError(at: "configuration /modelsModule", "`\(modelsModule)` is not a module name (letters, digits and `_`)")
        }
        if accessLevel == .internal {
            throw GeneratorError(
                at: "configuration /modelsModule",
                "models in a module of their own must be public (the endpoints' module imports them): remove `accessLevel: internal`")
        }
    }

    /// Refuses a `baseURL` that is not an absolute URL (a typo is reported when generating, before Bricks would refuse it at run time).
    func checkBaseURL() throws(GeneratorError) {
        guard let baseURL else { return }
        guard let url = URL(string: baseURL), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()), url.host != nil else {
            throw GeneratorError(at: "configuration /baseURL", "`\(baseURL)` is not an absolute http or https URL (such as `http://localhost:8000`)")
        }
    }
}
