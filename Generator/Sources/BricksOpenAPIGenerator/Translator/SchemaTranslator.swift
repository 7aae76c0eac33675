import OpenAPIKit

/// Names already used for nested types where a new one is being chosen.
struct NameScope {
    /// Names of the enclosing types, innermost last.
    var enclosing: [String]
    /// Names of the types nested so far in the innermost one (`Name`, `NameValue`, `NameValue2`…).
    var taken = UniqueNames(suffix: .word("Value"))
}

/// Translates JSON schemas into type references and model declarations.
struct SchemaTranslator {
    let context: TranslationContext

    // MARK: Component schemas

    /// The declaration of a component schema, named `name`. Types it needs that are not
    /// declarations of their own (an alias's inline item, say) come in `extra`.
    func componentDeclaration(key: String, name: String, schema: JSONSchema, extra: inout [TypeDecl]) -> TypeDecl {
        let pointer = Pointer.schema(key)
        if aliasesItself(key) {
            context.warn(pointer, "the schema is only a `$ref` to itself, through aliases: decoded as JSONValue")
            context.usesJSONValue = true
            return .alias(AliasDecl(name: name, doc: Self.doc(schema), target: .json))
        }
        if let decl = namedDeclaration(name: name, schema: schema, pointer: pointer, scope: NameScope(enclosing: [])) {
            return decl
        }
        var scope = NameScope(enclosing: [])
        var nested: [TypeDecl] = []
        let target = typeRef(for: schema, suggested: name + "Item", pointer: pointer, nested: &nested, scope: &scope)
        extra += nested
        return .alias(AliasDecl(name: name, doc: Self.doc(schema), target: target))
    }

    /// Whether the component `key` is a `$ref` (or an `allOf` of one) to a component that is one
    /// too, and so on back to `key` (`A: {$ref: B}, B: {$ref: A}`): no type to name.
    private func aliasesItself(_ key: String) -> Bool {
        var seen: Set<String> = [key]
        var current = key
        while let schema = context.document.components.schemas[context.componentKey(current)] {
            var next = TranslationContext.referencedName(schema)
            if next == nil, case .all(of: let members, core: _) = schema.value, members.count == 1 {
                next = TranslationContext.referencedName(members[0])
            }
            guard let next else { return false }
            if seen.contains(next) { return next == key }
            seen.insert(next)
            current = next
        }
        return false
    }

    /// A struct, string enum or one-of enum named `name` for `schema`, or `nil` when the schema
    /// is better named by a reference (a primitive, a list, a `$ref`).
    func namedDeclaration(name: String, schema: JSONSchema, pointer: String, scope: NameScope) -> TypeDecl? {
        switch schema.value {
        case .object(_, let object):
            if object.properties.isEmpty, object.additionalProperties != nil { return nil }
            if object.properties.isEmpty, object.additionalProperties == nil { return nil }
            return .structure(structure(name: name, schema: schema, pointer: pointer, scope: scope))
        case .string, .fragment:
            let values = Self.stringValues(schema)
            guard !values.isEmpty else { return nil }
            return .stringEnum(stringEnum(name: name, values: values, doc: Self.doc(schema)))
        case .all(of: let members, core: _):
            let significant = members.filter { !Self.isDocumentationOnly($0) }
            if significant.count == 1, let only = significant.first {
                if TranslationContext.referencedName(only) != nil { return nil }
                return namedDeclaration(name: name, schema: only, pointer: pointer + "/allOf/0", scope: scope)
            }
            return .structure(structure(name: name, schema: schema, pointer: pointer, scope: scope))
        case .one(of: let members, core: _), .any(of: let members, core: _):
            let kind = schema.value.isOneOf ? "oneOf" : "anyOf"
            let nonNull = members.filter { !$0.isNull }
            if nonNull.count <= 1 { return nil }
            if nonNull.count == 2, nonNull.contains(where: { Self.stringValues($0) == [""] }) { return nil }
            return .oneOf(oneOf(name: name, schema: schema, members: nonNull, pointer: pointer + "/" + kind, scope: scope))
        case .null, .boolean, .number, .integer, .array, .not, .reference:
            return nil
        }
    }

    // MARK: Type references

    /// The Swift type for `schema`; a type that must be declared (an inline object, enum or
    /// one-of) is appended to `nested`, named from `suggested` and unique in `scope`.
    func typeRef(
        for schema: JSONSchema, suggested: String, pointer: String, nested: inout [TypeDecl], scope: inout NameScope
    ) -> TypeRef {
        let base = baseTypeRef(for: schema, suggested: suggested, pointer: pointer, nested: &nested, scope: &scope)
        return schema.nullable ? base.optional : base
    }

    private func baseTypeRef(
        for schema: JSONSchema, suggested: String, pointer: String, nested: inout [TypeDecl], scope: inout NameScope
    ) -> TypeRef {
        switch schema.value {
        case .reference(let reference, _):
            guard reference.isInternal, let name = reference.name, let swiftName = context.componentTypeNames[name] else {
                context.warn(pointer, "unresolvable $ref \(reference.absoluteString): decoded as JSONValue")
                context.usesJSONValue = true
                return .json
            }
            // A component that is itself nullable (3.0 `nullable: true`, 3.1 `type: [object, "null"]`,
            // GitHub's `nullable-simple-user`) makes every use of it optional.
            if let target = context.resolve(schema), target.nullable || Self.isNullableUnion(target) {
                return .optional(.named(swiftName))
            }
            return .named(swiftName)
        case .boolean:
            return .bool
        case .integer(let core, _):
            switch core.format {
            case .int32: return .named("Int32")
            case .int64: return .named("Int64")
            default: return .int
            }
        case .number(let core, _):
            return core.format == .float ? .named("Float") : .double
        case .string(let core, _):
            // A single value is a constant (Stripe's `object: list`): the text itself.
            if Self.stringValues(schema).count > 1 {
                return declareNested(schema: schema, suggested: suggested, pointer: pointer, nested: &nested, scope: &scope)
            }
            if core.format == .dateTime {
                context.usesDate = true
                return .date
            }
            return .string
        case .array(_, let array):
            guard let items = array.items else {
                context.usesJSONValue = true
                return .array(.json)
            }
            let element = typeRef(
                for: items, suggested: Self.itemName(suggested), pointer: pointer + "/items", nested: &nested,
                scope: &scope)
            return .array(element)
        case .object(_, let object):
            if object.properties.isEmpty {
                switch object.additionalProperties {
                case .b(let valueSchema):
                    let value = typeRef(
                        for: valueSchema, suggested: suggested + "Value", pointer: pointer + "/additionalProperties",
                        nested: &nested, scope: &scope)
                    return .dictionary(value)
                case .a(false):
                    break
                case .a(true), nil:
                    context.usesJSONValue = true
                    return .dictionary(.json)
                }
            }
            return declareNested(schema: schema, suggested: suggested, pointer: pointer, nested: &nested, scope: &scope)
        case .all(of: let members, core: _):
            let significant = members.filter { !Self.isDocumentationOnly($0) }
            if significant.count == 1, let only = significant.first {
                return typeRef(for: only, suggested: suggested, pointer: pointer + "/allOf/0", nested: &nested, scope: &scope)
            }
            return declareNested(schema: schema, suggested: suggested, pointer: pointer, nested: &nested, scope: &scope)
        case .one(of: let members, core: _), .any(of: let members, core: _):
            let kind = schema.value.isOneOf ? "oneOf" : "anyOf"
            let nonNull = members.enumerated().filter { !$0.element.isNull }
            if nonNull.isEmpty {
                context.usesJSONValue = true
                return .json
            }
            if nonNull.count == 1, let only = nonNull.first {
                let inner = typeRef(
                    for: only.element, suggested: suggested, pointer: pointer + "/\(kind)/\(only.offset)",
                    nested: &nested, scope: &scope)
                return nonNull.count < members.count ? inner.optional : inner
            }
            if nonNull.count == 2, let empty = nonNull.firstIndex(where: { Self.stringValues($0.element) == [""] }) {
                // Stripe's `anyOf: [value, enum: [""]]`: a value, or "" to clear it.
                let other = nonNull[1 &- empty]
                let inner = typeRef(
                    for: other.element, suggested: suggested, pointer: pointer + "/\(kind)/\(other.offset)", nested: &nested,
                    scope: &scope)
                let wrapped = TypeRef.orEmpty(inner.nonOptional)
                return nonNull.count < members.count || inner.isOptional ? wrapped.optional : wrapped
            }
            let decl = declareNested(schema: schema, suggested: suggested, pointer: pointer, nested: &nested, scope: &scope)
            return nonNull.count < members.count ? decl.optional : decl
        case .fragment:
            if Self.stringValues(schema).count == 1 { return .string }
            if !Self.stringValues(schema).isEmpty {
                return declareNested(schema: schema, suggested: suggested, pointer: pointer, nested: &nested, scope: &scope)
            }
            context.usesJSONValue = true
            return .json
        case .not:
            context.warn(pointer, "`not` is not supported: decoded as JSONValue")
            context.usesJSONValue = true
            return .json
        case .null:
            context.usesJSONValue = true
            return .optional(.json)
        }
    }

    private func declareNested(
        schema: JSONSchema, suggested: String, pointer: String, nested: inout [TypeDecl], scope: inout NameScope
    ) -> TypeRef {
        let name = uniqueNestedName(suggested, scope: &scope)
        var inner = scope
        inner.enclosing.append(name)
        inner.taken = UniqueNames(suffix: .word("Value"))
        let mark = context.sharingMark
        guard let decl = namedDeclaration(name: name, schema: schema, pointer: pointer, scope: inner) else {
            context.usesJSONValue = true
            return .json
        }
        let shape = decl.renamed("")
        let path = inner.enclosing.joined(separator: ".")
        let canonical = canonicalShape(shape, at: path)
        if let shared = context.sharedInlineTypes[shape] ?? context.sharedInlineTypes[canonical] {
            // The same shape was declared before: use that type; what this one declared inside
            // itself is not written.
            context.rollBack(to: mark)
            scope.taken.release(name)
            context.noteUse(of: shared, by: scope.enclosing.first)
            return .named(shared)
        }
        context.share(decl, shape: shape, at: path, title: schema.title)
        if canonical != shape { context.share(decl, shape: canonical, at: path, title: schema.title) }
        nested.append(decl)
        return .named(name)
    }

    /// `shape` as a later place of the same schema comes out: each type it declares inside itself
    /// that is shared is not declared there but named by its shared path (`Filters` →
    /// `CreateDmView.Body.DataValue.Filters`), since the later place finds that type shared and
    /// names it so. Without this, two identical bodies with a nested object differ.
    private func canonicalShape(_ shape: TypeDecl, at path: String) -> TypeDecl {
        var paths: [String: String] = [:]
        var kept: [TypeDecl] = []
        for inner in shape.nested {
            let innerPath = path + "." + inner.name
            if context.inlineDeclarations[innerPath] != nil { paths[inner.name] = innerPath } else { kept.append(inner) }
        }
        guard !paths.isEmpty else { return shape }
        func named(_ type: TypeRef) -> TypeRef {
            switch type {
            case .named(let name): return .named(paths[name] ?? name)
            case .array(let element): return .array(named(element))
            case .dictionary(let value): return .dictionary(named(value))
            case .optional(let wrapped): return .optional(named(wrapped))
            case .orEmpty(let value): return .orEmpty(named(value))
            case .nullable(let value): return .nullable(named(value))
            }
        }
        switch shape {
        case .structure(var structure):
            structure.nested = kept
            for index in structure.properties.indices {
                structure.properties[index].type = named(structure.properties[index].type)
                if case .enumValue(let type, let rawValue)? = structure.properties[index].defaultValue, let shared = paths[type] {
                    structure.properties[index].defaultValue = .enumValue(type: shared, rawValue: rawValue)
                }
            }
            return .structure(structure)
        case .oneOf(var oneOf):
            oneOf.nested = kept
            for index in oneOf.cases.indices { oneOf.cases[index].type = named(oneOf.cases[index].type) }
            return .oneOf(oneOf)
        case .alias(var alias):
            alias.target = named(alias.target)
            return .alias(alias)
        case .stringEnum:
            return shape
        }
    }

    /// `suggested`, or with a suffix, so that it names neither an enclosing type, a sibling, a
    /// top-level type nor a type the output uses unqualified.
    func uniqueNestedName(_ suggested: String, scope: inout NameScope) -> String {
        let enclosing = scope.enclosing
        return scope.taken.claim(Naming.typeName(suggested)) { candidate in
            enclosing.contains(candidate) || context.topLevelNames.contains(candidate) || Naming.reservedTypeNames.contains(candidate)
        }
    }

    // MARK: Structs

    private struct MergedProperty {
        var key: String
        var schema: JSONSchema
        var required: Bool
        var pointer: String
    }

    func structure(name: String, schema: JSONSchema, pointer: String, scope: NameScope) -> StructDecl {
        var merged: [MergedProperty] = []
        var visited: Set<String> = []
        collectProperties(of: schema, pointer: pointer, into: &merged, visited: &visited)
        var decl = StructDecl(name: name, doc: Self.doc(schema), properties: [], pointer: pointer)
        var innerScope = scope
        if innerScope.enclosing.last != name { innerScope.enclosing.append(name) }
        var usedNames = UniqueNames()
        for property in merged {
            let memberName = usedNames.claim(Naming.memberName(property.key))
            var type = typeRef(
                for: property.schema, suggested: Naming.typeName(property.key), pointer: property.pointer,
                nested: &decl.nested, scope: &innerScope)
            var defaultValue: LiteralValue?
            // Optional here means the document admits `null` (3.0 `nullable`, 3.1 `type: [T, "null"]`).
            let nullable = type.isOptional
            if !property.required && !type.isOptional, let literal = defaultLiteral(property.schema, type: type) {
                defaultValue = literal
            } else if !property.required {
                type = type.optional
            }
            decl.properties.append(
                PropertyDecl(
                    name: Naming.escaped(memberName), key: property.key, type: type, doc: Self.doc(property.schema),
                    defaultValue: defaultValue, deprecated: property.schema.deprecated,
                    clearable: nullable && !property.required, sendsNull: nullable && property.required))
        }
        return decl
    }

    /// The properties of an object, `allOf` members merged (a property is required when any
    /// member requires it).
    private func collectProperties(
        of schema: JSONSchema, pointer: String, into merged: inout [MergedProperty], visited: inout Set<String>
    ) {
        switch schema.value {
        case .reference(let reference, _):
            guard let name = reference.name, !visited.contains(name) else { return }
            visited.insert(name)
            guard let target = context.document.components.schemas[context.componentKey(name)] else {
                context.warn(pointer, "unresolvable $ref \(reference.absoluteString) in allOf: left out")
                return
            }
            collectProperties(of: target, pointer: Pointer.schema(name), into: &merged, visited: &visited)
        case .object(_, let object):
            for (key, property) in object.properties {
                let propertyPointer = pointer + "/properties/" + Pointer.escape(key)
                if let index = merged.firstIndex(where: { $0.key == key }) {
                    merged[index].required = merged[index].required || property.required
                    if !property.isFragment || merged[index].schema.isFragment { merged[index].schema = property }
                } else {
                    merged.append(MergedProperty(key: key, schema: property, required: property.required, pointer: propertyPointer))
                }
            }
        case .all(of: let members, core: _):
            for (index, member) in members.enumerated() {
                collectProperties(of: member, pointer: pointer + "/allOf/\(index)", into: &merged, visited: &visited)
            }
        case .one, .any:
            context.warn(pointer, "a oneOf/anyOf inside allOf is not merged: its properties are left out")
        case .fragment, .null, .boolean, .number, .integer, .string, .array, .not:
            break
        }
    }

    /// The schema's `default` as a value of `type`, when the type takes one.
    private func defaultLiteral(_ schema: JSONSchema, type: TypeRef) -> LiteralValue? {
        guard let value = schema.defaultValue?.value else { return nil }
        switch (type, value) {
        case (.named("Bool"), let flag as Bool):
            return .bool(flag)
        case (.named("Int"), let number as Int), (.named("Int64"), let number as Int), (.named("Int32"), let number as Int):
            return .integer(number)
        case (.named("Double"), let number as Double), (.named("Float"), let number as Double):
            return .number(number)
        case (.named("Double"), let number as Int), (.named("Float"), let number as Int):
            return .integer(number)
        case (.named("String"), let text as String):
            return .string(text)
        case (.named(let name), let text as String) where !["Date", "JSONValue", "String"].contains(name):
            guard !Self.stringValues(schema).isEmpty else { return nil }
            return .enumValue(type: name, rawValue: text)
        default:
            return nil
        }
    }

    // MARK: Enums

    func stringEnum(name: String, values: [String], doc: String?) -> StringEnumDecl {
        var cases: [StringEnumDecl.EnumCase] = []
        let members: Set<String> = ["rawValue", "init", "hashValue", "description", "allCases"]
        var used = UniqueNames(members)
        for value in values {
            let name = value.isEmpty ? "empty" : Naming.memberName(value)
            let caseName = used.claim(members.contains(name) ? name + "Value" : name)
            cases.append(StringEnumDecl.EnumCase(name: Naming.escaped(caseName), value: value))
        }
        return StringEnumDecl(name: name, doc: doc, cases: cases)
    }

    func oneOf(name: String, schema: JSONSchema, members: [JSONSchema], pointer: String, scope: NameScope) -> OneOfDecl {
        var decl = OneOfDecl(name: name, doc: Self.doc(schema), cases: [])
        var innerScope = scope
        if innerScope.enclosing.last != name { innerScope.enclosing.append(name) }
        var used = UniqueNames()
        var caseForComponent: [String: String] = [:]
        // Each member's case: members of one Swift type share the first one's case (two
        // `additionalProperties` objects are one `dictionary`, not `dictionary` and a `dictionary2` never decoded).
        var memberCases: [String] = []
        var caseForType: [TypeRef: String] = [:]
        for (index, member) in members.enumerated() {
            let type = typeRef(
                for: member, suggested: Self.memberTypeName(member, index: index), pointer: pointer + "/\(index)",
                nested: &decl.nested, scope: &innerScope)
            let caseName: String
            if let same = caseForType[type.nonOptional] {
                caseName = same
            } else {
                caseName = used.claim(Self.caseName(for: member, type: type))
                caseForType[type.nonOptional] = caseName
                decl.cases.append(OneOfDecl.Case(name: Naming.escaped(caseName), type: type.nonOptional, keys: propertyKeys(of: member, depth: 0)))
            }
            memberCases.append(caseName)
            if let component = TranslationContext.referencedName(member) { caseForComponent[component] = caseName }
        }
        if let discriminator = schema.discriminator {
            var mapping: [(value: String, caseName: String)] = []
            if let explicit = discriminator.mapping {
                for (value, target) in explicit {
                    let component = target.split(separator: "/").last.map(String.init) ?? target
                    if let caseName = caseForComponent[component] ?? caseForComponent[target] {
                        mapping.append((value, Naming.escaped(caseName)))
                    }
                }
            } else {
                for member in members {
                    if let component = TranslationContext.referencedName(member), let caseName = caseForComponent[component] {
                        mapping.append((component, Naming.escaped(caseName)))
                    }
                }
            }
            if !mapping.isEmpty {
                decl.discriminator = OneOfDecl.Discriminator(property: discriminator.propertyName, mapping: mapping)
            }
        } else {
            decl.discriminator = impliedDiscriminator(members, caseNames: memberCases.map(Naming.escaped))
        }
        return decl
    }

    /// The discriminator the members imply when the document names none: the property that the most
    /// members (two at least) restrict to string values no other member allows (Adyen's payment
    /// methods, `type: [scheme]`, `type: [ach]`). Without it the first member that decodes wins, and
    /// a member whose properties are all optional decodes every object.
    func impliedDiscriminator(_ members: [JSONSchema], caseNames: [String]) -> OneOfDecl.Discriminator? {
        var entries: [String: [(value: String, caseName: String)]] = [:]
        var order: [String] = []
        for (member, caseName) in zip(members, caseNames) {
            for (property, values) in enumProperties(of: member, depth: 0) {
                if entries[property] == nil { order.append(property) }
                entries[property, default: []].append(contentsOf: values.map { ($0, caseName) })
            }
        }
        var best: OneOfDecl.Discriminator?
        var bestCount = 1
        for property in order {
            guard let mapping = entries[property] else { continue }
            let values = mapping.map(\.value)
            let count = Set(mapping.map(\.caseName)).count
            guard Set(values).count == values.count, count > bestCount else { continue }
            best = OneOfDecl.Discriminator(property: property, mapping: mapping)
            bestCount = count
        }
        return best
    }

    /// The keys of a member's properties, its `allOf` parts' included, each once.
    private func propertyKeys(of member: JSONSchema, depth: Int) -> [String] {
        guard depth < 4, let resolved = context.resolve(member) else { return [] }
        switch resolved.value {
        case .object(_, let object):
            return object.properties.keys
        case .all(of: let parts, core: _):
            var seen: Set<String> = []
            return parts.flatMap { propertyKeys(of: $0, depth: depth &+ 1) }.filter { seen.insert($0).inserted }
        default:
            return []
        }
    }

    /// A member's properties that allow only listed strings, each once, with those strings.
    private func enumProperties(of member: JSONSchema, depth: Int) -> [(property: String, values: [String])] {
        guard depth < 4, let resolved = context.resolve(member) else { return [] }
        switch resolved.value {
        case .object(_, let object):
            return object.properties.compactMap { key, schema in
                let values = Self.stringValues(context.resolve(schema) ?? schema)
                return values.isEmpty ? nil : (key, values)
            }
        case .all(of: let parts, core: _):
            var seen: Set<String> = []
            return parts.flatMap { enumProperties(of: $0, depth: depth &+ 1) }.filter { seen.insert($0.property).inserted }
        default:
            return []
        }
    }

    private static func memberTypeName(_ member: JSONSchema, index: Int) -> String {
        if let title = member.title, !title.isEmpty { return Naming.typeName(title) }
        switch member.value {
        case .object, .all: return "Variant\(index &+ 1)"
        case .string: return "StringValue"
        default: return "Variant\(index &+ 1)"
        }
    }

    private static func caseName(for member: JSONSchema, type: TypeRef) -> String {
        switch type.nonOptional {
        case .named("String"): return "string"
        case .named("Int"), .named("Int32"), .named("Int64"): return "integer"
        case .named("Double"), .named("Float"): return "number"
        case .named("Bool"): return "bool"
        case .named("Date"): return "date"
        case .named("JSONValue"): return "json"
        case .named(let name): return Naming.memberName(name.split(separator: ".").last.map(String.init) ?? name)
        case .orEmpty: return Naming.memberName(type.nonOptional.unqualified)
        case .array(let element):
            switch element.nonOptional {
            case .named, .orEmpty: return Naming.memberName(element.nonOptional.unqualified) + "List"
            default: return "list"
            }
        case .dictionary: return "dictionary"
        case .optional, .nullable: return "value"
        }
    }

    // MARK: Helpers

    /// Whether a schema is a `oneOf`/`anyOf` with a `null` member.
    static func isNullableUnion(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case .one(of: let members, core: _), .any(of: let members, core: _): return members.contains { $0.isNull }
        default: return false
        }
    }

    /// The string values of an `enum` (non-string values are ignored).
    static func stringValues(_ schema: JSONSchema) -> [String] {
        guard let allowed = schema.allowedValues else { return [] }
        var seen: Set<String> = []
        var values: [String] = []
        for value in allowed {
            guard let text = value.value as? String, !seen.contains(text) else { continue }
            seen.insert(text)
            values.append(text)
        }
        return values
    }

    /// Whether a schema only documents (a fragment with no type, no properties).
    static func isDocumentationOnly(_ schema: JSONSchema) -> Bool {
        if case .fragment = schema.value { return stringValues(schema).isEmpty }
        return false
    }

    /// `items` → `Item`, `labels` → `Label`.
    static func itemName(_ name: String) -> String {
        if name.hasSuffix("ies"), name.count > 3 { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("ses") || name.hasSuffix("xes") { return String(name.dropLast(2)) }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 1 { return String(name.dropLast()) }
        return name + "Item"
    }

    /// The doc comment of a schema: its description, else its title.
    static func doc(_ schema: JSONSchema) -> String? {
        if let description = schema.description, !description.isEmpty { return description }
        if let title = schema.title, !title.isEmpty { return title }
        return nil
    }
}

extension JSONSchema.Schema {
    /// Whether this is a `oneOf` (rather than an `anyOf`).
    var isOneOf: Bool {
        if case .one = self { return true }
        return false
    }
}
