/// Writes one request struct per operation.
struct OperationRenderer {
    let access: String
    let api: APIDecl

    func render(_ decl: OperationDecl, into writer: inout CodeWriter) {
        var doc = "`\(decl.method) \(decl.path)`"
        if let summary = decl.doc { doc += ": " + summary }
        writer.doc(doc)
        if decl.deprecated { writer.line("@available(*, deprecated, message: \"deprecated in the API description\")") }
        writer.block("\(access)struct \(decl.name): \(conformances(decl).joined(separator: ", "))") { writer in
            renderTypes(decl, into: &writer)
            renderStoredProperties(decl, into: &writer)
            if !access.isEmpty {
                writer.line("")
                renderInit(decl, into: &writer)
            }
            renderComputed(decl, into: &writer)
        }
    }

    private func conformances(_ decl: OperationDecl) -> [String] {
        var list = [api.protocolName]
        if ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"].contains(decl.method) {
            list.append("Bricks.\(decl.method)RequestType")
        }
        switch decl.body {
        case .json: list.append("Bricks.JSONBodyRequestType")
        case .form: list.append("Bricks.FormURLEncodedBodyRequestType")
        case .multipart: list.append("Bricks.MultipartFormBodyRequestType")
        case .data: list.append("Bricks.DataBodyRequestType")
        case nil: break
        }
        switch decl.pagination {
        case .linkHeader: list.append("Bricks.LinkHeaderPaginatedRequestType")
        case .cursor: list.append("Bricks.CursorPaginatedRequestType")
        case .bodyLink: list.append("Bricks.BodyLinkPaginatedRequestType")
        case nil: break
        }
        switch decl.response {
        case .json: list.append("Bricks.JSONResponseType")
        case .empty: list.append("Bricks.EmptyResponseType")
        case .data: list.append("Bricks.DataResponseType")
        case .string: list.append("Bricks.StringResponseType")
        case .serverSentEvents: list.append("Bricks.ServerSentEventsResponseType")
        case .jsonLines: list.append("Bricks.JSONLinesResponseType")
        }
        // Said, since a public struct is not `Sendable` by inference outside its module: Session's
        // overload for `Sendable` endpoints decodes the reply away from the caller's actor.
        list.append("Swift.Sendable")
        return list
    }

    private func renderTypes(_ decl: OperationDecl, into writer: inout CodeWriter) {
        switch decl.response {
        case .json(let type) where type != .named("Response"):
            writer.line("\(access)typealias Response = \(type.swift)")
        case .serverSentEvents(let type) where type != .named("Event"):
            writer.line("\(access)typealias Event = \(type?.swift ?? "Bricks.ServerSentEvent")")
        case .jsonLines(let type) where type != .named("Event"):
            writer.line("\(access)typealias Event = \(type.swift)")
        default:
            break
        }
        let models = ModelRenderer(access: access, apiName: api.name)
        for nested in decl.nested {
            writer.line("")
            models.render(nested, into: &writer)
        }
        if !decl.nested.isEmpty { writer.line("") }
    }

    private func storedProperties(_ decl: OperationDecl) -> [PropertyDecl] {
        var properties: [PropertyDecl] = decl.parameters.map { parameter in
            PropertyDecl(name: parameter.name, key: parameter.key, type: parameter.type, doc: parameter.doc, deprecated: parameter.deprecated)
        }
        switch decl.body {
        case .json(let type), .form(let type):
            properties.append(PropertyDecl(name: "body", key: "body", type: type, doc: "The request body."))
        case .multipart:
            properties.append(PropertyDecl(name: "parts", key: "parts", type: .array(.named("MultipartFormPart")), doc: "The parts of the multipart form."))
        case .data:
            properties.append(PropertyDecl(name: "body", key: "body", type: .named("Data"), doc: "The request body."))
        case nil:
            break
        }
        switch decl.pagination {
        case .linkHeader:
            properties.append(PropertyDecl(name: "pageLink", key: "pageLink", type: .optional(.string), doc: "The page to fetch, from the previous page's `Link` header; `nil` for the first."))
        case .cursor:
            properties.append(PropertyDecl(name: "cursor", key: "cursor", type: .optional(.string), doc: "Where the page starts, from the previous page; `nil` for the first."))
        case .bodyLink:
            properties.append(PropertyDecl(name: "pageLink", key: "pageLink", type: .optional(.string), doc: "The page to fetch, from the previous page's next link; `nil` for the first."))
        case nil:
            break
        }
        return properties
    }

    private func renderStoredProperties(_ decl: OperationDecl, into writer: inout CodeWriter) {
        for property in storedProperties(decl) {
            writer.doc(ModelRenderer.propertyDoc(property))
            let keyword = property.type.isOptional ? "var" : "let"
            let suffix = property.type.isOptional ? " = nil" : ""
            writer.line("\(access)\(keyword) \(property.name): \(property.type.swift)\(suffix)")
        }
    }

    private func renderInit(_ decl: OperationDecl, into writer: inout CodeWriter) {
        ModelRenderer(access: access, apiName: api.name).renderMemberwiseInit(storedProperties(decl), into: &writer)
    }

    private func renderComputed(_ decl: OperationDecl, into writer: inout CodeWriter) {
        if !["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"].contains(decl.method) {
            writer.line("")
            writer.line("\(access)var method: Bricks.HTTPMethod { .\(decl.method.lowercased()) }")
        }
        if !decl.segments.isEmpty {
            writer.line("")
            let parts = decl.segments.map { Self.segmentExpression($0, apiName: api.name) }
            let single = "\(access)var pathSegments: [Swift.String] { [\(parts.joined(separator: ", "))] }"
            if single.count <= 110 {
                writer.line(single)
            } else {
                writer.block("\(access)var pathSegments: [Swift.String]") { writer in
                    writer.line("[")
                    for part in parts { writer.line("    " + part + ",") }
                    writer.line("]")
                }
            }
        }
        let query = decl.parameters.filter { $0.location == .query }
        let plain = query.filter { !$0.encoding.isEncoded }
        let structured = query.filter { $0.encoding.isEncoded }
        if !plain.isEmpty {
            writer.line("")
            writer.block("\(access)var queryItems: [Foundation.URLQueryItem]") { writer in
                writer.line("var items: [Foundation.URLQueryItem] = []")
                for parameter in plain { renderQueryItem(parameter, into: &writer) }
                writer.line("return items")
            }
        }
        if !structured.isEmpty {
            writer.line("")
            writer.block("\(access)func encodedQueryItems() throws -> [Foundation.URLQueryItem]") { writer in
                if structured.contains(where: { $0.encoding != .jsonText }) {
                    writer.line("let encoder = Bricks.QueryEncoder(arrayEncoding: .indexed)")
                }
                writer.line("var items: [Foundation.URLQueryItem] = []")
                for parameter in structured {
                    let key = CodeWriter.stringLiteral(parameter.key)
                    unwrapping(parameter, into: &writer) { value, writer in
                        switch parameter.encoding {
                        case .jsonText:
                            let json = "Swift.String(decoding: \(api.name)Coding.encoder.encode(\(value)), as: Swift.UTF8.self)"
                            writer.line("try items.append(Foundation.URLQueryItem(name: \(key), value: \(json)))")
                        case .joinedObject(let separator):
                            let joined = "encoder.encode(\(value)).flatMap { [$0.name, $0.value ?? \"\"] }"
                                + ".joined(separator: \(CodeWriter.stringLiteral(separator)))"
                            writer.line("try items.append(Foundation.URLQueryItem(name: \(key), value: \(joined)))")
                        default:
                            writer.line("items += try encoder.encode([\(key): \(value)])")
                        }
                    }
                }
                writer.line("return items")
            }
        }
        let headers = decl.parameters.filter { $0.location == .header }
        let cookies = decl.parameters.filter { $0.location == .cookie }
        if !headers.isEmpty || !cookies.isEmpty {
            writer.line("")
            writer.block("\(access)var additionalHeaderFields: [Swift.String: Swift.String]") { writer in
                writer.line("var fields: [Swift.String: Swift.String] = [:]")
                for parameter in headers {
                    let key = CodeWriter.stringLiteral(parameter.key)
                    unwrapping(parameter, into: &writer) { value, writer in
                        writer.line("fields[\(key)] = \(Self.styledText(of: value, parameter, apiName: api.name))")
                    }
                }
                if !cookies.isEmpty { renderCookies(cookies, into: &writer) }
                writer.line("return fields")
            }
        }
        switch decl.body {
        case .form:
            writer.line("")
            writer.line("/// Nested values as `key[inner]=value`, lists as `key[0]=value` (a list of objects as `key[0][inner]=value`).")
            writer.line("\(access)var formEncoder: Bricks.QueryEncoder { Bricks.QueryEncoder(arrayEncoding: .indexed) }")
        case .data(let contentType) where contentType != "application/octet-stream":
            writer.line("")
            writer.line("\(access)var contentType: Swift.String? { \(CodeWriter.stringLiteral(contentType)) }")
        default:
            break
        }
        if case .cursor(let parameter, let nextCursor) = decl.pagination {
            writer.line("")
            writer.line("\(access)var cursorParameter: Swift.String { \(CodeWriter.stringLiteral(parameter)) }")
            writer.line("\(access)func nextCursor(in response: Response) -> Swift.String? { \(Self.expression(nextCursor)) }")
        }
        if case .bodyLink(let property) = decl.pagination {
            writer.line("")
            writer.line("\(access)func nextPageLink(in response: Response) -> Swift.String? { response.\(property) }")
        }
        if case .serverSentEvents(let type?) = decl.response {
            writer.line("")
            writer.block("\(access)func event(from event: Bricks.ServerSentEvent) throws -> \(type.swift)?") { writer in
                writer.line("try \(api.name)Coding.decoder.decode(\(type.swift).self, from: Foundation.Data(event.data.utf8))")
            }
        }
    }

    /// The cookie parameters, `name=value` each, joined with `; ` into one `Cookie` header; each
    /// value percent-encoded where a cookie cannot hold it as it is (`<Name>Coding.cookieValue`).
    private func renderCookies(_ cookies: [ParameterDecl], into writer: inout CodeWriter) {
        writer.line("var cookies: [Swift.String] = []")
        for parameter in cookies {
            unwrapping(parameter, into: &writer) { value, writer in
                let text = Self.styledText(of: value, parameter, apiName: api.name)
                let name = CodeWriter.stringLiteral(parameter.key + "=")
                if parameter.encoding == .jsonText {
                    // JSON text (`content`) is optional: written only when the value encodes, as in a header.
                    writer.line("if let text = (\(text)) { cookies.append(\(name) + \(api.name)Coding.cookieValue(text)) }")
                } else {
                    writer.line("cookies.append(\(name) + \(api.name)Coding.cookieValue(\(text)))")
                }
            }
        }
        writer.line("if !cookies.isEmpty { fields[\"Cookie\"] = cookies.joined(separator: \"; \") }")
    }

    /// A Swift expression on `response` for the next page's cursor.
    static func expression(_ nextCursor: NextCursor) -> String {
        switch nextCursor {
        case .property(let name):
            return "response.\(name)"
        case .lastItem(let hasMore, let hasMoreIsOptional, let list, let listIsOptional, let itemIsOptional, let identifier):
            let more = hasMoreIsOptional ? "response.\(hasMore) == true" : "response.\(hasMore)"
            var last = listIsOptional ? "response.\(list)?.last" : "response.\(list).last"
            // The last of `[Item?]` is an `Item??`: one level taken off.
            if itemIsOptional { last = "(\(last) ?? nil)" }
            return "\(more) ? \(last)?.\(identifier) : nil"
        }
    }

    /// Writes `body` with the parameter's value bound to a name, unwrapping an optional.
    private func unwrapping(_ parameter: ParameterDecl, into writer: inout CodeWriter, _ body: (String, inout CodeWriter) -> Void) {
        if parameter.type.isOptional {
            let bare = ModelRenderer.unescaped(parameter.name)
            let binding = bare == parameter.name ? "if let \(bare)" : "if let value = \(parameter.name)"
            let value = bare == parameter.name ? bare : "value"
            var inner = CodeWriter()
            body(value, &inner)
            let single = "\(binding) { \(inner.lines.first ?? "") }"
            if inner.lines.count == 1, single.count &+ 8 <= 120 {
                writer.line(single)
            } else {
                writer.block(binding) { writer in body(value, &writer) }
            }
        } else {
            body(parameter.name, &writer)
        }
    }

    private func renderQueryItem(_ parameter: ParameterDecl, into writer: inout CodeWriter) {
        let key = CodeWriter.stringLiteral(parameter.key)
        unwrapping(parameter, into: &writer) { value, writer in
            switch parameter.encoding {
            case .list(let kind, explode: true, separator: _):
                writer.line("items += \(value).map { Foundation.URLQueryItem(name: \(key), value: \(Self.scalarText("$0", kind, apiName: api.name))) }")
            default:
                writer.line("items.append(Foundation.URLQueryItem(name: \(key), value: \(Self.text(of: value, encoding: parameter.encoding, apiName: api.name))))")
            }
        }
    }

    /// A Swift expression for the text of `value`.
    static func text(of value: String, encoding: ParameterEncoding, apiName: String) -> String {
        switch encoding {
        case .scalar(let kind):
            return scalarText(value, kind, apiName: apiName)
        case .list(let kind, _, let separator):
            let element = scalarText("$0", kind, apiName: apiName)
            let mapped = element == "$0" ? value : "\(value).map { \(element) }"
            return "\(mapped).joined(separator: \(CodeWriter.stringLiteral(separator)))"
        case .members, .entries:
            return styledText(of: value, encoding: encoding, key: "", style: .simple, apiName: apiName)
        case .deepObject, .joinedObject:
            return "Swift.String(describing: \(value))"
        case .jsonText:
            return "(try? \(apiName)Coding.encoder.encode(\(value))).map { Swift.String(decoding: $0, as: Swift.UTF8.self) }"
        }
    }

    static func scalarText(_ value: String, _ kind: ScalarKind, apiName: String) -> String {
        switch kind {
        case .string: return value
        case .describable: return "Swift.String(\(value))"
        case .rawValue: return "\(value).rawValue"
        case .date: return "\(apiName)Coding.string(from: \(value))"
        case .json: return "Swift.String(describing: \(value))"
        }
    }

    /// A Swift expression for the text of a path or header parameter's `value`, as its style writes
    /// it (OpenAPI's `simple`, `label` and `matrix`, RFC 6570): a list `a,b` (`label` `.a,b`,
    /// exploded `.a.b`; `matrix` `;key=a,b`, exploded `;key=a;key=b`), an object's members
    /// `m,1,n,2` or, exploded, `m=1,n=2` (`label` `.m=1.n=2`, `matrix` `;m=1;n=2`).
    static func styledText(of value: String, _ parameter: ParameterDecl, apiName: String) -> String {
        styledText(of: value, encoding: parameter.encoding, key: parameter.key, style: parameter.pathStyle, apiName: apiName)
    }

    static func styledText(of value: String, encoding: ParameterEncoding, key: String, style: PathStyle, apiName: String) -> String {
        let prefix: String
        let explodedSeparator: String
        switch style {
        case .simple: (prefix, explodedSeparator) = ("", ",")
        case .label: (prefix, explodedSeparator) = (".", ".")
        case .matrix: (prefix, explodedSeparator) = (";", ";")
        }
        let named = style == .matrix ? key + "=" : ""
        /// `literal + expression`, leaving out an empty literal.
        func after(_ literal: String, _ expression: String) -> String {
            literal.isEmpty ? expression : "\(CodeWriter.stringLiteral(literal)) + \(expression)"
        }
        switch encoding {
        case .scalar(let kind):
            return after(prefix + named, scalarText(value, kind, apiName: apiName))
        case .list(let kind, let explode, _) where explode && style != .simple:
            let element = after(named, scalarText("$0", kind, apiName: apiName))
            let mapped = element == "$0" ? value : "\(value).map { \(element) }"
            return after(prefix, "\(mapped).joined(separator: \(CodeWriter.stringLiteral(explodedSeparator)))")
        case .list:
            return after(prefix + named, text(of: value, encoding: encoding, apiName: apiName))
        case .members(let members, let explode):
            let parts = members.map { member -> String in
                let label = member.key + (explode ? "=" : ",")
                if member.isOptional {
                    return "\(value).\(member.name).map { \(after(label, scalarText("$0", member.kind, apiName: apiName))) }"
                }
                return after(label, scalarText("\(value).\(member.name)", member.kind, apiName: apiName))
            }
            let list = members.contains(where: \.isOptional)
                ? "([\(parts.joined(separator: ", "))] as [Swift.String?]).compactMap { $0 }" : "[\(parts.joined(separator: ", "))]"
            let separator = CodeWriter.stringLiteral(explode ? explodedSeparator : ",")
            return after(explode ? prefix : prefix + named, "\(list).joined(separator: \(separator))")
        case .entries(let kind, let explode, let valuesAdmitNull):
            let label = "entry.key + \(CodeWriter.stringLiteral(explode ? "=" : ","))"
            let entries =
                valuesAdmitNull
                ? "compactMap { entry in entry.value.map { \(label) + \(scalarText("$0", kind, apiName: apiName)) } }"
                : "map { entry in \(label) + \(scalarText("entry.value", kind, apiName: apiName)) }"
            let separator = CodeWriter.stringLiteral(explode ? explodedSeparator : ",")
            return after(
                explode ? prefix : prefix + named, "\(value).sorted { $0.key < $1.key }.\(entries).joined(separator: \(separator))")
        case .deepObject, .joinedObject, .jsonText:
            return text(of: value, encoding: encoding, apiName: apiName)
        }
    }

    static func segmentExpression(_ pieces: [PathPiece], apiName: String) -> String {
        if pieces.count == 1, case .parameter(let name, let kind) = pieces[0] {
            return scalarText(name, kind, apiName: apiName)
        }
        if pieces.count == 1, case .styled(let parameter) = pieces[0] {
            return styledText(of: parameter.name, parameter, apiName: apiName)
        }
        var text = "\""
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                text += String(CodeWriter.stringLiteral(literal).dropFirst().dropLast())
            case .parameter(let name, let kind):
                text += "\\(" + scalarText(name, kind, apiName: apiName) + ")"
            case .styled(let parameter):
                text += "\\(" + styledText(of: parameter.name, parameter, apiName: apiName) + ")"
            }
        }
        return text + "\""
    }
}
