import Foundation

/// What a generated fake answers from and checks against, read from the document for the
/// operations the generator wrote: per operation its method, path template, Swift name, the reply
/// of each status the document declares (its example, else a value built from its schema by
/// ``FakeValues``) and what a request must hold (parameters, body, credentials), with the
/// schemas those name, trimmed to what a check reads.
///
/// Written into the generated `<Name>Fake.swift` as JSON text (one string literal for the table,
/// one per distinct reply body), read once when the fake is first used: string literals cost the
/// compiler next to nothing, whatever the size of the document.
struct FakeTable {
    let document: FakeDocument
    let api: APIDecl

    /// The table as JSON text, the distinct reply bodies it refers to by index, and how many
    /// operations' success replies came from an example of the document.
    struct Output {
        var table: String
        var replies: [String]
        var fromExamples: Int
        var fromSchemas: Int
    }

    private static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// The members of a schema a request check reads; the rest (descriptions, examples…) is left out.
    private static let checkedKeys: Set<String> = [
        "type", "enum", "const", "required", "format", "nullable", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "minLength", "maxLength", "minItems", "maxItems", "readOnly", "writeOnly", "pattern", "multipleOf", "uniqueItems",
    ]

    func render() -> Output {
        var replies: [String] = []
        var replyIndex: [String: Int] = [:]
        var fromExamples = 0
        var fromSchemas = 0
        var schemaQueue: [String] = []
        var schemaSeen: Set<String> = []
        var operations: [DocumentValue] = []
        let values = FakeValues(document: document)
        let paths = document.root.object?["paths"]?.object ?? DocumentObject()

        func reply(_ text: String) -> Int {
            if let index = replyIndex[text] { return index }
            replies.append(text)
            replyIndex[text] = replies.count &- 1
            return replies.count &- 1
        }
        func trim(_ schema: DocumentValue, depth: Int = 0) -> DocumentValue {
            if let reference = schema.object?["$ref"]?.string {
                let prefix = "#/components/schemas/"
                if reference.hasPrefix(prefix) {
                    let name = String(reference.dropFirst(prefix.count))
                    if schemaSeen.insert(name).inserted { schemaQueue.append(name) }
                    return .object(DocumentObject(members: [.init(key: "$ref", value: .string(name))]))
                }
                return depth > 8 ? .object(DocumentObject()) : trim(document.resolve(schema), depth: depth &+ 1)
            }
            guard let object = schema.object else { return .object(DocumentObject()) }
            var result = DocumentObject()
            for member in object.members {
                switch member.key {
                case let key where Self.checkedKeys.contains(key):
                    result[key] = member.value
                case "properties":
                    guard case .object(let properties) = member.value else { continue }
                    result["properties"] = .object(DocumentObject(members: properties.members.map { .init(key: $0.key, value: trim($0.value, depth: depth)) }))
                case "items":
                    result["items"] = trim(member.value, depth: depth)
                case "additionalProperties":
                    result["additionalProperties"] = member.value.object == nil ? member.value : trim(member.value, depth: depth)
                case "oneOf", "anyOf", "allOf":
                    guard case .array(let parts) = member.value else { continue }
                    result[member.key] = .array(parts.map { trim($0, depth: depth) })
                default:
                    continue
                }
            }
            return .object(result)
        }

        let generated = Dictionary(api.operations.map { ("\($0.method.uppercased()) \($0.path)", $0) }, uniquingKeysWith: { first, _ in first })
        for pathMember in paths.members {
            guard let pathItem = document.resolve(pathMember.value).object else { continue }
            for method in Self.methods {
                guard let operation = pathItem[method]?.object,
                    let decl = generated["\(method.uppercased()) \(pathMember.key)"]
                else { continue }
                var entry = DocumentObject()
                entry["n"] = .string(decl.name)
                entry["m"] = .string(method.uppercased())
                entry["p"] = .string(pathMember.key)
                // The parameters: the path item's, replaced by the operation's of the same name and place.
                var parameters: [String: DocumentObject] = [:]
                var order: [String] = []
                for list in [pathItem["parameters"], operation["parameters"]] {
                    guard case .array(let items)? = list else { continue }
                    for item in items {
                        guard let parameter = document.resolve(item).object, let name = parameter["name"]?.string,
                            let place = parameter["in"]?.string
                        else { continue }
                        let key = place + " " + name
                        if parameters[key] == nil { order.append(key) }
                        parameters[key] = parameter
                    }
                }
                entry["q"] = .array(order.compactMap { key in
                    guard let parameter = parameters[key] else { return nil }
                    var checked = DocumentObject()
                    checked["n"] = parameter["name"]
                    checked["i"] = parameter["in"]
                    checked["r"] = .bool(parameter["in"]?.string == "path" || parameter["required"] == .bool(true))
                    if let schema = parameter["schema"] { checked["s"] = trim(schema) }
                    if let explode = parameter["explode"] { checked["e"] = explode }
                    if let style = parameter["style"] { checked["y"] = style }
                    return .object(checked)
                })
                if let body = operation["requestBody"].map(document.resolve)?.object {
                    var checked = DocumentObject()
                    checked["r"] = .bool(body["required"] == .bool(true))
                    let content = body["content"]?.object ?? DocumentObject()
                    checked["t"] = .array(content.keys.map { .string($0) })
                    if let json = content.members.first(where: { Self.isJSON($0.key) }), let schema = document.resolve(json.value).object?["schema"] {
                        checked["s"] = trim(schema)
                    }
                    // A form's or a multipart body's fields are checked against their own schema.
                    let forms = ["application/x-www-form-urlencoded", "multipart/form-data"]
                    if let form = content.members.first(where: { forms.contains($0.key.lowercased()) }),
                        let schema = document.resolve(form.value).object?["schema"]
                    {
                        checked["f"] = trim(schema)
                    }
                    entry["b"] = .object(checked)
                }
                if let security = security(of: operation) { entry["a"] = security }
                let (success, answers, fromExample) = responses(of: operation, decl: decl, values: values, reply: reply)
                entry["s"] = .string(success)
                entry["r"] = .object(answers)
                if fromExample { fromExamples &+= 1 } else { fromSchemas &+= 1 }
                operations.append(.object(entry))
            }
        }
        var schemas = DocumentObject()
        var next = 0
        while next < schemaQueue.count {
            let name = schemaQueue[next]
            next &+= 1
            let schema = document.root.object?["components"]?.object?["schemas"]?.object?[name] ?? .object(DocumentObject())
            schemas[name] = trim(schema)
        }
        var table = DocumentObject()
        table["o"] = .array(operations)
        table["s"] = .object(schemas)
        return Output(table: DocumentValue.object(table).jsonText, replies: replies, fromExamples: fromExamples, fromSchemas: fromSchemas)
    }

    /// The status the fake answers by default (the success reply the generated type reads, as
    /// the translator chooses it), and each declared reply: its body's index in the replies, its
    /// media type, its headers that have an example, and whether the body is the document's example.
    private func responses(
        of operation: DocumentObject, decl: OperationDecl, values: FakeValues, reply: (String) -> Int
    ) -> (String, DocumentObject, Bool) {
        let responses = operation["responses"]?.object ?? DocumentObject()
        var success = "200"
        var best = Int.max
        for key in responses.keys {
            let rank: Int
            if let code = Int(key), (200..<300).contains(code) {
                rank = code
            } else if key.uppercased() == "2XX" {
                rank = 299
            } else {
                continue
            }
            if rank < best {
                best = rank
                success = key
            }
        }
        if best == Int.max, responses["default"] != nil { success = "default" }
        var answers = DocumentObject()
        var successFromExample = false
        for member in responses.members {
            guard let response = document.resolve(member.value).object else { continue }
            var answer = DocumentObject()
            let content = response["content"]?.object ?? DocumentObject()
            let isSuccess = member.key == success
            // The media type the generated type reads: JSON first, as the translator picks it.
            let media = content.members.first { Self.isJSON($0.key) } ?? content.members.first
            if let media {
                answer["t"] = .string(media.key)
                let (body, fromExample) = self.body(of: media, decl: isSuccess ? decl : nil, values: values)
                if let body { answer["b"] = .number(String(reply(body))) }
                if isSuccess { successFromExample = fromExample }
                if fromExample { answer["x"] = .bool(true) }
            } else if isSuccess {
                successFromExample = true
            }
            if case .object(let headers)? = response["headers"] {
                var filled = DocumentObject()
                for header in headers.members where header.key.lowercased() != "content-type" {
                    guard let object = document.resolve(header.value).object, let value = example(of: object) ?? object["schema"].flatMap({ example(of: document.resolve($0).object ?? DocumentObject()) })
                    else { continue }
                    switch value {
                    case .string(let text): filled[header.key] = .string(text)
                    case .number(let text): filled[header.key] = .string(text)
                    case .bool(let flag): filled[header.key] = .string(flag ? "true" : "false")
                    default: continue
                    }
                }
                if !filled.members.isEmpty { answer["h"] = .object(filled) }
            }
            answers[member.key] = .object(answer)
        }
        return (success, answers, successFromExample)
    }

    /// The body of one media type: its example, else the first of its examples, else a value of
    /// its schema; written as the generated type reads it (JSON, a stream of events or lines, text).
    private func body(of media: DocumentObject.Member, decl: OperationDecl?, values: FakeValues) -> (String?, Bool) {
        let content = document.resolve(media.value).object ?? DocumentObject()
        var value = example(of: content)
        // An example that does not fit its schema would not decode: a value of the schema instead.
        if let given = value, let schema = content["schema"], !FakeExampleCheck(document: document).fits(given, schema) { value = nil }
        let fromExample = value != nil
        if value == nil {
            if let schema = content["schema"] ?? content["itemSchema"] {
                value = values.value(for: schema, name: "text")
            } else if Self.isJSON(media.key) {
                value = .object(DocumentObject())
            }
        }
        guard let value else { return (nil, fromExample) }
        switch decl?.response {
        case .serverSentEvents?:
            let events: [DocumentValue]
            if case .array(let items) = value { events = items } else { events = [value] }
            return (events.map { "data: " + ($0.string ?? $0.jsonText) + "\n\n" }.joined(), fromExample)
        case .jsonLines?:
            let lines: [DocumentValue]
            if case .array(let items) = value { lines = items } else { lines = [value] }
            return (lines.map { $0.jsonText + "\n" }.joined(), fromExample)
        case .string?, .data?:
            return (value.string ?? value.jsonText, fromExample)
        case .empty?:
            return (nil, fromExample)
        case .json?, nil:
            if !Self.isJSON(media.key), let text = value.string { return (text, fromExample) }
            return (value.jsonText, fromExample)
        }
    }

    /// The `example`, or the first of the `examples` (inline or a `$ref` to `components/examples`),
    /// of a media type, parameter or header; `nil` when it has none or names an external value only.
    private func example(of object: DocumentObject) -> DocumentValue? {
        if let example = object["example"] { return example }
        switch object["examples"] {
        case .object(let examples)?:
            for member in examples.members {
                if let value = document.resolve(member.value).object?["value"] { return value }
            }
        case .array(let examples)?:
            return examples.first
        default:
            break
        }
        return nil
    }

    /// The credentials the operation requires: a list of alternatives, each the places that must
    /// all be there (`{"i": "header", "n": "Authorization"}`); `nil` when none is required.
    private func security(of operation: DocumentObject) -> DocumentValue? {
        guard case .array(let requirements)? = operation["security"] ?? document.root.object?["security"], !requirements.isEmpty else { return nil }
        let schemes = document.root.object?["components"]?.object?["securitySchemes"]?.object ?? DocumentObject()
        var alternatives: [DocumentValue] = []
        for requirement in requirements {
            guard let names = requirement.object?.keys else { continue }
            var places: [DocumentValue] = []
            for name in names {
                guard let scheme = schemes[name].map(document.resolve)?.object else { continue }
                var place = DocumentObject()
                switch scheme["type"]?.string {
                case "apiKey":
                    guard let location = scheme["in"]?.string, let key = scheme["name"]?.string else { continue }
                    place["i"] = .string(location)
                    place["n"] = .string(key)
                case "http", "oauth2", "openIdConnect":
                    place["i"] = .string("header")
                    place["n"] = .string("Authorization")
                default:
                    continue
                }
                place["k"] = .string(name)
                places.append(.object(place))
            }
            // An empty requirement (`{}`) makes the credentials optional.
            if places.isEmpty { return nil }
            alternatives.append(.array(places))
        }
        return alternatives.isEmpty ? nil : .array(alternatives)
    }

    static func isJSON(_ media: String) -> Bool {
        let text = media.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return text == "application/json" || (text.hasPrefix("application/") && text.hasSuffix("+json"))
    }
}
