/// Writes model declarations: structs, string enums, one-of enums, aliases.
struct ModelRenderer {
    let access: String
    let apiName: String

    func render(_ decl: TypeDecl, into writer: inout CodeWriter) {
        switch decl {
        case .structure(let structure): render(structure, into: &writer)
        case .stringEnum(let stringEnum): render(stringEnum, into: &writer)
        case .oneOf(let oneOf): render(oneOf, into: &writer)
        case .alias(let alias):
            writer.doc(alias.doc)
            writer.line("\(access)typealias \(alias.name) = \(alias.target.swift)")
        }
    }

    /// A type's doc comment and declaration: the types nested in it first, then `body`.
    private func renderType(
        doc: String?, _ opening: String, nested: [TypeDecl], into writer: inout CodeWriter, _ body: (inout CodeWriter) -> Void
    ) {
        writer.doc(doc)
        writer.block(opening) { writer in
            for decl in nested {
                render(decl, into: &writer)
                writer.line("")
            }
            body(&writer)
        }
    }

    // MARK: Structs

    func render(_ decl: StructDecl, into writer: inout CodeWriter) {
        let conformances = decl.isError ? "Swift.Codable, Swift.Hashable, Swift.Sendable, Swift.Error" : "Swift.Codable, Swift.Hashable, Swift.Sendable"
        renderType(doc: decl.doc, "\(access)struct \(decl.name): \(conformances)", nested: decl.nested, into: &writer) { writer in
            for property in decl.properties {
                writer.doc(Self.propertyDoc(property))
                if property.indirect {
                    renderIndirect(property, into: &writer)
                } else {
                    writer.line(Self.storedProperty(property, access: access))
                }
            }
            // The coding below is written in the body, which takes away the memberwise initialiser
            // Swift would make: it is written out too.
            writer.line("")
            renderMemberwiseInit(decl.properties, into: &writer)
            writer.line("")
            renderCoding(decl.properties, pointer: decl.pointer, into: &writer)
        }
    }

    /// `init(from:)` and `encode(to:)` written out, together: every member read and written under
    /// its JSON name through the API's one key type (`GitHubCoding.Key`), the statements packed
    /// several to a line. What the compiler would derive instead is a key enum per model and a copy
    /// of the keyed containers' generic methods for each: on GitHub's output, more than half of a
    /// debug build's time and a fifth of its memory, an eighth of a release build's memory (see
    /// Benchmarks.md, "Compile cost").
    ///
    /// A member that does not decode is said in the document's words (`<Name>Coding.located`): the
    /// members are read through `<Name>Coding.Reader`, which holds the schema's place (a JSONPath
    /// an overlay can target) and catches the error in one place for every model; no line more per
    /// model (Stripe's output stays under its bound).
    private func renderCoding(_ properties: [PropertyDecl], pointer: String?, into writer: inout CodeWriter) {
        let keys = "\(apiName)Coding.Key.self"
        // A model without members still reads and writes an object (`{}`).
        let empty = properties.isEmpty
        writer.block("\(access)init(from decoder: any Swift.Decoder) throws") { writer in
            if empty {
                writer.line("_ = try decoder.container(keyedBy: \(keys))")
                return
            }
            let path = CodeWriter.stringLiteral(pointer.map(Pointer.jsonPath) ?? "$")
            writer.line("let c = try \(apiName)Coding.Reader(decoder, schema: \(path))")
            writer.packed(properties.map(Self.decodingStatement), separator: "; ", width: 108, prefix: "")
        }
        writer.block("\(access)func encode(to encoder: any Swift.Encoder) throws") { writer in
            writer.line("\(empty ? "_" : "var c") = encoder.container(keyedBy: \(keys))")
            writer.packed(properties.map(Self.encodingStatement), separator: "; ", width: 108, prefix: "")
        }
    }

    /// `name = try c.decode("json_name")`; a missing optional member is `nil`, a missing member
    /// with a default its default.
    static func decodingStatement(_ property: PropertyDecl) -> String {
        let key = CodeWriter.stringLiteral(property.key)
        var value = property.type.isOptional || property.defaultValue != nil
            ? "try c.decodeIfPresent(\(key))" : "try c.decode(\(key))"
        // `null` read as `.null`, so that a value read back is the value sent.
        if case .nullable = property.type.nonOptional { value = "try c.decodeIfContained(\(key))" }
        if let defaultValue = property.defaultValue { value += " ?? " + literal(defaultValue) }
        if property.indirect { value = "Indirect(wrappedValue: \(value))" }
        return member(codedName(property)) + " = " + value
    }

    /// `try c.encode(name, forKey: "json_name")`; a `nil` is left out, unless the member is
    /// required and nullable: then it is `null` (a required member is never left out).
    static func encodingStatement(_ property: PropertyDecl) -> String {
        let method = property.type.isOptional && !property.sendsNull ? "encodeIfPresent" : "encode"
        return "try c.\(method)(\(member(property.name)), forKey: \(CodeWriter.stringLiteral(property.key)))"
    }

    /// A property as the coding statements name it: `self.` only where the bare name would be the
    /// container, the decoder or encoder, or `self` itself.
    private static func member(_ name: String) -> String {
        ["c", "decoder", "encoder", "self"].contains(unescaped(name)) ? "self." + name : name
    }

    static func propertyDoc(_ property: PropertyDecl) -> String? {
        guard let doc = property.doc.map(OperationTranslator.firstParagraph) else {
            return property.deprecated ? "Deprecated." : nil
        }
        return property.deprecated ? doc + "\n\nDeprecated." : doc
    }

    static func storedProperty(_ property: PropertyDecl, access: String) -> String {
        var text = "\(access)var \(property.name): \(property.type.swift)"
        if let defaultValue = property.defaultValue { text += " = " + literal(defaultValue) }
        return text
    }

    /// The Swift spelling of a constant.
    static func literal(_ value: LiteralValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .number(let number): return String(number)
        case .string(let text): return CodeWriter.stringLiteral(text)
        case .enumValue(let type, let rawValue): return "\(type)(rawValue: \(CodeWriter.stringLiteral(rawValue)))"
        }
    }

    /// The name a property is stored, coded and hashed under: `_name` for an indirect one.
    static func codedName(_ property: PropertyDecl) -> String {
        property.indirect ? "_" + unescaped(property.name) : property.name
    }

    /// A property on the cycle of a recursive type: stored on the heap in a private `Indirect`,
    /// read and written through a computed property of the schema's name. (Not a property
    /// wrapper: Swift 6.3 refuses a wrapped property in a `nonisolated` type.)
    private func renderIndirect(_ property: PropertyDecl, into writer: inout CodeWriter) {
        let storage = Self.codedName(property)
        writer.block("\(access)var \(property.name): \(property.type.swift)") { writer in
            writer.line("get { \(storage).wrappedValue }")
            writer.line("set { \(storage).wrappedValue = newValue }")
        }
        let initial = property.defaultValue.map(Self.literal) ?? (property.type.isOptional ? "nil" : nil)
        writer.line("private var \(storage): Indirect<\(property.type.swift)>" + (initial.map { " = Indirect(wrappedValue: \($0))" } ?? ""))
    }

    func renderMemberwiseInit(_ properties: [PropertyDecl], into writer: inout CodeWriter) {
        // A parameter named `self` would hide `self` in the body: it gets an internal name.
        func local(_ property: PropertyDecl) -> String {
            Self.unescaped(property.name) == "self" ? "selfValue" : property.name
        }
        let parameters = properties.map { property -> String in
            let label = local(property) == property.name ? property.name : "\(property.name) \(local(property))"
            var text = "\(label): \(property.type.swift)"
            if let defaultValue = property.defaultValue {
                text += " = " + Self.literal(defaultValue)
            } else if property.type.isOptional {
                text += " = nil"
            }
            return text
        }
        let assignments = properties.map { property in
            property.indirect
                ? "self.\(Self.codedName(property)) = Indirect(wrappedValue: \(local(property)))"
                : "self.\(property.name) = \(local(property))"
        }
        let signature = "\(access)init(\(parameters.joined(separator: ", ")))"
        if signature.count &+ 8 <= 120 {
            writer.block(signature) { writer in assignments.forEach { writer.line($0) } }
            return
        }
        // Parameters packed into lines of at most about 110 characters.
        writer.line("\(access)init(")
        let pieces = parameters.enumerated().map { index, parameter in parameter + (index == parameters.count &- 1 ? "" : ",") }
        writer.packed(pieces, separator: " ", width: 104, prefix: "    ")
        writer.block(")") { writer in assignments.forEach { writer.line($0) } }
    }

    static func unescaped(_ name: String) -> String {
        name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    }

    // MARK: Enums

    func render(_ decl: StringEnumDecl, into writer: inout CodeWriter) {
        writer.doc(decl.doc)
        writer.block("\(access)struct \(decl.name): Swift.RawRepresentable, Swift.Codable, Swift.Hashable, Swift.Sendable") { writer in
            writer.line("\(access)var rawValue: Swift.String")
            writer.line("\(access)init(rawValue: Swift.String) { self.rawValue = rawValue }")
            let values = decl.cases.map { member in
                "\(member.name) = \(decl.name)(rawValue: \(CodeWriter.stringLiteral(member.value)))"
            }
            guard values.count > 6 else {
                for value in values { writer.line("\(access)static let \(value)") }
                return
            }
            // A long list of values: several to a line, as one `static let` declaration each.
            writer.packed(values, separator: ", ", width: 96, prefix: "\(access)static let ")
        }
    }

    /// Whether two members or more are objects with properties: then the first that decodes is not enough
    /// (a member whose properties are all optional decodes every object, and drops the others' keys).
    static func ranksMembers(_ decl: OneOfDecl) -> Bool {
        decl.cases.filter { !$0.keys.isEmpty }.count >= 2
    }

    /// The members tried by how many of the object's keys each declares, most first (document order among equals).
    private func renderRankedMembers(_ decl: OneOfDecl, into writer: inout CodeWriter) {
        writer.line("let present = Swift.Set(((try? decoder.container(keyedBy: \(apiName)Coding.Key.self))?.allKeys ?? []).map(\\.stringValue))")
        // Typed literals: an untyped list of `intersection` calls takes the type checker minutes (Adyen's 40 members).
        writer.line("let keys: [[Swift.String]] = [")
        for member in decl.cases {
            writer.line("    [" + member.keys.map(CodeWriter.stringLiteral).joined(separator: ", ") + "],")
        }
        writer.line("]")
        writer.line("let scores = keys.map { $0.filter(present.contains).count }")
        writer.block("for index in scores.indices.sorted(by: { (scores[$0], $1) > (scores[$1], $0) })") { writer in
            writer.block("switch index") { writer in
                for (index, member) in decl.cases.enumerated() {
                    writer.outdented("case \(index):")
                    writer.line("if \(Self.wholeNumberGuard(member, in: decl))let value = try? \(member.type.swift)(from: decoder) { self = .\(member.name)(value); return }")
                }
                writer.outdented("default:")
                writer.line("break")
            }
        }
    }

    func render(_ decl: OneOfDecl, into writer: inout CodeWriter) {
        let keyword = decl.isIndirect ? "indirect enum" : "enum"
        let literals = Self.literals(of: decl)
        let opening = "\(access)\(keyword) \(decl.name): Swift.Codable, Swift.Hashable, Swift.Sendable" + literals.map { ", " + $0.protocolName }.joined()
        renderType(doc: decl.doc, opening, nested: decl.nested, into: &writer) { writer in
            for member in decl.cases { writer.line("case \(member.name)(\(member.type.swift))") }
            writer.line("")
            writer.block("\(access)init(from decoder: any Swift.Decoder) throws") { writer in
                if let discriminator = decl.discriminator {
                    // A value that is not an object (the string case of OpenAI's `EvalItemContentItem`)
                    // has no discriminator: its case is found by trying them.
                    writer.block("if let container = try? decoder.container(keyedBy: \(apiName)Coding.Key.self)") { writer in
                        writer.block("switch try container.decodeIfPresent(Swift.String.self, forKey: \(CodeWriter.stringLiteral(discriminator.property)))") { writer in
                            for entry in discriminator.mapping {
                                guard let member = decl.cases.first(where: { $0.name == entry.caseName }) else { continue }
                                writer.outdented("case \(CodeWriter.stringLiteral(entry.value)):")
                                writer.line("self = .\(member.name)(try \(member.type.swift)(from: decoder))")
                                writer.line("return")
                            }
                            writer.outdented("default:")
                            writer.line("break")
                        }
                    }
                }
                if Self.ranksMembers(decl) {
                    renderRankedMembers(decl, into: &writer)
                } else {
                    for member in decl.cases {
                        writer.block("if \(Self.wholeNumberGuard(member, in: decl))let value = try? \(member.type.swift)(from: decoder)") { writer in
                            writer.line("self = .\(member.name)(value)")
                            writer.line("return")
                        }
                    }
                }
                writer.line("throw Swift.DecodingError.dataCorrupted(")
                writer.line("    Swift.DecodingError.Context(codingPath: decoder.codingPath, debugDescription: \"no case of \(decl.name) matches\"))")
            }
            writer.line("")
            writer.block("\(access)func encode(to encoder: any Swift.Encoder) throws") { writer in
                writer.block("switch self") { writer in
                    for member in decl.cases {
                        let value = Self.keepsNumbers(decl) && member.type == .double ? "JSONValue.number(value)" : "value"
                        writer.outdented("case .\(member.name)(let value): try \(value).encode(to: encoder)")
                    }
                }
            }
            for literal in literals {
                writer.line("")
                writer.line("/// `.\(Self.unescaped(literal.caseName))(value)`, written as a literal.")
                writer.line("\(access)init(\(literal.label) value: \(literal.type)) { self = .\(literal.caseName)(value) }")
            }
        }
    }

    /// Whether a union has an integer case and a `Double` one (ChromaDB's metadata value): it keeps
    /// a number's form as `JSONValue` does, `2.0` sent and read as the `Double`, `2` as the integer.
    static func keepsNumbers(_ decl: OneOfDecl) -> Bool {
        decl.cases.contains { $0.type == .double }
            && decl.cases.contains { [TypeRef.int, .named("Int32"), .named("Int64")].contains($0.type) }
    }

    /// `!JSONValue.isWrittenAsFloat(decoder.codingPath), ` before the integer case of such a union.
    private static func wholeNumberGuard(_ member: OneOfDecl.Case, in decl: OneOfDecl) -> String {
        guard keepsNumbers(decl), [TypeRef.int, .named("Int32"), .named("Int64")].contains(member.type) else { return "" }
        return "!JSONValue.isWrittenAsFloat(decoder.codingPath), "
    }

    /// A literal a one-of enum is written as: the protocol, the initialiser's label, the type and the case.
    struct Literal {
        var protocolName: String
        var label: String
        var type: String
        var caseName: String
    }

    /// The literals of a union of values (two kinds of scalar or more, as ChromaDB's metadata value:
    /// `["n": 1, "kind": "x"]`), each for the one case of its kind: not of an id-or-object union
    /// (Stripe's expandable fields), which would pay a conformance each for little.
    static func literals(of decl: OneOfDecl) -> [Literal] {
        let kinds: [(protocolName: String, label: String, types: Set<String>)] = [
            ("Swift.ExpressibleByStringLiteral", "stringLiteral", ["String"]),
            ("Swift.ExpressibleByIntegerLiteral", "integerLiteral", ["Int", "Int32", "Int64"]),
            ("Swift.ExpressibleByFloatLiteral", "floatLiteral", ["Double", "Float"]),
            ("Swift.ExpressibleByBooleanLiteral", "booleanLiteral", ["Bool"]),
        ]
        let literals = kinds.compactMap { kind -> Literal? in
            let matching = decl.cases.filter { member in
                if case .named(let name) = member.type { return kind.types.contains(name) }
                return false
            }
            guard matching.count == 1, let member = matching.first else { return nil }
            return Literal(protocolName: kind.protocolName, label: kind.label, type: member.type.swift, caseName: member.name)
        }
        return literals.count >= 2 ? literals : []
    }
}
