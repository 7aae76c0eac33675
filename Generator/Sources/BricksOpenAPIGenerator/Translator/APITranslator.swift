import Foundation
import OpenAPIKit

/// What the translation made of a document, and what it left out.
public struct TranslationSummary: Sendable, Equatable {
    /// Operations generated.
    public var operationsGenerated = 0
    /// Operations skipped, each with its place and reason (`#/paths/…/get: reason`).
    public var skippedOperations: [String] = []
    /// Operations left out by the configuration's filter.
    public var operationsFiltered = 0
    /// Component schemas generated.
    public var schemasGenerated = 0
    /// Component schemas not needed by the selected operations.
    public var schemasFiltered = 0
    /// Component schemas that could not be generated, each with its place and reason.
    public var skippedSchemas: [String] = []
    /// With a fake (`GeneratorConfiguration.fake`): how many operations' success replies are the
    /// document's examples, and how many are values built from their schemas.
    public var fakeRepliesFromExamples = 0
    /// See ``fakeRepliesFromExamples``.
    public var fakeRepliesFromSchemas = 0
}

/// The translate layer: an OpenAPI document into the declarations to write.
struct APITranslator {
    let document: OpenAPI.Document
    let configuration: GeneratorConfiguration

    /// The declarations, the summary and the diagnostics.
    func translate() -> (APIDecl, TranslationSummary, [Diagnostic]) {
        let apiName = Self.apiName(configuration.name ?? document.info.title)
        let context = TranslationContext(document: document, configuration: configuration, apiName: apiName)
        var summary = TranslationSummary()
        let names = configuration.names ?? [:]


        // 1. The operations selected.
        struct Candidate {
            var path: OpenAPI.Path
            var method: OpenAPI.HttpMethod
            var pathItem: OpenAPI.PathItem
            var operation: OpenAPI.Operation
        }
        var candidates: [Candidate] = []
        for (path, either) in document.paths {
            guard let pathItem = document.components[either] else {
                summary.skippedOperations.append(Pointer.make(["paths", path.rawValue]) + ": unresolvable path item $ref")
                continue
            }
            for endpoint in pathItem.endpoints {
                let operation = endpoint.operation
                let tags = operation.tags ?? []
                if let include = configuration.include, !include.isEmpty,
                    !include.matches(path: path.rawValue, operationId: operation.operationId, tags: tags)
                {
                    summary.operationsFiltered &+= 1
                    continue
                }
                if let exclude = configuration.exclude, !exclude.isEmpty,
                    exclude.matches(path: path.rawValue, operationId: operation.operationId, tags: tags)
                {
                    summary.operationsFiltered &+= 1
                    continue
                }
                candidates.append(Candidate(path: path, method: endpoint.method, pathItem: pathItem, operation: operation))
            }
        }

        // 2. The component schemas they need (all of them without a filter).
        let filtering = !(configuration.include?.isEmpty ?? true) || !(configuration.exclude?.isEmpty ?? true)
        var needed: Set<String> = []
        let allKeys = document.components.schemas.keys.map(\.rawValue)
        if filtering {
            var roots: Set<String> = []
            for candidate in candidates {
                collectReferences(of: candidate.operation, pathItem: candidate.pathItem, context: context, into: &roots)
            }
            needed = closure(of: roots)
        } else {
            needed = Set(allKeys)
        }
        summary.schemasFiltered = allKeys.filter { !needed.contains($0) }.count

        // 3. Names: components first, then operations, all unique.
        // The webhooks' enum's name only when there are webhooks: a schema `Webhook` keeps its name.
        var taken = UniqueNames([apiName + "API", apiName + "Coding", apiName + "Credentials"])
        if !document.webhooks.isEmpty { _ = taken.claim(apiName + "Webhook") }
        let namedOperations = candidates.map {
            OperationNaming.Operation(operationId: $0.operation.operationId, path: $0.path.rawValue, method: $0.method.rawValue)
        }
        let baseNames = OperationNaming.baseNames(namedOperations, configured: names)
        let bodyNames = OperationNaming.bodySchemaNames(namedOperations, baseNames: baseNames)
        for key in allKeys.sorted() where needed.contains(key) {
            var name = names[key] ?? bodyNames[key] ?? Naming.typeName(key)
            if Naming.reservedTopLevelNames.contains(name) || name == apiName + "API" { name = apiName + name }
            context.componentTypeNames[key] = taken.claim(name)
        }
        var operationNames: [Int: String] = [:]
        for (index, var name) in baseNames.enumerated() {
            if Naming.reservedTopLevelNames.contains(name) || taken.contains(name) { name += "Request" }
            operationNames[index] = taken.claim(name)
        }
        context.topLevelNames = taken.names

        // 4. Models.
        let schemaTranslator = SchemaTranslator(context: context)
        var models: [TypeDecl] = []
        for key in allKeys where needed.contains(key) {
            guard let schema = document.components.schemas[context.componentKey(key)], let name = context.componentTypeNames[key] else {
                continue
            }
            var extra: [TypeDecl] = []
            models.append(schemaTranslator.componentDeclaration(key: key, name: name, schema: schema, extra: &extra))
            models += extra
            summary.schemasGenerated &+= 1
        }

        // 5. Operations.
        var operationTranslator = OperationTranslator(context: context)
        operationTranslator.enumNames = Self.stringEnumNames(in: models)
        for model in models {
            if case .structure(let structure) = model { operationTranslator.structures[structure.name] = structure }
            if case .alias(let alias) = model { operationTranslator.aliases[alias.name] = alias.target }
        }
        var operations: [OperationDecl] = []
        for (index, candidate) in candidates.enumerated() {
            guard let name = operationNames[index] else { continue }
            let translator = operationTranslator
            // A deprecated operation's inline types are not shared: naming them elsewhere would warn.
            context.sharesInlineTypes = !candidate.operation.deprecated
            let mark = context.sharingMark
            do {
                let decl = try translator.translate(
                    name: name, path: candidate.path, method: candidate.method, pathItem: candidate.pathItem,
                    operation: candidate.operation)
                operations.append(decl)
                summary.operationsGenerated &+= 1
            } catch {
                context.rollBack(to: mark)
                summary.skippedOperations.append(error.pointer + ": " + error.message)
                context.warn(error.pointer, "operation skipped: " + error.message)
            }
        }

        // 5b. Webhooks: one enum, a case per webhook with its payload.
        var (webhooks, webhookNested) = translateWebhooks(context: context, schemas: schemaTranslator)
        SharedTypes.hoist(
            models: &models, operations: &operations, webhooks: &webhooks, webhookNested: &webhookNested,
            webhookScope: apiName + "Webhook", context: context)

        // 6. The API error, credentials and base URL.
        let common = commonErrorType(candidates.map(\.operation), context: context, models: models)
        let errorType = common?.name
        var errorMemberKeys: [String] = []
        if let errorType {
            models = models.map { model in
                guard case .structure(var structure) = model, structure.name == errorType else { return model }
                structure.isError = true
                if structure.properties.allSatisfy({ $0.type.isOptional || $0.defaultValue != nil }) {
                    errorMemberKeys = structure.properties.map(\.key)
                }
                return .structure(structure)
            }
        }
        RequestNulls.apply(
            models: &models, operations: &operations, webhooks: webhooks, webhookNested: webhookNested,
            webhookScope: apiName + "Webhook", errorType: errorType)
        let (credentials, secrets) = credentials(context: context)
        let baseURL = baseURL(context: context)

        // 7. Cycles of value types broken.
        CycleBreaker.breakCycles(in: &models, operations: &operations)
        LayoutBalancer.balance(models: &models, operations: &operations)

        let api = APIDecl(
            name: apiName, protocolName: apiName + "API", access: configuration.accessLevel ?? .public, modelsModule: configuration.modelsModule,
            title: document.info.title, version: document.info.version, baseURL: baseURL, errorType: errorType,
            errorStatuses: common?.statuses ?? [], errorMemberKeys: errorMemberKeys,
            secretHeaderNames: secrets, credentials: credentials, operations: operations, models: models,
            webhooks: webhooks, webhookNested: webhookNested)
        var diagnostics = context.diagnostics
        if context.usesJSONValue || context.usesDate { diagnostics += [] }
        return (api, summary, diagnostics)
    }

    /// The webhooks' payloads (the JSON body of each operation of each webhook).
    private func translateWebhooks(context: TranslationContext, schemas: SchemaTranslator) -> ([WebhookDecl], [TypeDecl]) {
        var webhooks: [WebhookDecl] = []
        var nested: [TypeDecl] = []
        var scope = NameScope(enclosing: [Self.apiName(configuration.name ?? document.info.title) + "Webhook"])
        var caseNames = UniqueNames(["names"])  // the enum's `static let names`
        context.sharesInlineTypes = false
        for (key, either) in document.webhooks {
            let webhookPointer = Pointer.make(["webhooks", key])
            guard let pathItem = document.components[either] else {
                context.warn(webhookPointer, "unresolvable path item $ref: the webhook is not generated")
                continue
            }
            for endpoint in pathItem.endpoints {
                let pointer = webhookPointer + "/" + endpoint.method.rawValue.lowercased()
                guard let bodyEither = endpoint.operation.requestBody, let request = document.components[bodyEither],
                    let (type, content) = context.contents(request.content).first(where: { OperationTranslator.isJSON($0.key) }),
                    let schema = content.schema
                else {
                    context.warn(pointer, "the webhook has no JSON request body: not generated")
                    continue
                }
                let caseName = caseNames.claim(
                    Naming.memberName(pathItem.endpoints.count > 1 ? key + " " + endpoint.method.rawValue : key))
                let payload = schemas.typeRef(
                    for: schema, suggested: Naming.typeName(key) + "Payload",
                    pointer: pointer + "/requestBody/content/" + Pointer.escape(type.rawValue) + "/schema", nested: &nested,
                    scope: &scope)
                let operation = endpoint.operation
                webhooks.append(WebhookDecl(
                    key: key, caseName: Naming.escaped(caseName), payload: payload.nonOptional,
                    doc: OperationTranslator.doc(summary: operation.summary, description: operation.description)))
            }
        }
        context.sharesInlineTypes = true
        return (webhooks, nested)
    }

    private static func stringEnumNames(in models: [TypeDecl]) -> Set<String> {
        var names: Set<String> = []
        for model in models {
            switch model {
            case .stringEnum(let decl): names.insert(decl.name)
            case .alias(let alias):
                if case .named(let target) = alias.target, models.contains(where: { $0.name == target && $0.isStringEnum }) {
                    names.insert(alias.name)
                }
            default: break
            }
        }
        return names
    }

    // MARK: References

    private func collectReferences(of operation: OpenAPI.Operation, pathItem: OpenAPI.PathItem, context: TranslationContext, into names: inout Set<String>) {
        for either in pathItem.parameters + operation.parameters {
            guard let parameter = document.components[either], case .a(let schemaContext) = parameter.schemaOrContent else { continue }
            switch schemaContext.schema {
            case .a(let reference): if let name = reference.name { names.insert(name) }
            case .b(let schema): TranslationContext.references(in: schema, into: &names)
            }
        }
        if let body = operation.requestBody, let request = document.components[body] {
            for (_, content) in context.contents(request.content) {
                if let schema = content.schema { TranslationContext.references(in: schema, into: &names) }
            }
        }
        for either in operation.responses.values {
            guard let response = document.components[either] else { continue }
            for (_, content) in context.contents(response.content) {
                if let schema = content.schema { TranslationContext.references(in: schema, into: &names) }
                if let schema = content.itemSchema { TranslationContext.references(in: schema, into: &names) }
            }
        }
    }

    /// Every schema reachable from `roots` (a work list: a cycle ends when its names are seen).
    private func closure(of roots: Set<String>) -> Set<String> {
        var seen: Set<String> = []
        var work = Array(roots)
        while let name = work.popLast() {
            guard !seen.contains(name) else { continue }
            seen.insert(name)
            guard let key = OpenAPI.ComponentKey(rawValue: name), let schema = document.components.schemas[key] else { continue }
            var found: Set<String> = []
            TranslationContext.references(in: schema, into: &found)
            work += found.filter { !seen.contains($0) }
        }
        return seen.filter { OpenAPI.ComponentKey(rawValue: $0).flatMap { document.components.schemas[$0] } != nil }
    }

    // MARK: Error, credentials, base URL

    /// The component struct most error responses use, when more than half of the operations
    /// with a JSON error response use it, and the statuses it is declared for (empty: every error
    /// status, some operation declares it as its `default` reply).
    private func commonErrorType(_ operations: [OpenAPI.Operation], context: TranslationContext, models: [TypeDecl])
        -> (name: String, statuses: [ErrorStatus])?
    {
        var counts: [String: Int] = [:]
        var statuses: [String: Set<ErrorStatus>] = [:]
        var everyStatus: Set<String> = []
        var withErrors = 0
        for operation in operations {
            var found: Set<String> = []
            for (status, either) in operation.responses {
                let declared: ErrorStatus?
                switch status.value {
                case .default: declared = nil
                case .status(let code):
                    guard code >= 400 else { continue }
                    declared = .code(code)
                case .range(let range):
                    guard range == .clientError || range == .serverError else { continue }
                    declared = .range(range == .clientError ? 4 : 5)
                }
                guard let response = document.components[either] else { continue }
                for (type, content) in context.contents(response.content) where OperationTranslator.isJSON(type) {
                    guard let schema = content.schema, let name = TranslationContext.referencedName(schema) else { continue }
                    found.insert(name)
                    if let declared { statuses[name, default: []].insert(declared) } else { everyStatus.insert(name) }
                }
            }
            if !found.isEmpty { withErrors &+= 1 }
            for name in found { counts[name, default: 0] &+= 1 }
        }
        guard let best = counts.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }).first,
            best.value &* 2 > withErrors, let swiftName = context.componentTypeNames[best.key],
            models.contains(where: { if case .structure(let s) = $0 { return s.name == swiftName } else { return false } })
        else { return nil }
        return (swiftName, everyStatus.contains(best.key) ? [] : (statuses[best.key] ?? []).sorted())
    }

    private func credentials(context: TranslationContext) -> ([CredentialDecl], [String]) {
        var credentials: [CredentialDecl] = []
        var secrets: [String] = []
        // The functions of `<Name>Credentials`: `bearer` and `basic` are its own.
        var functions = UniqueNames(["bearer", "basic"])
        for (key, either) in document.components.securitySchemes {
            guard let scheme = document.components[either] else {
                context.warn(Pointer.make(["components", "securitySchemes", key.rawValue]), "unresolvable $ref")
                continue
            }
            let credential: CredentialDecl
            switch scheme.type {
            case .http(let name, _):
                switch name.lowercased() {
                case "basic": credential = .basic
                case "bearer": credential = .bearer
                default:
                    context.warn(Pointer.make(["components", "securitySchemes", key.rawValue]), "HTTP scheme `\(name)` is not generated")
                    continue
                }
                secrets.append("Authorization")
            case .apiKey(let name, let location):
                let place: ParameterLocation
                switch location {
                case .header:
                    place = .header
                    secrets.append(name)
                case .query: place = .query
                case .cookie: place = .cookie
                }
                if place == .header, name.lowercased() == "authorization",
                    let prefix = Self.authorizationPrefix(scheme: key.rawValue, description: scheme.description)
                {
                    // The caller passes the token; the credentials write the header (`Token <token>`).
                    if prefix.lowercased() == "bearer" {
                        credential = .bearer
                    } else if credentials.contains(where: { if case .token(prefix, _) = $0 { true } else { false } }) {
                        continue
                    } else {
                        credential = .token(prefix: prefix, function: functions.claim(Naming.memberName(prefix), suffix: .word("Token")))
                    }
                    break
                }
                let known = credentials.contains { if case .apiKey(name, place, _) = $0 { true } else { false } }
                if known { continue }
                let word = place.rawValue.prefix(1).uppercased() + place.rawValue.dropFirst()
                credential = .apiKey(name: name, location: place, function: functions.claim(Naming.memberName(name), suffix: .word(word)))
            case .oauth2, .openIdConnect:
                credential = .bearer
                secrets.append("Authorization")
            case .mutualTLS:
                continue
            }
            if !credentials.contains(credential) { credentials.append(credential) }
        }
        var unique: [String] = []
        for secret in secrets where !unique.contains(where: { $0.lowercased() == secret.lowercased() }) { unique.append(secret) }
        return (credentials, unique.sorted())
    }

    /// The word an `apiKey` scheme in the `Authorization` header puts before the token, when the
    /// document states one: drf-spectacular's `required prefix "Token"`, a sample header
    /// (`Authorization: Token <your-token>`), or a scheme named `Token` or `Bearer`.
    static func authorizationPrefix(scheme: String, description: String?) -> String? {
        let text = description ?? ""
        if let match = text.firstMatch(of: /prefix "([A-Za-z][A-Za-z0-9_-]*)"/) { return String(match.output.1) }
        if let match = text.firstMatch(of: /Authorization: ([A-Za-z][A-Za-z0-9_-]*) [<\[{]/) { return String(match.output.1) }
        return ["token", "bearer"].contains(scheme.lowercased()) ? scheme : nil
    }

    /// The document's first server (its variables at their defaults); the configuration's
    /// `baseURL` instead of an absolute one, or before a path (`/api`).
    private func baseURL(context: TranslationContext) -> String {
        var configured = configuration.baseURL
        while configured?.hasSuffix("/") == true { configured?.removeLast() }
        let fallback = configured ?? "http://localhost"
        let advice = configured == nil ? " (set `baseURL` in the configuration, or `\(context.apiName)Coding.baseURL` at run time)" : ""
        guard let server = document.servers.first else {
            if configured == nil { context.warn("#/servers", "no server: the base URL is http://localhost" + advice) }
            return fallback
        }
        var text = server.urlTemplate.absoluteString
        for (name, variable) in server.variables {
            text = text.replacingOccurrences(of: "{\(name)}", with: variable.default)
        }
        while text.hasSuffix("/") { text.removeLast() }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
            let path = text.hasPrefix("/") ? text : ""
            if configured == nil {
                context.warn("#/servers/0/url", "`\(text)` is not an absolute URL: the base URL is http://localhost" + path + advice)
            }
            return fallback + path
        }
        return configured ?? text
    }

    // MARK: Names

    /// `GitHub v3 REST API` → `GitHub`; a configured name is kept as it is.
    static func apiName(_ title: String) -> String {
        let words = Naming.words(title).filter { word in
            let lowered = word.lowercased()
            return !["api", "rest", "openapi", "the", "v1", "v2", "v3", "http"].contains(lowered)
        }
        let name = words.prefix(2).map { word in word.prefix(1).uppercased() + word.dropFirst() }.joined()
        return Naming.typeName(name.isEmpty ? "My" : name)
    }
}
