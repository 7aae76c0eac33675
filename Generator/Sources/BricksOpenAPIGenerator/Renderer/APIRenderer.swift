/// Writes the API protocol, its coders, its credentials and the support types the models use.
struct APIRenderer {
    let api: APIDecl
    let usesJSONValue: Bool
    let usesIndirect: Bool
    let usesOrEmpty: Bool
    /// Whether a type only sent has an optional nullable member (`T??`): `decodeIfContained` is then written.
    var usesNullable = false

    private var access: String { api.access == .public ? "public " : "" }

    /// `GitHubAPI.swift`: the protocol every endpoint adopts, its credentials and (`withCoding`)
    /// its coders; the models' module's name imported when there is one.
    func protocolFile(withCoding: Bool) -> String {
        var writer = CodeWriter()
        header(&writer, imports: ["Bricks", "Foundation"] + api.modelsImport)
        writer.doc(
            "The app-wide brick of \(api.title) (version \(api.version)): where the API lives, how its JSON is read"
                + (api.errorType == nil ? "" : " and which typed error an error reply is")
                + ". Every endpoint adopts it;\nsend one with `Session.send(_:)`, its pages with `Session.pages(of:)`.")
        let constraint = api.errorType.map { " where APIError == \($0)" } ?? ""
        writer.line("\(access)protocol \(api.protocolName): Bricks.BaseURLRequestType\(constraint) {}")
        writer.line("")
        writer.block("extension \(api.protocolName)") { writer in
            writer.line("/// `\(api.name)Coding.baseURL`: one place for the whole API (`with(baseURL:)` re-points one call).")
            writer.line("\(access)var baseURL: Swift.String { \(api.name)Coding.baseURL }")
            if !api.secretHeaderNames.isEmpty {
                writer.line("")
                writer.line("/// The headers that carry credentials, from the security schemes: never logged or recorded.")
                let names = api.secretHeaderNames.map(CodeWriter.stringLiteral).joined(separator: ", ")
                writer.line("\(access)var secretHeaderNames: Swift.Set<Swift.String> { [\(names)] }")
            }
            if let errorType = api.errorType {
                writer.line("")
                renderDecodeAPIError(errorType, into: &writer)
            }
        }
        if let errorType = api.errorType, !api.errorStatuses.isEmpty || !api.errorMemberKeys.isEmpty {
            writer.line("")
            renderErrorCheck(errorType, into: &writer)
        }
        for (brick, member, type) in [
            ("Bricks.JSONResponseType", "decoder", "Foundation.JSONDecoder"), ("Bricks.JSONLinesResponseType", "decoder", "Foundation.JSONDecoder"),
            ("Bricks.JSONBodyRequestType", "encoder", "Foundation.JSONEncoder"),
        ] {
            writer.line("")
            writer.block("extension \(api.protocolName) where Self: \(brick)") { writer in
                writer.line("/// Dates as RFC 3339, with or without fractional seconds.")
                writer.line("\(access)var \(member): \(type) { \(api.name)Coding.\(member) }")
            }
        }
        if withCoding {
            writer.line("")
            renderCoding(&writer)
        }
        if !api.credentials.isEmpty {
            writer.line("")
            renderCredentials(&writer)
        }
        return writer.text
    }

    /// `decodeAPIError`: the error type for the statuses the document declares it for, and (a
    /// type whose members are all optional) for a body that has one of its members; any other
    /// reply reaches the caller as its status and body, not as an empty error.
    private func renderDecodeAPIError(_ errorType: String, into writer: inout CodeWriter) {
        var doc = "The API's error body, read like its other replies"
        if !statuses.isEmpty { doc += ", for the statuses that declare it (\(statuses.joined(separator: ", ")))" }
        if !api.errorMemberKeys.isEmpty { doc += ", when the body has one of its members" }
        writer.doc(doc + ". Another reply is a `BricksError` with its status and body.")
        writer.block("\(access)func decodeAPIError(from data: Foundation.Data, response: Bricks.ResponseHead) throws -> \(errorType)") { writer in
            if api.errorStatuses.isEmpty && api.errorMemberKeys.isEmpty {
                writer.line("try \(api.name)Coding.decoder.decode(\(errorType).self, from: data)")
            } else {
                writer.line("try \(errorCheckName)(data, statusCode: response.statusCode)")
            }
        }
    }

    /// The checks of `decodeAPIError` as one function outside the protocol's extension: a release
    /// build copies a protocol extension's method into every endpoint (874 of GitHub's), so its
    /// body stays one call.
    private func renderErrorCheck(_ errorType: String, into writer: inout CodeWriter) {
        writer.doc("`data` as \(errorType) when the reply is one (see `decodeAPIError`).")
        writer.block("nonisolated private func \(errorCheckName)(_ data: Foundation.Data, statusCode: Swift.Int) throws -> \(errorType)") { writer in
            if !api.errorStatuses.isEmpty {
                var tests: [String] = []
                let codes = api.errorStatuses.compactMap { status -> Int? in if case .code(let code) = status { code } else { nil } }
                if !codes.isEmpty { tests.append("[\(codes.map(String.init).joined(separator: ", "))].contains(statusCode)") }
                for case .range(let digit) in api.errorStatuses {
                    tests.append("(\(digit)00..<\(digit &+ 1)00).contains(statusCode)")
                }
                writer.block("guard \(tests.joined(separator: " || ")) else") { writer in
                    let message = "\(errorType) is declared for \(statuses.joined(separator: ", ")), not \\(statusCode)"
                    writer.line("throw Swift.DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: \"\(message)\"))")
                }
            }
            if !api.errorMemberKeys.isEmpty {
                let keys = api.errorMemberKeys.map(CodeWriter.stringLiteral).joined(separator: ", ")
                writer.line("let members = (try? Foundation.JSONSerialization.jsonObject(with: data)) as? [Swift.String: Any] ?? [:]")
                writer.block("guard members.keys.contains(where: [\(keys)].contains) else") { writer in
                    let message = "the body has none of \(errorType)'s members"
                    writer.line("throw Swift.DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: \"\(message)\"))")
                }
            }
            writer.line("return try \(api.name)Coding.decoder.decode(\(errorType).self, from: data)")
        }
    }

    /// The name of the function ``renderErrorCheck(_:into:)`` writes.
    private var errorCheckName: String { "decode\(api.name)APIError" }

    /// The statuses the error type is declared for, as the document writes them (`404`, `5XX`).
    private var statuses: [String] {
        api.errorStatuses.map { status -> String in
            switch status {
            case .code(let code): return String(code)
            case .range(let digit): return "\(digit)XX"
            }
        }
    }

    private func header(_ writer: inout CodeWriter, imports: [String]) {
        writer.line("// Generated by bricks-openapi from \(CodeWriter.commentLine(api.title)) \(CodeWriter.commentLine(api.version)). Do not edit: generate again.")
        writer.line("")
        for module in imports { writer.line("import \(module)") }
        writer.line("#if canImport(FoundationNetworking)")
        writer.line("import FoundationNetworking")
        writer.line("#endif")
        writer.line("")
    }

    /// `GitHubCoding.swift`, in the models' module: the coders and the key the models and the
    /// endpoints share.
    func codingFile() -> String {
        var writer = CodeWriter()
        header(&writer, imports: ["Foundation"])
        renderCoding(&writer)
        return writer.text
    }

    /// `GitHubModelsNames.swift`, in the endpoints' module: every type of the models' module named
    /// again in this one, public, so that a model named like a type of Foundation or Bricks
    /// (GitHub's `Thread`) is the model here, as it is in one module, rather than ambiguous, and
    /// an app that imports the endpoints' module has the models' names too.
    func namesFile(module: String, modelNames: [String]) -> String {
        var writer = CodeWriter()
        header(&writer, imports: ["Foundation", module])
        let support = [("JSONValue", usesJSONValue), ("OrEmpty", usesOrEmpty), ("Indirect", usesIndirect)].filter(\.1).map(\.0)
        for name in ["\(api.name)Coding"] + support + modelNames {
            writer.line("\(access)typealias \(name) = \(module).\(name)")
        }
        return writer.text
    }

    /// Whether an operation sends a cookie parameter (`<Name>Coding.cookieValue` is then written).
    private var usesCookies: Bool {
        api.operations.contains { $0.parameters.contains { $0.location == .cookie } }
            || hasCookieKey
    }

    /// Whether a security scheme is an API key in a cookie.
    private var hasCookieKey: Bool {
        api.credentials.contains { if case .apiKey(_, .cookie, _) = $0 { true } else { false } }
    }

    private func renderCoding(_ writer: inout CodeWriter) {
        writer.doc("How \(api.title) is reached and its JSON read and written.")
        writer.block("\(access)enum \(api.name)Coding") { writer in
            renderBaseURL(&writer)
            writer.line("")
            writer.line("/// Reads dates as RFC 3339, with or without fractional seconds (all their digits read).")
            let decoder = JSONValueRenderer.coderOpening("Decoder", access: access, usesJSONValue: usesJSONValue)
            writer.block(decoder.opening, opener: "", closing: decoder.closing) { writer in
                writer.line("let decoder = Foundation.JSONDecoder()")
                writer.block("decoder.dateDecodingStrategy = .custom { decoder in", opener: "") { writer in
                    writer.line("let container = try decoder.singleValueContainer()")
                    writer.line("let text = try container.decode(Swift.String.self)")
                    writer.line("if let date = date(from: text) { return date }")
                    writer.line("throw Swift.DecodingError.dataCorruptedError(in: container, debugDescription: \"not an RFC 3339 date: \\(text)\")")
                }
                writer.line("return decoder")
            }
            writer.line("")
            writer.line("/// Writes dates as RFC 3339, with their fractional seconds (to the microsecond) when they have any.")
            let encoder = JSONValueRenderer.coderOpening("Encoder", access: access, usesJSONValue: usesJSONValue)
            writer.block(encoder.opening, opener: "", closing: encoder.closing) { writer in
                writer.line("let encoder = Foundation.JSONEncoder()")
                writer.block("encoder.dateEncodingStrategy = .custom { date, encoder in", opener: "") { writer in
                    writer.line("var container = encoder.singleValueContainer()")
                    writer.line("try container.encode(string(from: date))")
                }
                writer.line("return encoder")
            }
            if usesCookies {
                writer.line("")
                writer.line("/// A cookie's value as it is sent: `%`, `;`, spaces, quotes, backslashes and text outside ASCII")
                writer.line("/// percent-encoded, so that the value stays one cookie and reads back as given.")
                writer.block("\(access)static func cookieValue(_ text: Swift.String) -> Swift.String") { writer in
                    writer.line("var allowed = Foundation.CharacterSet.urlQueryAllowed")
                    writer.line("allowed.remove(charactersIn: \";\")")
                    writer.line("return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text")
                }
            }
            writer.line("")
            writer.line("/// An RFC 3339 date, with or without fractional seconds (all their digits read).")
            writer.block("\(access)static func date(from text: Swift.String) -> Foundation.Date?") { writer in
                writer.line("var whole = Swift.Substring(text)")
                writer.line("var fraction = 0.0")
                writer.block("if let dot = text.firstIndex(of: \".\")") { writer in
                    writer.line("let digits = text[text.index(after: dot)...].prefix { $0 >= \"0\" && $0 <= \"9\" }")
                    writer.line("guard !digits.isEmpty, let value = Swift.Double(\"0.\" + digits) else { return nil }")
                    writer.line("fraction = value")
                    writer.line("whole = text[..<dot] + text[digits.endIndex...]")
                }
                writer.line("return (try? Foundation.Date.ISO8601FormatStyle().parse(Swift.String(whole)))?.addingTimeInterval(fraction)")
            }
            writer.line("")
            writer.line("/// A date as RFC 3339 text (UTC), with its fractional seconds to the microsecond when it has any:")
            writer.line("/// a date read from the server is sent back as it came (`…24.82037Z`), so that a filter on it matches.")
            writer.block("\(access)static func string(from date: Foundation.Date) -> Swift.String") { writer in
                writer.line("let seconds = date.timeIntervalSince1970")
                writer.line("var whole = seconds.rounded(.down)")
                writer.line("var micro = ((seconds - whole) * 1_000_000).rounded()")
                writer.block("if micro >= 1_000_000") { writer in
                    writer.line("whole += 1")
                    writer.line("micro = 0")
                }
                writer.line("let text = Foundation.Date.ISO8601FormatStyle().format(Foundation.Date(timeIntervalSince1970: whole))")
                writer.line("guard micro > 0, micro < 1_000_000, text.hasSuffix(\"Z\") else { return text }")
                writer.line("var digits = Swift.String(Swift.Int(micro))")
                writer.line("digits = Swift.String(repeating: \"0\", count: 6 - digits.count) + digits")
                writer.line("while digits.hasSuffix(\"0\") { digits.removeLast() }")
                writer.line("return Swift.String(text.dropLast()) + \".\" + digits + \"Z\"")
            }
        }
        writer.line("")
        DecodingHintRenderer(api: api, access: access).render(into: &writer)
        writer.line("")
        renderKey(&writer)
    }

    /// `GitHubCoding.baseURL`, the one base URL of every endpoint: the document's (or the
    /// configuration's) until the app sets another, once, at start-up.
    private func renderBaseURL(_ writer: inout CodeWriter) {
        let coding = "\(api.name)Coding"
        writer.doc(
            "The base URL of every endpoint: `\(api.baseURL)` until set otherwise. Set it once, at start-up, to point the\n"
                + "whole API elsewhere (`\(coding).baseURL = \"http://127.0.0.1:8000\"`, checked by Bricks when a request is built); `with(baseURL:)`\nre-points one call.")
        writer.block("\(access)static var baseURL: Swift.String") { writer in
            writer.line("get { server.url }")
            writer.line("set { server.url = newValue }")
        }
        writer.line("")
        writer.line("/// Where `baseURL` is kept.")
        writer.line("private static let server = Server(\(CodeWriter.stringLiteral(api.baseURL)))")
        writer.line("")
        writer.line("/// A URL read and set from any thread.")
        writer.block("private final class Server: @unchecked Swift.Sendable") { writer in
            writer.line("private let lock = Foundation.NSLock()")
            writer.line("private var stored: Swift.String")
            writer.line("init(_ url: Swift.String) { stored = url }")
            writer.block("var url: Swift.String") { writer in
                writer.block("get") { writer in
                    writer.line("lock.lock()")
                    writer.line("defer { lock.unlock() }")
                    writer.line("return stored")
                }
                writer.block("set") { writer in
                    writer.line("lock.lock()")
                    writer.line("stored = newValue")
                    writer.line("lock.unlock()")
                }
            }
        }
    }

    /// `GitHubCoding.Key`, the one coding key of every model (a JSON member name written as a string
    /// literal), and `GitHubCoding.Reader`, whose reads take their type from the property they fill.
    private func renderKey(_ writer: inout CodeWriter) {
        // Internal in one module; the endpoints' module reads its bodies with it too when split.
        let access = api.modelsModule == nil ? "" : "public "
        writer.block("extension \(api.name)Coding") { writer in
            writer.doc("A JSON member name, written as a string literal: the key every model reads and writes its members\nunder, so that no model needs a key type of its own.")
            writer.block("\(access)struct Key: Swift.CodingKey, Swift.ExpressibleByStringLiteral") { writer in
                writer.line("\(access)let stringValue: Swift.String")
                writer.line("\(access)var intValue: Swift.Int? { nil }")
                writer.line("\(access)init(stringLiteral value: Swift.String) { stringValue = value }")
                writer.line("\(access)init(stringValue: Swift.String) { self.stringValue = stringValue }")
                writer.line("\(access)init?(intValue: Swift.Int) { nil }")
            }
        }
        writer.line("")
        writer.block("extension \(api.name)Coding") { writer in
            writer.doc(
                "A model's members as it reads them, with the schema's place in the document (a JSONPath): a member that\n"
                    + "does not decode is said in the document's words (`located`), here for every model, and nothing more runs\n"
                    + "for a member that decodes.")
            writer.block("\(access)struct Reader") { writer in
                writer.line("let container: Swift.KeyedDecodingContainer<Key>")
                writer.line("let schema: Swift.String")
                writer.line("let decoder: any Swift.Decoder")
                writer.line("")
                writer.line("/// The object `decoder` holds, read as the schema at `schema`.")
                writer.block("\(access)init(_ decoder: any Swift.Decoder, schema: Swift.String) throws") { writer in
                    writer.line("self.decoder = decoder")
                    writer.line("self.schema = schema")
                    writer.line("do { container = try decoder.container(keyedBy: Key.self) } catch { throw \(api.name)Coding.located(error, schema: schema, decoder: decoder) }")
                }
                writer.line("")
                writer.line("/// The member `key`, of the type the caller expects.")
                writer.block("\(access)func decode<Value: Swift.Decodable>(_ key: Key) throws -> Value") { writer in
                    writer.line("do { return try container.decode(Value.self, forKey: key) } catch { throw \(api.name)Coding.located(error, schema: schema, decoder: decoder) }")
                }
                writer.line("")
                writer.line("/// The member `key` if present and not `null`, of the type the caller expects.")
                writer.block("\(access)func decodeIfPresent<Value: Swift.Decodable>(_ key: Key) throws -> Value?") { writer in
                    writer.line("do { return try container.decodeIfPresent(Value.self, forKey: key) } catch { throw \(api.name)Coding.located(error, schema: schema, decoder: decoder) }")
                }
                if usesNullable {
                    writer.line("")
                    writer.line("/// The member `key` if present, `null` included (`.some(nil)` for a `T??`), of the type the caller expects.")
                    writer.block("\(access)func decodeIfContained<Value: Swift.Decodable>(_ key: Key) throws -> Value?") { writer in
                        writer.line("guard container.contains(key) else { return nil }")
                        writer.line("return .some(try decode(key) as Value)  // `null` is `.some(nil)` here, not left out")
                    }
                }
            }
        }
    }

    private func renderCredentials(_ writer: inout CodeWriter) {
        let name = api.name + "Credentials"
        writer.doc(
            "Credentials for \(api.title), put on every request: one line,\n"
                + "`Session(middleware: [\(name).\(example)])`.")
        writer.block("\(access)struct \(name): Bricks.Middleware") { writer in
            writer.line("/// The header (or query item) that carries the credentials.")
            writer.line("\(access)let name: Swift.String")
            writer.line("/// Its value.")
            writer.line("\(access)let value: Swift.String")
            writer.line("/// Whether it goes in the query rather than a header.")
            writer.line("\(access)var inQuery = false")
            if hasCookieKey {
                writer.line("/// Whether it is a cookie (`name=value` in the `Cookie` header, after the request's own).")
                writer.line("\(access)var inCookie = false")
            }
            for credential in api.credentials {
                writer.line("")
                switch credential {
                case .bearer:
                    writer.line("/// `Authorization: Bearer <token>`.")
                    writer.line("\(access)static func bearer(_ token: Swift.String) -> \(name) { \(name)(name: \"Authorization\", value: \"Bearer \" + token) }")
                case .basic:
                    writer.line("/// `Authorization: Basic <base64(username:password)>`.")
                    writer.block("\(access)static func basic(username: Swift.String, password: Swift.String) -> \(name)") { writer in
                        writer.line("\(name)(name: \"Authorization\", value: \"Basic \" + Foundation.Data(\"\\(username):\\(password)\".utf8).base64EncodedString())")
                    }
                case .token(let prefix, let function):
                    writer.line("/// `Authorization: \(prefix) <token>`.")
                    writer.line("\(access)static func \(Naming.escaped(function))(_ token: Swift.String) -> \(name) { \(name)(name: \"Authorization\", value: \(CodeWriter.stringLiteral(prefix + " ")) + token) }")
                case .apiKey(let key, let location, let function):
                    let (place, flag) =
                        switch location {
                        case .query: ("query item", ", inQuery: true")
                        case .cookie: ("cookie", ", inCookie: true")
                        case .header, .path: ("header", "")
                        }
                    writer.line("/// The API key in the `\(key)` \(place).")
                    writer.line("\(access)static func \(Naming.escaped(function))(_ key: Swift.String) -> \(name) { \(name)(name: \(CodeWriter.stringLiteral(key)), value: key\(flag)) }")
                }
            }
            writer.line("")
            writer.line("/// Adds the credentials to the request.")
            writer.block("\(access)func intercept(_ head: Bricks.RequestHead, body: Bricks.RequestBody?, context: Bricks.CallContext, next: @escaping Bricks.Middleware.Next) async throws -> Bricks.RawResponse") { writer in
                writer.line("var head = head")
                writer.block("if inQuery") { writer in
                    writer.line("try head.replaceQueryItems(with: [Foundation.URLQueryItem(name: name, value: value)])")
                }
                if hasCookieKey {
                    writer.block("else if inCookie") { writer in
                        writer.line("let cookie = name + \"=\" + \(api.name)Coding.cookieValue(value)")
                        writer.line("head.headerFields[\"Cookie\"] = head.headerFields[\"Cookie\"].map { $0 + \"; \" + cookie } ?? cookie")
                    }
                }
                writer.block("else") { writer in
                    writer.line("head.headerFields[name] = value")
                }
                writer.line("return try await next(head, body, context)")
            }
        }
    }

    private var example: String {
        switch api.credentials.first {
        case .bearer?: return "bearer(token)"
        case .basic?: return "basic(username: user, password: password)"
        case .apiKey(_, _, let function)?: return function + "(key)"
        case .token(_, let function)?: return function + "(token)"
        case nil: return ""
        }
    }

    /// `Support.swift`: `JSONValue`, `OrEmpty` and `Indirect`, when the models use them.
    func supportFile() -> String? {
        guard usesJSONValue || usesIndirect || usesOrEmpty else { return nil }
        var writer = CodeWriter()
        header(&writer, imports: ["Foundation"])
        if usesJSONValue {
            JSONValueRenderer(access: access).render(into: &writer)
        }
        if usesOrEmpty {
            if usesJSONValue { writer.line("") }
            writer.doc("A value, or the empty string that clears it (`anyOf: [value, enum: [\"\"]]`).")
            writer.block("\(access)enum OrEmpty<Value: Swift.Codable & Swift.Hashable & Swift.Sendable>: Swift.Codable, Swift.Hashable, Swift.Sendable") { writer in
                writer.line("indirect case value(Value)")
                writer.line("/// The empty string.")
                writer.line("case empty")
                writer.line("")
                writer.block("\(access)init(from decoder: any Swift.Decoder) throws") { writer in
                    writer.line("let container = try decoder.singleValueContainer()")
                    writer.line("if let text = try? container.decode(Swift.String.self), text.isEmpty { self = .empty } else { self = .value(try container.decode(Value.self)) }")
                }
                writer.line("")
                writer.block("\(access)func encode(to encoder: any Swift.Encoder) throws") { writer in
                    writer.line("var container = encoder.singleValueContainer()")
                    writer.block("switch self") { writer in
                        writer.outdented("case .value(let value): try container.encode(value)")
                        writer.outdented("case .empty: try container.encode(\"\")")
                    }
                }
            }
        }
        if usesIndirect {
            if usesJSONValue || usesOrEmpty { writer.line("") }
            writer.doc(
                "Stores a value on the heap, so that a model can hold a value of its own type (the private storage of its property);\n"
                    + "printed, mirrored and debugged as the value it holds.")
            writer.block(
                "\(access)struct Indirect<Value: Swift.Hashable & Swift.Sendable>: Swift.Hashable, Swift.Sendable, Swift.CustomStringConvertible, Swift.CustomDebugStringConvertible,\n"
                    + "    Swift.CustomReflectable"
            ) { writer in
                writer.block("private final class Storage: Swift.Sendable") { writer in
                    writer.line("let value: Value")
                    writer.line("init(_ value: Value) { self.value = value }")
                }
                writer.line("")
                writer.line("private var storage: Storage")
                writer.line("")
                writer.line("\(access)init(wrappedValue: Value) { storage = Storage(wrappedValue) }")
                writer.line("")
                writer.block("\(access)var wrappedValue: Value") { writer in
                    writer.line("get { storage.value }")
                    writer.line("set { storage = Storage(newValue) }")
                }
                writer.line("")
                writer.line("\(access)static func == (lhs: Indirect, rhs: Indirect) -> Swift.Bool { lhs.wrappedValue == rhs.wrappedValue }")
                writer.line("")
                writer.line("\(access)func hash(into hasher: inout Swift.Hasher) { hasher.combine(wrappedValue) }")
                writer.line("")
                writer.line("/// The value's description.")
                writer.line("\(access)var description: Swift.String { Swift.String(describing: wrappedValue) }")
                writer.line("")
                writer.line("/// The value's debug description.")
                writer.line("\(access)var debugDescription: Swift.String { Swift.String(reflecting: wrappedValue) }")
                writer.line("")
                writer.line("/// The value's mirror.")
                writer.line("\(access)var customMirror: Swift.Mirror { Swift.Mirror(reflecting: wrappedValue) }")
            }
        }
        return writer.text
    }
}
