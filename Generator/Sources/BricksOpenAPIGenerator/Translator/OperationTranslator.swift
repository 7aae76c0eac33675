import Foundation
import OpenAPIKit

/// Why an operation was not generated.
struct SkipReason: Error {
    var pointer: String
    var message: String
}

/// Translates one operation into a request struct.
struct OperationTranslator {
    let context: TranslationContext
    var schemas: SchemaTranslator { SchemaTranslator(context: context) }

    /// Properties a request struct inherits from the bricks: a parameter may not take these names.
    static let reservedMembers: Set<String> = [
        "method", "baseURL", "path", "pathSegments", "queryItems", "encodedQueryItems", "headerFields",
        "additionalHeaderFields", "secretHeaderNames", "contentType", "timeoutInterval", "cachePolicy", "httpBody",
        "streamedBody", "body", "encoder", "decoder", "formEncoder", "queryEncoder", "formItems", "parts", "fileURL",
        "pageLink", "cursor", "cursorParameter", "nextCursor", "acceptableStatusCodes", "maximumResponseSize",
        "reconnection", "maximumLineLength", "defaultEncoding", "makeURLRequest", "nextRequest",
    ]

    /// The locals of the generated code that reads a place's parameters (`queryItems` and
    /// `encodedQueryItems()`: `items`; `additionalHeaderFields`: `fields`, `cookies`): a parameter of
    /// that place may not take them (a query parameter named `fields` may).
    static func locals(of location: ParameterLocation) -> Set<String> {
        switch location {
        case .query: return ["items"]
        case .header, .cookie: return ["fields", "cookies"]
        case .path: return []
        }
    }

    /// The request struct for `operation`.
    /// - Throws: ``SkipReason`` for an operation that cannot be generated.
    func translate(
        name: String, path: OpenAPI.Path, method: OpenAPI.HttpMethod, pathItem: OpenAPI.PathItem,
        operation: OpenAPI.Operation
    ) throws(SkipReason) -> OperationDecl {
        let pathString = path.rawValue
        let pointer = Pointer.operation(path: pathString, method: method.rawValue.lowercased())
        var scope = NameScope(enclosing: [name])
        var nested: [TypeDecl] = []
        var parameters: [ParameterDecl] = []
        var usedNames = UniqueNames(Self.reservedMembers)

        // Parameters: the path item's, overridden by the operation's of the same name and place.
        var resolved: [(parameter: OpenAPI.Parameter, pointer: String)] = []
        for (index, either) in pathItem.parameters.enumerated() {
            resolved.append((try resolve(either, pointer: Pointer.make(["paths", pathString, "parameters", String(index)])), ""))
        }
        for (index, either) in operation.parameters.enumerated() {
            let parameterPointer = pointer + "/parameters/\(index)"
            let parameter = try resolve(either, pointer: parameterPointer)
            resolved.removeAll { $0.parameter.name == parameter.name && $0.parameter.location == parameter.location }
            resolved.append((parameter, parameterPointer))
        }
        for (parameter, parameterPointer) in resolved {
            // What the parameter declares, taken back if it is left out.
            let before = (nested: nested, scope: scope, usedNames: usedNames, sharing: context.sharingMark)
            do {
                if let decl = try translateParameter(
                    parameter, pointer: parameterPointer.isEmpty ? pointer : parameterPointer, usedNames: &usedNames,
                    nested: &nested, scope: &scope)
                {
                    parameters.append(decl)
                }
            } catch where !parameter.required && parameter.location != .path {
                // The operation works without an optional parameter it cannot write: left out, said.
                (nested, scope, usedNames) = (before.nested, before.scope, before.usedNames)
                context.rollBack(to: before.sharing)
                context.warn(error.pointer, "parameter left out (it is optional): " + error.message)
            }
        }

        // The path, piece by piece.
        var segments: [[PathPiece]] = []
        for component in path.components where !component.isEmpty {
            segments.append(try pieces(of: component, parameters: parameters, pointer: pointer))
        }
        // `/flows/` is not `/flows`: a server that routes on the slash answers the other with a
        // redirect (FastAPI: 307, the body sent twice). An empty last segment keeps it.
        if !segments.isEmpty, path.trailingSlash { segments.append([]) }

        var body: BodyDecl?
        if method == .get || method == .head {
            if let requestBody = operation.requestBody, !isEmptyBody(requestBody) {
                context.warn(pointer + "/requestBody", "a \(method.rawValue.uppercased()) request carries no body in Bricks: the body is not generated")
            }
        } else {
            body = try translateBody(operation.requestBody, pointer: pointer + "/requestBody", nested: &nested, scope: &scope)
        }
        // A reply to HEAD has no body, whatever the document declares (RFC 9110, 9.3.2).
        var (response, successResponse): (ResponseDecl, OpenAPI.Response?) = (.empty, nil)
        if method != .head {
            (response, successResponse) = try translateResponse(operation, pointer: pointer, nested: &nested, scope: &scope)
        }

        var decl = OperationDecl(
            name: name, operationId: operation.operationId, method: method.rawValue.uppercased(), path: pathString,
            doc: Self.doc(summary: operation.summary, description: operation.description),
            deprecated: operation.deprecated, group: operation.tags?.first ?? Self.group(of: path), segments: segments,
            parameters: parameters, body: body, response: response, pagination: nil, nested: nested)
        decl.pagination = pagination(for: &decl, success: successResponse, operation: operation)
        if !operation.callbacks.isEmpty {
            context.warn(pointer + "/callbacks", "callbacks are not generated: ignored")
        }
        return decl
    }

    private func resolve(
        _ either: Either<OpenAPI.Reference<OpenAPI.Parameter>, OpenAPI.Parameter>, pointer: String
    ) throws(SkipReason) -> OpenAPI.Parameter {
        guard let parameter = context.document.components[either] else {
            throw SkipReason(pointer: pointer, message: "unresolvable parameter $ref")
        }
        return parameter
    }

    // MARK: Parameters

    private func translateParameter(
        _ parameter: OpenAPI.Parameter, pointer: String, usedNames: inout UniqueNames, nested: inout [TypeDecl],
        scope: inout NameScope
    ) throws(SkipReason) -> ParameterDecl? {
        let location: ParameterLocation
        switch parameter.location {
        case .path: location = .path
        case .query: location = .query
        case .header:
            let lowered = parameter.name.lowercased()
            if lowered == "accept" || lowered == "content-type" || lowered == "authorization" { return nil }
            location = .header
        case .cookie: location = .cookie
        case .querystring:
            throw SkipReason(pointer: pointer, message: "`in: querystring` parameters are not supported")
        }
        let schema: JSONSchema
        let schemaContext: OpenAPI.Parameter.SchemaContext?
        var schemaPointer = pointer + "/schema"
        switch parameter.schemaOrContent {
        case .a(let context):
            schemaContext = context
            switch context.schema {
            case .a(let reference): schema = .reference(reference.jsonReference)
            case .b(let inline): schema = inline
            }
        case .b(let content):
            // `content` (one media type) instead of `schema`: the value written as JSON text.
            guard location != .path else {
                throw SkipReason(pointer: pointer, message: "path parameter `\(parameter.name)` uses `content`: a path segment cannot hold JSON")
            }
            let contents = context.contents(content)
            guard let (contentType, media) = contents.first(where: { Self.isJSON($0.key) }) ?? contents.first,
                let mediaSchema = media.schema
            else {
                throw SkipReason(pointer: pointer, message: "parameter `\(parameter.name)` has `content` without a schema")
            }
            if !Self.isJSON(contentType) {
                context.warn(pointer + "/content", "parameter `\(parameter.name)` is described as \(contentType.rawValue): written as JSON text")
            }
            schemaContext = nil
            schema = mediaSchema
            schemaPointer = pointer + "/content/" + Pointer.escape(contentType.rawValue) + "/schema"
        }
        var base = Naming.memberName(parameter.name)
        if usedNames.contains(base) || Self.locals(of: location).contains(base) { base += "Parameter" }
        let memberName = usedNames.claim(base)

        var type = schemas.typeRef(
            for: schema, suggested: Naming.typeName(parameter.name), pointer: schemaPointer, nested: &nested,
            scope: &scope)
        let required = location == .path || parameter.required
        if !required { type = type.optional }
        // A `$ref` to a component that admits null (an alias of an optional, `AlertNumber = Int?`)
        // is read as the value it wraps, optional unless required: a parameter with no value is
        // left out, whatever its schema says of null.
        var hops = 0
        while case .named(let name) = type.nonOptional, let target = aliases[name], target.isOptional, hops < 16 {
            type = required ? target.nonOptional : target
            hops &+= 1
        }

        let encoding: ParameterEncoding
        guard let schemaContext else {
            return ParameterDecl(
                name: Naming.escaped(memberName), key: parameter.name, location: location, type: type, encoding: .jsonText,
                doc: parameter.description.map { Self.firstParagraph($0) }, deprecated: parameter.deprecated)
        }
        let style = schemaContext.style
        let explode = schemaContext.explode
        var pathStyle = PathStyle.simple
        if location == .path {
            switch style {
            case .simple: break
            case .label: pathStyle = .label
            case .matrix: pathStyle = .matrix
            default:
                context.warn(
                    pointer + "/style",
                    "path parameter `\(parameter.name)` has `style: \(style.rawValue)`, which OpenAPI defines for queries: written as `simple`")
            }
        }
        // The delimited styles are a query's; anywhere else a list is joined with commas.
        let separator: String
        switch style {
        case .spaceDelimited where location == .query: separator = " "
        case .pipeDelimited where location == .query: separator = "|"
        default: separator = ","
        }
        if style == .deepObject {
            guard location == .query else {
                throw SkipReason(pointer: pointer, message: "`deepObject` is only defined for query parameters")
            }
            encoding = .deepObject
        } else if let kind = scalarKind(type.nonOptional, nested: nested) {
            encoding = .scalar(kind)
        } else if case .array(let element) = type.nonOptional, let kind = scalarKind(element, nested: nested) {
            // A header's or cookie's list is `a,b` exploded or not; a path's differs only for `label` and `matrix`.
            encoding = .list(kind, explode: Self.explodes(location, explode), separator: separator)
        } else if let shape = objectShape(type.nonOptional, nested: nested) {
            switch (location, shape) {
            case (.query, _):
                // Exploded (`form`'s default), the members are named inside brackets (`name[a]=1`), as
                // a `deepObject`: how OpenAI's document means its filters, where OpenAPI's table has
                // the bare members (`a=1`), which a server cannot tell from the other parameters.
                encoding = explode ? .deepObject : .joinedObject(separator: separator)
            case (_, .members(let members)):
                encoding = .members(members, explode: Self.explodes(location, explode))
            case (_, .entries(let kind, let valuesAdmitNull)):
                encoding = .entries(kind, explode: Self.explodes(location, explode), valuesAdmitNull: valuesAdmitNull)
            case (_, .notFlat(let member)):
                throw SkipReason(
                    pointer: pointer,
                    message: "\(location.rawValue) parameter `\(parameter.name)` is an object whose \(member): OpenAPI's styles "
                        + "write an object in a \(location.rawValue) only when its members are single values")
            }
        } else if location == .query {
            encoding = .deepObject
        } else if isScalarUnion(schema) {
            // `oneOf: [integer, string]` in a path or header: the text itself.
            type = required ? .string : .optional(.string)
            encoding = .scalar(.string)
        } else if case .array(let element) = type.nonOptional {
            let items = singleValue(element, nested: nested) != nil ? "whose items admit null" : "of lists or objects"
            throw SkipReason(
                pointer: pointer,
                message: "\(location.rawValue) parameter `\(parameter.name)` is a list \(items): OpenAPI's styles "
                    + "write a list in a \(location.rawValue) only when its items are single values")
        } else {
            throw SkipReason(
                pointer: pointer, message: "\(location.rawValue) parameter `\(parameter.name)` is neither a value, a list of values nor an object")
        }
        // A path segment always has a value: a path parameter whose schema admits null is not optional.
        if location == .path { type = type.nonOptional }
        return ParameterDecl(
            name: Naming.escaped(memberName), key: parameter.name, location: location, type: type, encoding: encoding,
            doc: parameter.description.map { Self.firstParagraph($0) }, deprecated: parameter.deprecated, pathStyle: pathStyle)
    }

    /// Whether a list or object is written exploded: as declared, but in a cookie never (`form`'s
    /// exploded list, `a=1&a=2`, is not a cookie's text; a cookie holds `name=a,b`).
    private static func explodes(_ location: ParameterLocation, _ explode: Bool) -> Bool {
        location != .cookie && explode
    }

    /// What an object parameter holds, for writing it in a path, header or query.
    private enum ObjectShape {
        /// A struct whose members are all single values.
        case members([MemberText])
        /// A `[String: value]` of single values (`valuesAdmitNull`: `[String: Int?]`).
        case entries(ScalarKind, valuesAdmitNull: Bool)
        /// A struct or dictionary with a member that is a list or an object: which, in words.
        case notFlat(String)
    }

    /// The shape of `type` when it is a struct or a dictionary (aliases followed).
    private func objectShape(_ type: TypeRef, nested: [TypeDecl]) -> ObjectShape? {
        var type = type
        var hops = 0
        while case .named(let name) = type, let target = aliases[name], hops < 16 {
            type = target.nonOptional
            hops &+= 1
        }
        if case .dictionary(let value) = type {
            guard let single = singleValue(value, nested: nested) else { return .notFlat("values are lists or objects") }
            return .entries(single.kind, valuesAdmitNull: single.admitsNull)
        }
        guard case .named(let name) = type, let structure = structure(named: name, nested: nested) else { return nil }
        var members: [MemberText] = []
        for property in structure.properties {
            guard let single = singleValue(property.type, nested: structure.nested + nested) else {
                return .notFlat("member `\(property.key)` is a list or an object")
            }
            members.append(MemberText(name: property.name, key: property.key, kind: single.kind, isOptional: single.admitsNull))
        }
        return .members(members)
    }

    /// How `type` is written as one value, and whether it may be absent: optional itself, or an
    /// alias of an optional (`N = Int?`), followed through aliases; `nil` for a list or an object.
    private func singleValue(_ type: TypeRef, nested: [TypeDecl]) -> (kind: ScalarKind, admitsNull: Bool)? {
        var type = type
        var admitsNull = type.isOptional
        var hops = 0
        while case .named(let name) = type.nonOptional, let target = aliases[name], hops < 16 {
            admitsNull = admitsNull || target.isOptional
            type = target
            hops &+= 1
        }
        return scalarKind(type.nonOptional, nested: nested).map { ($0, admitsNull) }
    }

    /// Whether a schema is a `oneOf`/`anyOf` of scalars only.
    private func isScalarUnion(_ schema: JSONSchema) -> Bool {
        guard let resolved = context.resolve(schema) else { return false }
        switch resolved.value {
        case .one(of: let members, core: _), .any(of: let members, core: _):
            return members.allSatisfy { member in
                guard let inner = context.resolve(member) else { return false }
                switch inner.value {
                case .string, .integer, .number, .boolean, .null: return true
                default: return false
                }
            }
        default:
            return false
        }
    }

    /// How a type is written as text, when it is a scalar.
    func scalarKind(_ type: TypeRef, nested: [TypeDecl]) -> ScalarKind? {
        var type = type
        var hops = 0
        while case .named(let name) = type, let target = aliases[name], hops < 16 {
            type = target
            hops &+= 1
        }
        guard case .named(let name) = type else { return nil }
        switch name {
        case "String": return .string
        case "Int", "Int32", "Int64", "Double", "Float", "Bool": return .describable
        case "Date": return .date
        case "JSONValue": return nil
        default:
            let isEnum = enumNames.contains(name) || nested.contains(where: { $0.name == name && $0.isStringEnum })
                || context.inlineDeclarations[name]?.isStringEnum == true
            return isEnum ? .rawValue : nil
        }
    }

    /// Component aliases by Swift name (filled by the API translator).
    var aliases: [String: TypeRef] = [:]

    /// Names of the string enums declared so far (filled by the API translator).
    var enumNames: Set<String> = []

    private func pieces(of component: String, parameters: [ParameterDecl], pointer: String) throws(SkipReason) -> [PathPiece] {
        var result: [PathPiece] = []
        var rest = Substring(component)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { result.append(.literal(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw SkipReason(pointer: pointer, message: "the path has an unclosed `{`")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let parameter = parameters.first(where: { $0.location == .path && $0.key == name }) else {
                throw SkipReason(pointer: pointer, message: "the path names `{\(name)}` but no path parameter declares it")
            }
            if case .scalar(let kind) = parameter.encoding, parameter.pathStyle == .simple {
                result.append(.parameter(name: parameter.name, kind: kind))
            } else {
                result.append(.styled(parameter))
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { result.append(.literal(String(rest))) }
        return result
    }

    // MARK: Body

    private func translateBody(
        _ either: Either<OpenAPI.Reference<OpenAPI.Request>, OpenAPI.Request>?, pointer: String, nested: inout [TypeDecl],
        scope: inout NameScope
    ) throws(SkipReason) -> BodyDecl? {
        guard let either else { return nil }
        guard let request = context.document.components[either] else {
            throw SkipReason(pointer: pointer, message: "unresolvable requestBody $ref")
        }
        let contents = context.contents(request.content)
        guard !contents.isEmpty, !isEmptyBody(either) else { return nil }
        func schemaType(_ content: OpenAPI.Content, _ type: OpenAPI.ContentType) -> TypeRef {
            guard let schema = content.schema else {
                context.usesJSONValue = true
                return .json
            }
            return schemas.typeRef(
                for: schema, suggested: "Body",
                pointer: pointer + "/content/" + Pointer.escape(type.rawValue) + "/schema", nested: &nested, scope: &scope)
        }
        if let (type, content) = contents.first(where: { Self.isJSON($0.key) }) {
            return .json(schemaType(content, type).nonOptional)
        }
        if let (type, content) = contents.first(where: { $0.key.typeAndSubtype == "application/x-www-form-urlencoded" }) {
            let bodyType = schemaType(content, type).nonOptional
            if bodyType.nonOptional == .json || (bodyType.inlineName == nil && !isDictionary(bodyType) && !isOrEmpty(bodyType)) {
                throw SkipReason(pointer: pointer, message: "a form body must be an object")
            }
            return .form(bodyType)
        }
        if contents.contains(where: { $0.key.typeAndSubtype == "multipart/form-data" }) {
            return .multipart
        }
        let first = contents[0].key.typeAndSubtype
        return .data(contentType: first.contains("*") ? "application/octet-stream" : first)
    }

    /// Whether a request body holds nothing: an object schema without properties (Stripe's GETs).
    private func isEmptyBody(_ either: Either<OpenAPI.Reference<OpenAPI.Request>, OpenAPI.Request>) -> Bool {
        guard let request = context.document.components[either] else { return false }
        return context.contents(request.content).allSatisfy { _, content in
            guard let schema = content.schema, let resolved = context.resolve(schema) else { return content.schema == nil }
            if case .object(_, let object) = resolved.value {
                return object.properties.isEmpty && (object.additionalProperties == nil || object.additionalProperties?.a == false)
            }
            return false
        }
    }

    private func isDictionary(_ type: TypeRef) -> Bool {
        if case .dictionary = type.nonOptional { return true }
        return false
    }

    /// Whether a type is `OrEmpty<…>`, which a form body may be (a value of its own, or "").
    private func isOrEmpty(_ type: TypeRef) -> Bool {
        if case .orEmpty = type.nonOptional { return true }
        return false
    }

    // MARK: Response

    private func translateResponse(
        _ operation: OpenAPI.Operation, pointer: String, nested: inout [TypeDecl], scope: inout NameScope
    ) throws(SkipReason) -> (ResponseDecl, OpenAPI.Response?) {
        var chosen: (status: String, either: Either<OpenAPI.Reference<OpenAPI.Response>, OpenAPI.Response>)?
        var best = Int.max
        for (status, either) in operation.responses {
            let rank: Int
            switch status.value {
            case .status(let code) where (200..<300).contains(code): rank = code
            case .range(.success): rank = 299
            default: continue
            }
            if rank < best {
                best = rank
                chosen = (status.rawValue, either)
            }
        }
        if chosen == nil, let fallback = operation.responses.first(where: { $0.key.value == .default }) {
            chosen = ("default", fallback.value)
        }
        guard let chosen else { return (.empty, nil) }
        let responsePointer = pointer + "/responses/" + chosen.status
        guard let response = context.document.components[chosen.either] else {
            throw SkipReason(pointer: responsePointer, message: "unresolvable response $ref")
        }
        // A 204 or 205 has no body, whatever the document declares (RFC 9110, 15.3.5 and 15.3.6;
        // Label Studio's 204s declare JSON): its content is ignored, the reply is `Void`.
        if chosen.status == "204" || chosen.status == "205" { return (.empty, response) }
        let contents = context.contents(response.content)
        // A reply that declares no content still has a body: its bytes are kept (`Data`; the
        // content type is in the head `Session.response(for:)` returns).
        guard !contents.isEmpty else { return (.data, response) }
        // A server that sends another media type than its document declares: text, by configuration.
        if let id = operation.operationId, context.configuration.textReplies?.contains(id) == true {
            return (.string, response)
        }
        func schemaType(_ content: OpenAPI.Content, _ type: OpenAPI.ContentType, suggested: String) -> TypeRef {
            guard let schema = content.schema ?? content.itemSchema else {
                context.usesJSONValue = true
                return .json
            }
            return schemas.typeRef(
                for: schema, suggested: suggested,
                pointer: responsePointer + "/content/" + Pointer.escape(type.rawValue) + "/schema", nested: &nested,
                scope: &scope)
        }
        if let (type, content) = contents.first(where: { Self.isJSON($0.key) }) {
            // A server whose replies contradict its document: read as JSONValue, by configuration.
            if let id = operation.operationId, context.configuration.untypedReplies?.contains(id) == true {
                context.usesJSONValue = true
                return (.json(.json), response)
            }
            var reply = schemaType(content, type, suggested: "Response")
            // A nullable inline reply: `typealias Response = Response?` would name itself.
            if case .optional(.named(let name)) = reply, name == "Response" || name.hasSuffix(".Response") { reply = reply.nonOptional }
            return (.json(reply), response)
        }
        if let (type, content) = contents.first(where: { $0.key.typeAndSubtype == "text/event-stream" }) {
            if content.schema == nil && content.itemSchema == nil { return (.serverSentEvents(nil), response) }
            var event = schemaType(content, type, suggested: "Event")
            if case .array(let element) = event { event = element }
            if event == .string { return (.serverSentEvents(nil), response) }
            return (.serverSentEvents(event), response)
        }
        let lines: Set<String> = ["application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/json-seq"]
        if let (type, content) = contents.first(where: { lines.contains($0.key.typeAndSubtype) }) {
            var event = schemaType(content, type, suggested: "Event")
            if case .array(let element) = event { event = element }
            return (.jsonLines(event), response)
        }
        if contents.contains(where: { $0.key.typeAndSubtype.hasPrefix("text/") }) {
            return (.string, response)
        }
        return (.data, response)
    }

    static func isJSON(_ type: OpenAPI.ContentType) -> Bool {
        let text = type.typeAndSubtype.lowercased()
        return text == "application/json" || (text.hasPrefix("application/") && text.hasSuffix("+json"))
            || text == "*/*" && false
    }

    // MARK: Pagination

    private func pagination(for decl: inout OperationDecl, success: OpenAPI.Response?, operation: OpenAPI.Operation) -> PaginationDecl? {
        let queryKeys = Set(decl.parameters.filter { $0.location == .query }.map(\.key))
        for rule in context.configuration.pagination ?? [] {
            if let operations = rule.operations, !operations.contains(decl.operationId ?? "") { continue }
            switch rule.style {
            case .link:
                return .linkHeader
            case .cursor:
                let parameter = rule.cursorParameter ?? "cursor"
                guard let field = rule.nextCursor, case .json(let responseType) = decl.response,
                    let property = property(named: field, of: responseType, in: decl)
                else { continue }
                decl.parameters.removeAll { $0.location == .query && $0.key == parameter }
                return .cursor(parameter: parameter, nextCursor: .property(property.name))
            }
        }
        guard context.configuration.automaticPagination ?? true else { return nil }
        if queryKeys.contains("per_page"), queryKeys.contains("page"),
            let headers = success?.headers, headers.keys.contains(where: { $0.lowercased() == "link" })
        {
            return .linkHeader
        }
        if queryKeys.contains("starting_after"), case .json(let responseType) = decl.response,
            let hasMore = property(named: "has_more", of: responseType, in: decl),
            let data = property(named: "data", of: responseType, in: decl),
            case .array(let element) = data.type.nonOptional, let item = element.inlineName,
            let id = itemIdentifier(of: item), id.type.nonOptional == .string
        {
            decl.parameters.removeAll { $0.location == .query && $0.key == "starting_after" }
            return .cursor(
                parameter: "starting_after",
                nextCursor: .lastItem(
                    hasMore: hasMore.name, hasMoreIsOptional: hasMore.type.isOptional, list: data.name,
                    listIsOptional: data.type.isOptional, itemIsOptional: element.isOptional, identifier: id.name))
        }
        // Django REST framework's pages (`count`, `next`, `previous`, `results`): the next page's URL in the body.
        if decl.method == "GET", case .json(let responseType) = decl.response,
            let next = property(named: "next", of: responseType, in: decl), next.type.nonOptional == .string,
            let results = property(named: "results", of: responseType, in: decl), case .array = results.type.nonOptional
        {
            return .bodyLink(property: next.name)
        }
        return nil
    }

    /// A property of the reply's struct, nested in the operation or a component.
    private func property(named key: String, of type: TypeRef, in decl: OperationDecl) -> PropertyDecl? {
        guard case .named(let name) = type.nonOptional, let structure = structure(named: name, nested: decl.nested) else {
            return nil
        }
        return structure.properties.first { $0.key == key }
    }

    private func itemIdentifier(of name: String) -> PropertyDecl? {
        structure(named: name, nested: [])?.properties.first { $0.key == "id" }
    }

    private func structure(named name: String, nested: [TypeDecl]) -> StructDecl? {
        for decl in nested {
            if case .structure(let structure) = decl, structure.name == name { return structure }
        }
        if case .structure(let structure)? = context.inlineDeclarations[name] { return structure }
        return structures[name]
    }

    /// Component structs by Swift name (filled by the API translator).
    var structures: [String: StructDecl] = [:]

    /// The file an untagged operation goes to: its path's first segment that is not a version
    /// (`/v1/customers/{id}` → `customers`).
    static func group(of path: OpenAPI.Path) -> String {
        let version = /^v[0-9]+$/
        for component in path.components where !component.isEmpty && !component.contains("{") {
            if (try? version.wholeMatch(in: component)) != nil { continue }
            return component
        }
        return "Default"
    }

    // MARK: Docs

    static func doc(summary: String?, description: String?) -> String? {
        var parts: [String] = []
        if let summary, !summary.isEmpty { parts.append(summary) }
        if let description, !description.isEmpty {
            let paragraph = firstParagraph(description)
            if paragraph != summary { parts.append(paragraph) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// The first paragraph of a description.
    static func firstParagraph(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let range = trimmed.range(of: "\n\n") { return String(trimmed[..<range.lowerBound]) }
        return trimmed
    }
}
