/// The render layer's entry: the declarations into files of at most `maximumLines` lines
/// (a declaration longer than that gets a file of its own), in a fixed order.
struct FileRenderer {
    let api: APIDecl
    let maximumLines: Int

    private var access: String { api.access == .public ? "public " : "" }

    /// The files of the one module, or, when the models have a module of their own, the
    /// endpoints' module's files and the models' module's.
    func modules() -> (files: [GeneratedFile], modelFiles: [GeneratedFile]) {
        // A union of an integer and a `Double` keeps a number's form through `JSONValue`.
        let keepsNumbers = TypeWalker.contains(api.models + api.webhookNested + api.operations.flatMap(\.nested)) { decl in
            if case .oneOf(let oneOf) = decl { return ModelRenderer.keepsNumbers(oneOf) }
            return false
        }
        let apiRenderer = APIRenderer(
            api: api, usesJSONValue: uses("JSONValue") || keepsNumbers, usesIndirect: usesIndirect, usesOrEmpty: uses("OrEmpty"),
            usesNullable: usesNullable)
        var files: [GeneratedFile] = []
        var modelFiles: [GeneratedFile] = []
        let split = api.modelsModule != nil
        files.append(GeneratedFile(path: "\(api.protocolName).swift", contents: apiRenderer.protocolFile(withCoding: !split)))
        if split {
            modelFiles.append(GeneratedFile(path: "\(api.name)Coding.swift", contents: apiRenderer.codingFile()))
        }
        if let support = apiRenderer.supportFile() {
            modelFiles.append(GeneratedFile(path: "\(api.name)Support.swift", contents: support))
        }

        let models = ModelRenderer(access: access, apiName: api.name)
        let modelBlocks: [(String, [String])] = api.models.sorted { $0.name < $1.name }.map { decl in
            var writer = CodeWriter()
            models.render(decl, into: &writer)
            return (decl.name, writer.lines)
        }
        modelFiles += pack(modelBlocks, folder: "Models", base: "Models", imports: ["Foundation"])

        let operations = OperationRenderer(access: access, api: api)
        var groups: [String: [OperationDecl]] = [:]
        for operation in api.operations { groups[Naming.typeName(operation.group), default: []].append(operation) }
        for group in groups.keys.sorted() {
            let blocks: [(String, [String])] = (groups[group] ?? []).sorted { $0.name < $1.name }.map { decl in
                var writer = CodeWriter()
                operations.render(decl, into: &writer)
                return (decl.name, writer.lines)
            }
            files += pack(blocks, folder: "Operations", base: group, imports: ["Bricks", "Foundation"] + api.modelsImport)
        }
        if !api.webhooks.isEmpty {
            files += pack(
                [(api.name + "Webhook", webhookLines(models: models))], folder: "Webhooks", base: api.name + "Webhook",
                imports: ["Foundation"] + api.modelsImport)
        }
        if let modelsModule = api.modelsModule {
            files.append(GeneratedFile(path: "\(modelsModule)Names.swift", contents: apiRenderer.namesFile(module: modelsModule, modelNames: modelBlocks.map(\.0))))
        } else {
            // One module: the protocol file, the support file, the models, the endpoints.
            files.insert(contentsOf: modelFiles, at: 1)
            modelFiles = []
        }
        func finished(_ files: [GeneratedFile]) -> [GeneratedFile] {
            Self.uniqueFileNames(files).map { file in
                var file = file
                file.contents = Self.nonisolated(file.contents)
                return file
            }
        }
        return (finished(files), finished(modelFiles))
    }

    /// Every top-level type, protocol and extension marked `nonisolated`: in an app target whose
    /// default isolation is the main actor (`.defaultIsolation(MainActor.self)`) the models would
    /// otherwise be main-actor types, decoded on the main actor only, and their conformances to
    /// `Codable`, `Sendable` and the bricks isolated ones that a `Session` off the main actor
    /// cannot use. In any other target the word changes nothing.
    static func nonisolated(_ text: String) -> String {
        let starts = ["struct ", "enum ", "indirect enum ", "extension ", "protocol ", "final class ", "class "]
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            let line = lines[index]
            guard let first = line.first, first.isLetter else { continue }
            for access in ["public ", ""] where line.hasPrefix(access) {
                let rest = line.dropFirst(access.count)
                if starts.contains(where: { rest.hasPrefix($0) }) {
                    lines[index] = access + "nonisolated " + rest
                    break
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The files with names no other file of the output has (SwiftPM refuses two files of one
    /// target with the same name, in any folder; compared without case, as macOS does): a tag
    /// named `models` writes `Operations/ModelsOperations.swift` beside `Models/Models.swift`.
    static func uniqueFileNames(_ files: [GeneratedFile]) -> [GeneratedFile] {
        var taken = UniqueNames(ignoringCase: true)
        return files.map { file in
            var file = file
            let slash = file.path.lastIndex(of: "/")
            let folder = slash.map { String(file.path[...$0]) } ?? ""
            let base = String(file.path.dropFirst(folder.count).dropLast(".swift".count))
            let name = taken.claim(base, suffix: .word(folder == "Operations/" ? "Operations" : "Files"))
            file.path = folder + name + ".swift"
            return file
        }
    }

    /// The enum of the webhooks: a case per webhook, its payload decoded from an incoming request's body.
    private func webhookLines(models: ModelRenderer) -> [String] {
        var writer = CodeWriter()
        let name = api.name + "Webhook"
        writer.doc(
            "The webhooks \(api.title) sends: an incoming request's body decoded by the webhook's name in the document.\n\n"
                + "```swift\nguard let webhook = try \(name)(name: \"\(api.webhooks[0].key)\", body: body) else { return }\n"
                + "switch webhook {\ncase .\(ModelRenderer.unescaped(api.webhooks[0].caseName))(let payload): print(payload)\n"
                + (api.webhooks.count > 1 ? "default: break\n" : "") + "}\n```")
        writer.block("\(access)enum \(name): Swift.Hashable, Swift.Sendable") { writer in
            for webhook in api.webhooks {
                writer.doc((webhook.doc ?? "") + (webhook.doc == nil ? "" : "\n\n") + "`\(webhook.key)`.")
                writer.line("case \(webhook.caseName)(\(webhook.payload.swift))")
            }
            for decl in api.webhookNested {
                writer.line("")
                models.render(decl, into: &writer)
            }
            writer.line("")
            writer.doc(
                "The webhook `name` (as the document names it) read from the JSON `body` of the request; nil for a name the "
                    + "document does not have.\n- Throws: `DecodingError` when the body is not the webhook's payload.")
            writer.block("\(access)init?(name: Swift.String, body: Foundation.Data) throws") { writer in
                writer.line("switch name {")
                for webhook in api.webhooks {
                    writer.line("case \(CodeWriter.stringLiteral(webhook.key)):")
                    writer.line("    self = try .\(webhook.caseName)(\(api.name)Coding.decoder.decode(\(webhook.payload.swift).self, from: body))")
                }
                writer.line("default:")
                writer.line("    return nil")
                writer.line("}")
            }
            writer.line("")
            writer.doc("The names of the webhooks, as the document writes them.")
            let names = api.webhooks.map { CodeWriter.stringLiteral($0.key) }.joined(separator: ", ")
            writer.line("\(access)static let names: [Swift.String] = [\(names)]")
        }
        return writer.lines
    }

    private func uses(_ name: String) -> Bool {
        api.webhooks.contains { $0.payload.mentions(name) } || api.webhookNested.contains { $0.mentions(name) }
            || api.models.contains { $0.mentions(name) } || api.operations.contains { operation in
            operation.nested.contains { $0.mentions(name) } || operation.parameters.contains { $0.type.mentions(name) }
                || operation.mentionsInBodyOrResponse(name)
        }
    }

    /// Whether a type only sent has an optional nullable member (`T??`, see `RequestNulls`).
    private var usesNullable: Bool {
        TypeWalker.contains(api.models + api.operations.flatMap(\.nested)) { decl in
            decl.layout.types.contains { if case .optional(.nullable) = $0 { true } else { false } }
        }
    }

    private var usesIndirect: Bool {
        api.webhookNested.contains { $0.hasIndirect } || api.models.contains { $0.hasIndirect } || api.operations.contains { $0.nested.contains { $0.hasIndirect } }
    }

    /// Blocks packed in order into files `base.swift`, `base2.swift`….
    private func pack(_ blocks: [(String, [String])], folder: String, base: String, imports: [String]) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        var current: [String] = []
        func flush() {
            guard !current.isEmpty else { return }
            var head = ["// Generated by bricks-openapi from \(CodeWriter.commentLine(api.title)) \(CodeWriter.commentLine(api.version)). Do not edit: generate again.", ""]
            head += imports.map { "import \($0)" }
            if imports.contains("Bricks") {
                head += ["#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif"]
            }
            let name = files.isEmpty ? base : base + String(files.count &+ 1)
            files.append(GeneratedFile(path: "\(folder)/\(name).swift", contents: (head + current).joined(separator: "\n") + "\n"))
            current = []
        }
        for (_, lines) in blocks {
            if !current.isEmpty, current.count &+ lines.count &+ 9 > maximumLines { flush() }
            current.append("")
            current += lines
        }
        flush()
        return files
    }
}

extension TypeRef {
    /// Whether the type is, or holds, the type named `name` (`OrEmpty` for the generic one).
    func mentions(_ name: String) -> Bool {
        switch self {
        case .named(let named): return named == name
        case .orEmpty(let value): return name == "OrEmpty" || value.mentions(name)
        case .nullable(let value): return value.mentions(name)
        case .array(let inner), .dictionary(let inner), .optional(let inner): return inner.mentions(name)
        }
    }
}

extension TypeDecl {
    /// Whether the declaration, or one nested in it, stores a type that mentions `name`.
    func mentions(_ name: String) -> Bool {
        TypeWalker.contains([self]) { decl in decl.layout.types.contains { $0.mentions(name) } }
    }

    /// Whether the declaration, or one nested in it, stores a field in an `Indirect` box.
    var hasIndirect: Bool {
        TypeWalker.contains([self]) { decl in
            if case .fields(let fields) = decl.layout { return fields.contains(where: \.boxed) }
            return false
        }
    }
}

extension OperationDecl {
    func mentionsInBodyOrResponse(_ name: String) -> Bool {
        switch body {
        case .json(let type)?, .form(let type)?: if type.mentions(name) { return true }
        default: break
        }
        switch response {
        case .json(let type), .jsonLines(let type): return type.mentions(name)
        case .serverSentEvents(let type?): return type.mentions(name)
        default: return false
        }
    }
}
