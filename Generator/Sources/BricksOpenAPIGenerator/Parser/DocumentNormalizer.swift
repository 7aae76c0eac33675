import Foundation

/// Rewrites what real documents write against the letter of OpenAPI, where it has one obvious
/// meaning, into what OpenAPIKit reads, with a warning naming each place. It walks the document
/// by what each object is (path item, operation, response, schema…), so that a property or an
/// example named `nullable` is not taken for the keyword.
///
/// | Written | Read as |
/// |---|---|
/// | 3.0: `exclusiveMinimum: 5` (3.1's form) | `minimum: 5, exclusiveMinimum: true` |
/// | 3.1: `minimum: 5, exclusiveMinimum: true` (3.0's form) | `exclusiveMinimum: 5` |
/// | 3.1: `nullable: true` | `type: [T, "null"]` (`oneOf: [X, {type: null}]` without a `type`) |
/// | an integer bound outside 64 bits, or written `1.0e3` | clamped to `Int64`, or the integer |
/// | a response, request body, parameter or header `$ref` to another kind of component whose target has the shape needed | that target, inline |
/// | a response without `description` | an empty description |
/// | an operationId used before | the same id with `_2`, `_3`… |
/// | an unknown `format` | kept (read as its type), with a warning |
/// | `properties` beside a `oneOf`/`anyOf` whose members only constrain them (`required: [x]`) | the properties (no warning) |
struct DocumentNormalizer {
    /// The major version's rules: 3.0 or 3.1 (3.2 reads as 3.1).
    enum Version { case v30, v31 }

    private let version: Version
    private let root: DocumentValue
    private(set) var diagnostics: [Diagnostic] = []
    /// The operationIds read so far; a repeated one is read as `id_2`, `id_3`….
    private var operationIds = UniqueNames(suffix: .number(separator: "_"))

    /// The document rewritten, and a warning per rewrite.
    static func normalize(_ document: DocumentValue, version: Version) -> (DocumentValue, [Diagnostic]) {
        var normalizer = DocumentNormalizer(version: version, root: document)
        var result = document
        normalizer.visitRoot(&result)
        return (result, normalizer.diagnostics)
    }

    private init(version: Version, root: DocumentValue) {
        self.version = version
        self.root = root
    }

    private mutating func warn(_ path: [String], _ message: String) {
        diagnostics.append(Diagnostic(.warning, at: Pointer.make(path), message))
    }

    // MARK: - Walking by kind

    // Each visit takes the object out of its parent (leaving `.null` until it is put back), so
    // that it is the only reference to its members and they are changed in place, not copied.

    private mutating func visitRoot(_ value: inout DocumentValue) {
        guard case .object(var object) = value else { return }
        value = .null
        if var paths = object["paths"] {
            object["paths"] = .null
            eachMember(of: &paths, ["paths"]) { this, item, path in this.visitPathItem(&item, path) }
            object["paths"] = paths
        }
        if var webhooks = object["webhooks"] {
            object["webhooks"] = .null
            eachMember(of: &webhooks, ["webhooks"]) { this, item, path in this.visitPathItem(&item, path) }
            object["webhooks"] = webhooks
        }
        if case .object(var components)? = object["components"] {
            object["components"] = .null
            let base = ["components"]
            components["examples"] = nil  // examples are not read (see dropExamples)
            visitMap(&components, "schemas", base) { this, value, path in this.visitSchema(&value, path) }
            visitMap(&components, "responses", base) { this, value, path in this.visitResponse(&value, path) }
            visitMap(&components, "parameters", base) { this, value, path in this.visitParameter(&value, path) }
            visitMap(&components, "requestBodies", base) { this, value, path in this.visitRequestBody(&value, path) }
            visitMap(&components, "headers", base) { this, value, path in this.visitHeader(&value, path) }
            visitMap(&components, "pathItems", base) { this, value, path in this.visitPathItem(&value, path) }
            object["components"] = .object(components)
        }
        value = .object(object)
    }

    private static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    private mutating func visitPathItem(_ value: inout DocumentValue, _ path: [String]) {
        guard case .object(var object) = value else { return }
        value = .null
        Self.dropExtensions(&object)
        visitArray(&object, "parameters", path) { this, value, path in this.visitParameter(&value, path) }
        let shared = pathParameterNames(object["parameters"])
        for key in object.keys where Self.methods.contains(key) {
            if var operation = object[key] {
                object[key] = .null
                visitOperation(&operation, path + [key])
                if path.first == "paths", let template = path.last {
                    declarePathParameters(in: &operation, template: template, shared: shared, path + [key])
                }
                object[key] = operation
            }
        }
        value = .object(object)
    }

    /// The names of the path parameters a `parameters` list declares (references followed).
    private func pathParameterNames(_ list: DocumentValue?) -> Set<String> {
        guard case .array(let parameters)? = list else { return [] }
        var names: Set<String> = []
        for parameter in parameters {
            var object = parameter.object
            if let reference = object?["$ref"]?.string {
                guard reference.hasPrefix("#/") else { return names.union(["*"]) }  // another file: not known
                object = resolve(Self.tokens(of: reference))?.object
            }
            if let object, object["in"] == .string("path"), let name = object["name"]?.string { names.insert(name) }
        }
        return names
    }

    /// A `{name}` of the path that no path parameter declares is declared, a string, on the
    /// operation: the path says it is one, and its value is text in the URL.
    private mutating func declarePathParameters(
        in operation: inout DocumentValue, template: String, shared: Set<String>, _ path: [String]
    ) {
        guard case .object(var object) = operation else { return }
        let declared = shared.union(pathParameterNames(object["parameters"]))
        if declared.contains("*") { return }
        var missing: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            if !name.isEmpty, !declared.contains(name), !missing.contains(name) { missing.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        guard !missing.isEmpty else { return }
        var parameters: [DocumentValue] = []
        if case .array(let list)? = object["parameters"] { parameters = list }
        for name in missing {
            warn(path + ["parameters"], "the path names `{\(name)}` but no parameter declares it: read as a required string path parameter")
            var schema = DocumentObject()
            schema["type"] = .string("string")
            var parameter = DocumentObject()
            parameter["name"] = .string(name)
            parameter["in"] = .string("path")
            parameter["required"] = .bool(true)
            parameter["schema"] = .object(schema)
            parameters.append(.object(parameter))
        }
        object["parameters"] = .array(parameters)
        operation = .object(object)
    }

    /// The reference tokens of a local `$ref` (`#/components/x~1y` → `components`, `x/y`).
    static func tokens(of reference: String) -> [String] {
        reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    private mutating func visitOperation(_ value: inout DocumentValue, _ path: [String]) {
        guard case .object(var object) = value else { return }
        value = .null
        Self.dropExtensions(&object)
        if let id = object["operationId"]?.string {
            let renamed = operationIds.claim(id)
            if renamed != id {
                warn(path + ["operationId"], "the operationId `\(id)` is used by an operation before this one: read as `\(renamed)`")
                object["operationId"] = .string(renamed)
            }
        }
        visitArray(&object, "parameters", path) { this, value, path in this.visitParameter(&value, path) }
        if var body = object["requestBody"] {
            object["requestBody"] = .null
            visitRequestBody(&body, path + ["requestBody"])
            object["requestBody"] = body
        }
        visitMap(&object, "responses", path) { this, value, path in this.visitResponse(&value, path) }
        if case .object(var callbacks)? = object["callbacks"] {
            object["callbacks"] = .null
            for callback in callbacks.keys {
                if var expressions = callbacks[callback] {
                    callbacks[callback] = .null
                    eachMember(of: &expressions, path + ["callbacks", callback]) { this, item, path in this.visitPathItem(&item, path) }
                    callbacks[callback] = expressions
                }
            }
            object["callbacks"] = .object(callbacks)
        }
        value = .object(object)
    }

    private mutating func visitParameter(_ value: inout DocumentValue, _ path: [String]) {
        if resolveForeignReference(&value, path, kind: "parameters", fits: { $0["name"] != nil && $0["in"] != nil }) { return }
        guard case .object(var object) = value else { return }
        value = .null
        if object["in"] == .string("path"), object["required"] != .bool(true) {
            warn(path + ["required"], "a path parameter is always required: read as `required: true`")
            object["required"] = .bool(true)
        }
        dropDanglingExamples(&object, path)
        visitSchemaMember(&object, "schema", path)
        visitMap(&object, "content", path) { this, value, path in this.visitMedia(&value, path) }
        value = .object(object)
    }

    private mutating func visitRequestBody(_ value: inout DocumentValue, _ path: [String]) {
        let fits: (DocumentObject) -> Bool = { $0["content"]?.object != nil }
        if resolveForeignReference(&value, path, kind: "requestBodies", fits: fits, adapt: { object in
            var body = DocumentObject()
            body["description"] = object["description"]
            body["content"] = object["content"]
            return body
        }) {
            return
        }
        guard case .object(var object) = value else { return }
        value = .null
        Self.dropExtensions(&object)
        visitMap(&object, "content", path) { this, value, path in this.visitMedia(&value, path) }
        value = .object(object)
    }

    private mutating func visitResponse(_ value: inout DocumentValue, _ path: [String]) {
        let fits: (DocumentObject) -> Bool = { $0["content"]?.object != nil || $0["description"] != nil }
        if resolveForeignReference(&value, path, kind: "responses", fits: fits, adapt: { object in
            var response = DocumentObject()
            response["description"] = object["description"] ?? .string("")
            response["headers"] = object["headers"]
            response["content"] = object["content"]
            return response
        }) {
            return
        }
        guard case .object(var object) = value, object["$ref"] == nil else { return }
        value = .null
        Self.dropExtensions(&object)
        if object["description"] == nil {
            warn(path, "a response needs a `description`: read with an empty one")
            object["description"] = .string("")
        }
        visitMap(&object, "headers", path) { this, value, path in this.visitHeader(&value, path) }
        visitMap(&object, "content", path) { this, value, path in this.visitMedia(&value, path) }
        value = .object(object)
    }

    private mutating func visitHeader(_ value: inout DocumentValue, _ path: [String]) {
        let fits: (DocumentObject) -> Bool = { $0["schema"] != nil || $0["content"] != nil }
        if resolveForeignReference(&value, path, kind: "headers", fits: fits, adapt: { object in
            var header = object
            header["name"] = nil
            header["in"] = nil
            return header
        }) {
            return
        }
        guard case .object(var object) = value else { return }
        value = .null
        if object["$ref"] == nil {
            let foreign = object.keys.filter { !Self.headerFields.contains($0) && !$0.hasPrefix("x-") }
            if !foreign.isEmpty {
                let list = foreign.map { "`\($0)`" }.joined(separator: ", ")
                warn(path, "\(list) \(foreign.count == 1 ? "is not a field" : "are not fields") of a Header object (a parameter's): left out")
                for key in foreign { object[key] = nil }
            }
        }
        dropDanglingExamples(&object, path)
        visitSchemaMember(&object, "schema", path)
        visitMap(&object, "content", path) { this, value, path in this.visitMedia(&value, path) }
        value = .object(object)
    }

    /// The fields of a Header object (OpenAPIKit reads these and `x-` extensions only).
    private static let headerFields: Set<String> = [
        "description", "required", "deprecated", "content", "schema", "style", "explode", "allowReserved", "example", "examples",
    ]

    private mutating func visitMedia(_ value: inout DocumentValue, _ path: [String]) {
        guard case .object(var object) = value else { return }
        value = .null
        dropDanglingExamples(&object, path)
        visitSchemaMember(&object, "schema", path)
        visitSchemaMember(&object, "itemSchema", path)
        value = .object(object)
    }

    /// An example that is a `$ref` to nothing in the document: left out (examples are not generated).
    private mutating func dropDanglingExamples(_ object: inout DocumentObject, _ path: [String]) {
        guard case .object(var examples)? = object["examples"] else { return }
        let before = examples.members.count
        examples.members.removeAll { member in
            guard let reference = member.value.object?["$ref"]?.string, reference.hasPrefix("#/") else { return false }
            guard resolve(Self.tokens(of: reference)) == nil else { return false }
            warn(path + ["examples", member.key], "the example refers to `\(reference)`, which the document does not have: left out")
            return true
        }
        if examples.members.count != before { object["examples"] = .object(examples) }
        Self.dropExamples(&object)
    }

    /// Examples and `x-` extensions are not generated (Generator/examples.sh reads the examples
    /// from the document itself), and OpenAPIKit decodes each value as `AnyCodable`, most of the
    /// reading time of a document rich in them (Stripe's `x-expandableFields`…): they are left
    /// out before it reads.
    private static func dropExamples(_ object: inout DocumentObject) {
        object["example"] = nil
        object["examples"] = nil
        dropExtensions(&object)
    }

    /// The `x-` members of an object OpenAPI defines (not of a map of names, where `x-` is a name).
    private static func dropExtensions(_ object: inout DocumentObject) {
        if object.members.contains(where: { $0.key.hasPrefix("x-") }) { object.members.removeAll { $0.key.hasPrefix("x-") } }
    }

    // MARK: - Schemas

    private static let schemaMembers = [
        "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
        "unevaluatedProperties", "unevaluatedItems", "additionalItems",
    ]
    private static let schemaListMembers = ["allOf", "anyOf", "oneOf", "prefixItems"]
    private static let schemaMapMembers = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]

    private mutating func visitSchemaMember(_ object: inout DocumentObject, _ key: String, _ path: [String]) {
        guard var schema = object[key] else { return }
        object[key] = .null
        visitSchema(&schema, path + [key])
        object[key] = schema
    }

    private mutating func visitSchema(_ value: inout DocumentValue, _ path: [String]) {
        guard case .object(var object) = value else { return }
        value = .null
        Self.dropExamples(&object)
        fixBoundTypes(&object, path)
        fixExclusiveBounds(&object, path)
        if version == .v30 { fixTypeList(&object, path) }
        fixIntegerBounds(&object, path)
        checkFormat(object, path)
        for key in Self.schemaMembers where object[key]?.object != nil { visitSchemaMember(&object, key, path) }
        for key in Self.schemaListMembers { visitArray(&object, key, path) { this, value, path in this.visitSchema(&value, path) } }
        for key in Self.schemaMapMembers { visitMap(&object, key, path) { this, value, path in this.visitSchema(&value, path) } }
        if version == .v31 { fixNullable(&object, path) }
        dropConstraintAlternatives(&object)
        value = .object(object)
    }

    /// Keys a `oneOf`/`anyOf` member may have and still only constrain the object around it.
    private static let constraintKeys: Set<String> = [
        "required", "properties", "type", "additionalProperties", "minProperties", "maxProperties", "description", "title",
    ]

    /// An object with `properties` whose `oneOf`/`anyOf` members only constrain it (`required: [x]`, a property's
    /// `enum` narrowed: GitHub's `{properties: …, anyOf: [{required: [reviewers]}, {required: [team_reviewers]}]}`)
    /// is read as the object: OpenAPIKit reads the `anyOf` alone and the properties would be lost. No warning:
    /// the document is valid; only what a type can say is kept (those properties stay optional).
    private func dropConstraintAlternatives(_ object: inout DocumentObject) {
        guard object["$ref"] == nil, let properties = object["properties"]?.object else { return }
        let declared = Set(properties.keys)
        func constrainsOnly(_ member: DocumentValue) -> Bool {
            guard let member = member.object, Set(member.keys).isSubset(of: Self.constraintKeys) else { return false }
            if let type = member["type"], type != .string("object") { return false }
            if let additional = member["additionalProperties"], additional != .bool(true) { return false }
            if let named = member["properties"] {
                guard let named = named.object, Set(named.keys).isSubset(of: declared) else { return false }
            }
            if let required = member["required"] {
                guard case .array(let names) = required, names.allSatisfy({ $0.string.map(declared.contains) ?? false }) else { return false }
            }
            return true
        }
        for key in ["oneOf", "anyOf"] {
            if case .array(let members)? = object[key], !members.isEmpty, members.allSatisfy(constrainsOnly) { object[key] = nil }
        }
    }

    /// 3.0 writes `minimum: 5, exclusiveMinimum: true`; 3.1 `exclusiveMinimum: 5`.
    private mutating func fixExclusiveBounds(_ object: inout DocumentObject, _ path: [String]) {
        for (exclusive, bound) in [("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")] {
            switch (version, object[exclusive]) {
            case (.v30, .number(let number)?):
                warn(path + [exclusive], "a number is OpenAPI 3.1's form, this document is 3.0: read as `\(bound): \(number), \(exclusive): true`")
                object[bound] = .number(number)
                object[exclusive] = .bool(true)
            case (.v31, .bool(let isExclusive)?):
                object[exclusive] = nil
                if isExclusive, case .number(let number)? = object[bound] {
                    warn(path + [exclusive], "a boolean is OpenAPI 3.0's form, this document is 3.1: read as `\(exclusive): \(number)`")
                    object[bound] = nil
                    object[exclusive] = .number(number)
                } else {
                    warn(path + [exclusive], "a boolean is OpenAPI 3.0's form, this document is 3.1: ignored (no `\(bound)` to make exclusive)")
                }
            default:
                break
            }
        }
    }

    /// The keywords whose value is a number.
    private static let numericKeywords = [
        "minimum", "maximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties",
    ]

    /// A bound written as text: the number when the text is one (`"5"`), else left out.
    private mutating func fixBoundTypes(_ object: inout DocumentObject, _ path: [String]) {
        for key in Self.numericKeywords {
            guard case .string(let text)? = object[key] else { continue }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789.+-eE".contains($0) }), Double(trimmed) != nil {
                warn(path + [key], "the bound is text (`\"\(text)\"`), not a number: read as \(trimmed)")
                object[key] = .number(trimmed)
            } else {
                warn(path + [key], "the bound is text (`\"\(text)\"`), not a number: left out")
                object[key] = nil
            }
        }
    }

    /// 3.0's `type` is one name; `type: [T, "null"]` is 3.1's form: read as `type: T, nullable: true`
    /// (several types other than null: no `type`, any value).
    private mutating func fixTypeList(_ object: inout DocumentObject, _ path: [String]) {
        guard case .array(let types)? = object["type"] else { return }
        let names = types.compactMap(\.string)
        let others = names.filter { $0 != "null" }
        let nullable = names.contains("null")
        if nullable { object["nullable"] = .bool(true) }
        if others.count == 1, let only = others.first {
            object["type"] = .string(only)
            warn(path + ["type"], "a list of types is OpenAPI 3.1's form, this document is 3.0: read as `type: \(only)`" + (nullable ? ", `nullable: true`" : ""))
        } else {
            object["type"] = nil
            warn(path + ["type"], "a list of types is OpenAPI 3.1's form, this document is 3.0: read without `type` (any value)" + (nullable ? ", `nullable: true`" : ""))
        }
    }

    /// An integer schema's bounds as 64-bit integers: clamped when outside, a fraction rounded
    /// inward (both said), `0.0` and `1.0e3` as `0` and `1000` (whole numbers: integers, silently).
    private mutating func fixIntegerBounds(_ object: inout DocumentObject, _ path: [String]) {
        let isInteger: Bool
        switch object["type"] {
        case .string("integer")?: isInteger = true
        case .array(let types)?: isInteger = types.contains(.string("integer")) && !types.contains(.string("number"))
        default: isInteger = false
        }
        guard isInteger else { return }
        for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] {
            guard case .number(let text)? = object[key], Int64(text) == nil, let number = Double(text) else { continue }
            let replacement: Int64
            if number >= Double(Int64.max) {  // 2^63: every Double from there is outside
                replacement = .max
            } else if number <= Double(Int64.min) {
                replacement = .min
            } else {
                replacement = Int64(number.rounded(key == "minimum" || key == "exclusiveMinimum" ? .up : .down))
            }
            let clamped = abs(number) >= 9.2e18
            if clamped || Double(replacement) != number {
                let reason = clamped ? "outside a 64-bit integer: clamped" : "not an integer: rounded inward"
                warn(path + [key], "the bound \(text) of an integer schema is \(reason) to \(replacement)")
            }
            object[key] = .number(String(replacement))
        }
    }

    /// The formats of OpenAPI's format registry; others are read as their type.
    private static let knownFormats: Set<String> = [
        "base64url", "binary", "byte", "char", "commonmark", "date-time", "date", "decimal", "decimal128", "double",
        "duration", "email", "float", "hostname", "html", "http-date", "idn-email", "idn-hostname", "int16", "int32",
        "int64", "int8", "ipv4", "ipv6", "iri-reference", "iri", "json-pointer", "media-range", "password", "regex",
        "relative-json-pointer", "sf-binary", "sf-boolean", "sf-decimal", "sf-integer", "sf-string", "sf-token", "time",
        "uint8", "uri-reference", "uri-template", "uri", "uuid",
    ]

    private mutating func checkFormat(_ object: DocumentObject, _ path: [String]) {
        guard let format = object["format"]?.string, !Self.knownFormats.contains(format) else { return }
        warn(path + ["format"], "the format `\(format)` is not in OpenAPI's format registry: read as its type")
    }

    /// `nullable` is 3.0's; a 3.1 document that writes it means `type: [T, "null"]`.
    private mutating func fixNullable(_ object: inout DocumentObject, _ path: [String]) {
        guard case .bool(let nullable)? = object["nullable"] else { return }
        object["nullable"] = nil
        guard nullable else {
            warn(path + ["nullable"], "`nullable` is OpenAPI 3.0's, this document is 3.1: `false` ignored")
            return
        }
        switch object["type"] {
        case .string(let type)?:
            if type != "null" { object["type"] = .array([.string(type), .string("null")]) }
            warn(path + ["nullable"], "`nullable` is OpenAPI 3.0's, this document is 3.1: read as `type: [\(type), \"null\"]`")
        case .array(var types)?:
            if !types.contains(.string("null")) { types.append(.string("null")) }
            object["type"] = .array(types)
            warn(path + ["nullable"], "`nullable` is OpenAPI 3.0's, this document is 3.1: read as adding \"null\" to `type`")
        default:
            // No type: the composition or reference, or null.
            var inner = DocumentObject()
            for key in ["$ref", "allOf", "anyOf", "oneOf"] {
                if let member = object[key] {
                    inner[key] = member
                    object[key] = nil
                }
            }
            if inner.members.isEmpty {
                warn(path + ["nullable"], "`nullable` is OpenAPI 3.0's, this document is 3.1: ignored (a schema without a type already admits null)")
                return
            }
            var null = DocumentObject()
            null["type"] = .string("null")
            object["oneOf"] = .array([.object(inner), .object(null)])
            warn(path + ["nullable"], "`nullable` is OpenAPI 3.0's, this document is 3.1: read as `oneOf: [the schema, {type: \"null\"}]`")
        }
    }

    // MARK: - References to another kind of component

    /// A `$ref` at a place that wants a `kind` of component (`responses`) that points at another
    /// kind (`#/components/requestBodies/…`) is replaced by its target, when the target `fits`.
    /// Returns whether the value was replaced (and already visited).
    private mutating func resolveForeignReference(
        _ value: inout DocumentValue, _ path: [String], kind: String, fits: (DocumentObject) -> Bool,
        adapt: (DocumentObject) -> DocumentObject = { $0 }
    ) -> Bool {
        guard case .object(let object) = value, let reference = object["$ref"]?.string, reference.hasPrefix("#/components/")
        else { return false }
        let tokens = reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        guard tokens.count >= 3, tokens[1] != kind else { return false }
        guard let target = resolve(tokens), case .object(let targetObject) = target, fits(targetObject) else {
            return false
        }
        let singular = [
            "responses": "response", "requestBodies": "request body", "parameters": "parameter", "headers": "header",
        ]
        warn(path + ["$ref"], "a \(singular[kind] ?? kind) refers to `\(reference)`, a component of another kind: read as what it describes, inline")
        var replaced = DocumentValue.object(adapt(targetObject))
        switch kind {
        case "responses": visitResponse(&replaced, path)
        case "requestBodies": visitRequestBody(&replaced, path)
        case "parameters": visitParameter(&replaced, path)
        default: visitHeader(&replaced, path)
        }
        value = replaced
        return true
    }

    private func resolve(_ tokens: [String]) -> DocumentValue? {
        var current = root
        for token in tokens {
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let values):
                guard let index = Int(token), values.indices.contains(index) else { return nil }
                current = values[index]
            default:
                return nil
            }
        }
        return current
    }

    // MARK: - Helpers

    private mutating func eachMember(
        of value: inout DocumentValue, _ path: [String], _ body: (inout DocumentNormalizer, inout DocumentValue, [String]) -> Void
    ) {
        guard case .object(var object) = value else { return }
        value = .null
        for index in object.members.indices {
            body(&self, &object.members[index].value, path + [object.members[index].key])
        }
        value = .object(object)
    }

    private mutating func visitMap(
        _ object: inout DocumentObject, _ key: String, _ path: [String],
        _ body: (inout DocumentNormalizer, inout DocumentValue, [String]) -> Void
    ) {
        guard var map = object[key] else { return }
        object[key] = .null
        eachMember(of: &map, path + [key], body)
        object[key] = map
    }

    private mutating func visitArray(
        _ object: inout DocumentObject, _ key: String, _ path: [String],
        _ body: (inout DocumentNormalizer, inout DocumentValue, [String]) -> Void
    ) {
        guard case .array(var values)? = object[key] else { return }
        object[key] = .null
        for index in values.indices { body(&self, &values[index], path + [key, String(index)]) }
        object[key] = .array(values)
    }
}
