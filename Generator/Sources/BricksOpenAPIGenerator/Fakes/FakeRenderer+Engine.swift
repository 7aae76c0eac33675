extension FakeRenderer {
    /// The fake's code, the same for every document but for its names: `__FAKE__` (the type),
    /// `__CODING__` (the API's coders), `__ACCESS__` and `__TITLE__`. Every name from another
    /// module is qualified (`Swift.String`, `Foundation.Data`, `Bricks.RequestHead`), so that a
    /// model of the document named `String` or `Data` changes nothing; the helpers are nested in
    /// the fake.
    static let engine = #"""
/// A transport that answers every operation of __TITLE__ from its document, without a network:
/// each operation's documented example for its success status, else a value built from its
/// schema, so that every reply decodes into the generated type. It checks each request against
/// the document as the server would (the path, required parameters and members, enum values,
/// formats and bounds, the body's media type, the credentials) and fails the call with a
/// ``Violation`` naming the operation, the rule and the value.
///
/// ```swift
/// let fake = __FAKE__()
/// let session = Session(transport: fake)
/// await fake.respond(to: SomeOperation.self, status: 404)        // its documented 404
/// ```
///
/// Usable in tests, SwiftUI previews and offline demo builds: it imports neither `Testing` nor
/// `XCTest`. Operations are named by their generated types; `calls` lists what was sent.
__ACCESS__actor __FAKE__: Bricks.HTTPTransport {
    /// One request the fake received: the operation it matched (its generated type's name, or
    /// `nil` when it matched none), its head and its body.
    __ACCESS__nonisolated struct Call: Swift.Sendable {
        /// The generated type's name of the operation, such as `"GetPet"`.
        __ACCESS__let operation: Swift.String?
        /// The method, URL, header fields and timeout sent.
        __ACCESS__let head: Bricks.RequestHead
        /// The body sent, or `nil` for none.
        __ACCESS__let body: Foundation.Data?
    }

    /// A rule of the document that a request broke: what the server would have answered 400 to.
    __ACCESS__nonisolated struct Violation: Swift.Error, Swift.CustomStringConvertible, Swift.Sendable {
        /// The generated type's name of the operation, or the request's method and path when it
        /// matched none.
        __ACCESS__let operation: Swift.String
        /// The rule broken: `path`, `required`, `type`, `enum`, `format`, `bounds`, `media type`,
        /// `body` or `security`.
        __ACCESS__let rule: Swift.String
        /// The value, member or parameter at fault.
        __ACCESS__let value: Swift.String
        /// The operation, the rule and the value, as one sentence.
        __ACCESS__let description: Swift.String
    }

    /// Every request received, in order.
    __ACCESS__private(set) var calls: [Call] = []
    /// Whether requests are checked against the document. Turn it off with
    /// ``checkRequests(_:)`` for a test that sends invalid input on purpose.
    __ACCESS__private(set) var checksRequests: Swift.Bool
    /// Whether a create stores what it got for later reads (see ``init(checksRequests:remembers:)``).
    __ACCESS__let remembers: Swift.Bool
    private var statuses: [Swift.String: Swift.Int] = [:]
    private var overrides: [Swift.String: (status: Swift.Int, body: Foundation.Data)] = [:]
    private var failures: [Swift.String: any Swift.Error] = [:]
    private var delays: [Swift.String: Swift.Duration] = [:]
    private var delay: Swift.Duration = .zero
    private var stored: [Swift.String: [(id: Swift.String, body: Foundation.Data)]] = [:]

    /// Makes a fake of the whole API.
    /// - Parameters:
    ///   - checksRequests: whether a request that breaks the document fails with a ``Violation``.
    ///     Default: true.
    ///   - remembers: the memory mode, for a screen that creates and then lists: a `POST` to a
    ///     collection (`/pets`) stores the JSON body it got (with an `id` when it has none), and a
    ///     `GET` of that collection lists what was stored, a `GET` or `DELETE` of `/pets/{id}`
    ///     finds it. Only these common REST shapes; anything else answers from the document.
    ///     Default: false.
    __ACCESS__init(checksRequests: Swift.Bool = true, remembers: Swift.Bool = false) {
        self.checksRequests = checksRequests
        self.remembers = remembers
    }

    /// Turns the request checks on or off.
    __ACCESS__func checkRequests(_ on: Swift.Bool) {
        checksRequests = on
    }

    /// Answers `operation` with its documented reply for `status` (its example, else a value of
    /// its schema), such as the 404 whose body decodes into the API's typed error.
    __ACCESS__func respond<Request: Bricks.RequestContextType>(to operation: Request.Type, status: Swift.Int) {
        statuses[Self.name(of: operation)] = status
    }

    /// Answers `operation` with `value`, encoded as the API encodes JSON.
    /// - Throws: the encoder's error.
    __ACCESS__func respond<Request: Bricks.RequestContextType>(
        to operation: Request.Type, with value: Request.Response, status: Swift.Int = 200
    ) throws where Request.Response: Swift.Encodable {
        overrides[Self.name(of: operation)] = (status, try __CODING__.encoder.encode(value))
    }

    /// Answers `operation` with `json`, as it is.
    __ACCESS__func respond<Request: Bricks.RequestContextType>(to operation: Request.Type, json: Swift.String, status: Swift.Int = 200) {
        overrides[Self.name(of: operation)] = (status, Foundation.Data(json.utf8))
    }

    /// Fails every call of `operation` with `error`, as a transport that gets no reply does.
    __ACCESS__func fail<Request: Bricks.RequestContextType>(_ operation: Request.Type, with error: any Swift.Error) {
        failures[Self.name(of: operation)] = error
    }

    /// Waits `duration` before answering `operation`, or every operation when `operation` is `nil`.
    __ACCESS__func delay<Request: Bricks.RequestContextType>(_ operation: Request.Type, by duration: Swift.Duration) {
        delays[Self.name(of: operation)] = duration
    }

    /// Waits `duration` before answering any operation that has no delay of its own.
    __ACCESS__func delayEveryReply(by duration: Swift.Duration) {
        delay = duration
    }

    /// How many requests matched `operation`.
    __ACCESS__func callCount<Request: Bricks.RequestContextType>(of operation: Request.Type) -> Swift.Int {
        calls(of: operation).count
    }

    /// The requests that matched `operation`, in order.
    __ACCESS__func calls<Request: Bricks.RequestContextType>(of operation: Request.Type) -> [Call] {
        let name = Self.name(of: operation)
        return calls.filter { $0.operation == name }
    }

    /// Forgets the calls, the steering and what the memory mode stored.
    __ACCESS__func reset() {
        calls = []
        statuses = [:]
        overrides = [:]
        failures = [:]
        delays = [:]
        delay = .zero
        stored = [:]
    }

    /// Records the request, checks it against the document, and answers it.
    /// - Throws: a ``Violation`` when the request breaks the document and the checks are on, the
    ///   error given to ``fail(_:with:)``, or `CancellationError` during a delay.
    __ACCESS__func exchange(
        _ head: Bricks.RequestHead, body: Bricks.RequestBody?, context: Bricks.CallContext
    ) async throws -> Bricks.RawResponse {
        let data = try await body?.collected()
        let sent = (data?.isEmpty ?? true) ? nil : data
        let path = Self.relativePath(head.path)
        let match = Self.table.match(method: head.method.rawValue, path: path)
        calls.append(Call(operation: match?.operation.name, head: head, body: sent))
        guard let match else {
            if checksRequests {
                throw Self.violation(
                    head.method.rawValue + " " + path, "path", path,
                    "no operation of the document is \(head.method.rawValue) \(path)")
            }
            return try Self.response(status: 404, contentType: "text/plain", headers: [], body: Foundation.Data(), head: head)
        }
        let operation = match.operation
        let wait = delays[operation.name] ?? delay
        if wait > .zero { try await _Concurrency.Task.sleep(for: wait) }
        if let failure = failures[operation.name] { throw failure }
        if checksRequests {
            try Checker(table: Self.table, operation: operation, head: head, body: sent, parameters: match.parameters).check()
        }
        if let override = overrides[operation.name] {
            return try Self.response(status: override.status, contentType: "application/json", headers: [], body: override.body, head: head)
        }
        if remembers, let remembered = remember(head: head, operation: operation, parameters: match.parameters, body: sent) {
            return try Self.response(status: remembered.status, contentType: "application/json", headers: [], body: remembered.body, head: head)
        }
        let status = statuses[operation.name] ?? Swift.Int(operation.success) ?? 200
        let reply = operation.reply(for: status)
        var body = reply?.body.map { Self.replyBodies[$0] } ?? Foundation.Data()
        if head.method == .head || status == 204 || status == 304 { body = Foundation.Data() }
        var headers = (reply?.headers ?? [:]).sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        // A `Link` whose next page would be asked for again and again: a page already asked for ends the list.
        if head.queryItems.contains(where: { $0.name == "page" || $0.name == "cursor" }) {
            headers.removeAll { $0.name.lowercased() == "link" }
        }
        return try Self.response(status: status, contentType: reply?.contentType, headers: headers, body: body, head: head)
    }

    /// The reply bodies, made once from ``replyTexts``. A page whose body links the next (Django
    /// REST framework's `next` beside `results`) names the document's example server: its link is
    /// null, so that every page of a fake is the last.
    private static let replyBodies: [Foundation.Data] = replyTexts.map { text in
        let body = Foundation.Data(text.utf8)
        guard text.contains("\"results\""), text.contains("\"next\"") else { return body }
        return lastPage(body) ?? body
    }

    /// `body` with its `next` link null when it is a page that links the next one in its body.
    private static func lastPage(_ body: Foundation.Data) -> Foundation.Data? {
        guard case .object(var members)? = try? Foundation.JSONDecoder().decode(JSON.self, from: body),
            case .array? = members["results"], case .string? = members["next"]
        else { return nil }
        members["next"] = .null
        return try? Foundation.JSONEncoder().encode(JSON.object(members))
    }

    /// The memory mode's answer, or `nil` when the request is not one of its shapes.
    private func remember(
        head: Bricks.RequestHead, operation: Table.Operation, parameters: [Swift.String: Swift.String], body: Foundation.Data?
    ) -> (status: Swift.Int, body: Foundation.Data)? {
        let segments = operation.path.split(separator: "/").map(Swift.String.init)
        let lastIsParameter = segments.last.map { $0.hasPrefix("{") && $0.hasSuffix("}") } ?? false
        let key = Self.relativePath(head.path).split(separator: "/").prefix(lastIsParameter ? segments.count - 1 : segments.count).joined(separator: "/")
        switch (head.method.rawValue, lastIsParameter) {
        case ("POST", false):
            guard let body, case .object(var members)? = try? Foundation.JSONDecoder().decode(JSON.self, from: body) else { return nil }
            let count = (stored[key]?.count ?? 0) &+ 1
            let id: Swift.String
            switch members["id"] {
            case .string(let text)?: id = text
            case .number(let number)?: id = JSON.number(number).text
            default:
                id = Swift.String(count)
                members["id"] = .number(Swift.Double(count))
            }
            guard let saved = try? Foundation.JSONEncoder().encode(JSON.object(members)) else { return nil }
            stored[key, default: []].append((id, saved))
            return (Swift.Int(operation.success) ?? 201, saved)
        case ("GET", false):
            guard let items = stored[key] else { return nil }
            let list = "[" + items.map { Swift.String(decoding: $0.body, as: Swift.UTF8.self) }.joined(separator: ",") + "]"
            return (200, Foundation.Data(list.utf8))
        case ("GET", true), ("DELETE", true):
            guard let name = segments.last.map({ Swift.String($0.dropFirst().dropLast()) }), let id = parameters[name],
                let items = stored[key], let index = items.firstIndex(where: { $0.id == id })
            else { return nil }
            if head.method.rawValue == "DELETE" {
                stored[key]?.remove(at: index)
                return (Swift.Int(operation.success) ?? 204, Foundation.Data())
            }
            return (200, items[index].body)
        default:
            return nil
        }
    }

    private nonisolated static func name<Request>(of operation: Request.Type) -> Swift.String {
        Swift.String(describing: operation)
    }

    /// The request's path without the base URL's (`/v2/pets/1` → `/pets/1`).
    private nonisolated static func relativePath(_ path: Swift.String) -> Swift.String {
        let base = Foundation.URL(string: __CODING__.baseURL)?.path ?? ""
        let trimmed = base.hasSuffix("/") ? Swift.String(base.dropLast()) : base
        guard !trimmed.isEmpty, path.hasPrefix(trimmed) else { return path }
        let rest = Swift.String(path.dropFirst(trimmed.count))
        return rest.isEmpty || rest.hasPrefix("/") ? rest : path
    }

    private nonisolated static func response(
        status: Swift.Int, contentType: Swift.String?, headers: [(name: Swift.String, value: Swift.String)], body: Foundation.Data,
        head: Bricks.RequestHead
    ) throws -> Bricks.RawResponse {
        var fields = Bricks.HeaderFields()
        if let contentType, !body.isEmpty { fields.append(name: "Content-Type", value: contentType) }
        for header in headers { fields.append(name: header.name, value: header.value) }
        let url = try head.makeURL()
        return Bricks.RawResponse(head: Bricks.ResponseHead(statusCode: status, headerFields: fields, url: url), body: Bricks.ResponseBody(body))
    }

    nonisolated static func violation(_ operation: Swift.String, _ rule: Swift.String, _ value: Swift.String, _ sentence: Swift.String) -> Violation {
        Violation(operation: operation, rule: rule, value: value, description: "\(operation): \(sentence) (rule: \(rule))")
    }

    /// The table, read once.
    nonisolated static let table: Table = Table(text: tableText)

    /// Any JSON value: the table's, a schema's, a request body's.
    nonisolated enum JSON: Swift.Codable, Swift.Equatable, Swift.Sendable {
        case null
        case bool(Swift.Bool)
        case number(Swift.Double)
        case string(Swift.String)
        case array([JSON])
        case object([Swift.String: JSON])

        init(from decoder: any Swift.Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Swift.Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Swift.Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(Swift.String.self) {
                self = .string(value)
            } else if let value = try? container.decode([JSON].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([Swift.String: JSON].self))
            }
        }

        func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let value): try container.encode(value)
            case .number(let value):
                if value == value.rounded(), Swift.abs(value) < 9e15 { try container.encode(Swift.Int64(value)) } else { try container.encode(value) }
            case .string(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .object(let value): try container.encode(value)
            }
        }

        subscript(key: Swift.String) -> JSON? {
            if case .object(let members) = self { return members[key] }
            return nil
        }

        var string: Swift.String? {
            if case .string(let text) = self { return text }
            return nil
        }

        var list: [JSON] {
            if case .array(let items) = self { return items }
            return []
        }

        /// The value as a person reads it in a message.
        var text: Swift.String {
            switch self {
            case .string(let text): return "\"\(text)\""
            case .number(let number): return number == number.rounded() && Swift.abs(number) < 9e15 ? Swift.String(Swift.Int64(number)) : Swift.String(number)
            default:
                guard let data = try? Foundation.JSONEncoder().encode(self) else { return "?" }
                return Swift.String(decoding: data, as: Swift.UTF8.self)
            }
        }
    }

    /// The operations and schemas of the document, as the generator wrote them down.
    nonisolated struct Table: Swift.Sendable {
        struct Reply: Swift.Sendable {
            var body: Swift.Int?
            var contentType: Swift.String?
            var headers: [Swift.String: Swift.String]
        }

        struct Operation: Swift.Sendable {
            var name: Swift.String
            var method: Swift.String
            var path: Swift.String
            var success: Swift.String
            var replies: [Swift.String: Reply]
            var parameters: [JSON]
            var body: JSON?
            var security: [JSON]?
            /// The path template's segments, each literal text and `{name}` pieces.
            var segments: [[Piece]]
            /// How many literal characters the template has: the more, the better a match.
            var literalCount: Swift.Int

            /// The reply declared for `status`, else for its class (`4XX`), else the `default` one.
            func reply(for status: Swift.Int) -> Reply? {
                replies[Swift.String(status)] ?? replies["\(status / 100)XX"] ?? replies["\(status / 100)xx"] ?? replies["default"]
            }
        }

        enum Piece: Swift.Sendable {
            case literal(Swift.String)
            case parameter(Swift.String)
        }

        var operations: [Operation]
        var schemas: [Swift.String: JSON]
        /// The operations by method, for matching.
        var byMethod: [Swift.String: [Swift.Int]]

        init(text: Swift.String) {
            let root = (try? Foundation.JSONDecoder().decode(JSON.self, from: Foundation.Data(text.utf8))) ?? .null
            var schemas: [Swift.String: JSON] = [:]
            if case .object(let members)? = root["s"] { schemas = members }
            self.schemas = schemas
            var operations: [Operation] = []
            var byMethod: [Swift.String: [Swift.Int]] = [:]
            for entry in root["o"]?.list ?? [] {
                var replies: [Swift.String: Reply] = [:]
                if case .object(let members)? = entry["r"] {
                    for (status, reply) in members {
                        var headers: [Swift.String: Swift.String] = [:]
                        if case .object(let fields)? = reply["h"] {
                            for (name, value) in fields { headers[name] = value.string }
                        }
                        var body: Swift.Int?
                        if case .number(let index)? = reply["b"] { body = Swift.Int(exactly: index) }
                        replies[status] = Reply(body: body, contentType: reply["t"]?.string, headers: headers)
                    }
                }
                let path = entry["p"]?.string ?? ""
                let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { Self.pieces(of: Swift.String($0)) }
                let literalCount = segments.joined().reduce(0) { count, piece in
                    if case .literal(let text) = piece { return count + text.count }
                    return count
                }
                let operation = Operation(
                    name: entry["n"]?.string ?? "", method: entry["m"]?.string ?? "", path: path, success: entry["s"]?.string ?? "200",
                    replies: replies, parameters: entry["q"]?.list ?? [], body: entry["b"], security: entry["a"]?.list,
                    segments: segments, literalCount: literalCount)
                byMethod[operation.method, default: []].append(operations.count)
                operations.append(operation)
            }
            self.operations = operations
            self.byMethod = byMethod
        }

        /// `{owner}.{ext}` → the parameter `owner`, the literal `.`, the parameter `ext`.
        static func pieces(of segment: Swift.String) -> [Piece] {
            var pieces: [Piece] = []
            var rest = Swift.Substring(segment)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { pieces.append(.literal(Swift.String(rest[..<open]))) }
                pieces.append(.parameter(Swift.String(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty || pieces.isEmpty { pieces.append(.literal(Swift.String(rest))) }
            return pieces
        }

        /// The operation whose method and path template match, the one with the most literal
        /// text when several do, and the path parameters' values (percent-decoded).
        func match(method: Swift.String, path: Swift.String) -> (operation: Operation, parameters: [Swift.String: Swift.String])? {
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(Swift.String.init)
            var best: (operation: Operation, parameters: [Swift.String: Swift.String])?
            for index in byMethod[method] ?? [] {
                let operation = operations[index]
                guard operation.segments.count == segments.count else { continue }
                var parameters: [Swift.String: Swift.String] = [:]
                var matched = true
                for (pieces, segment) in zip(operation.segments, segments) where !Self.match(pieces, segment, into: &parameters) {
                    matched = false
                    break
                }
                if matched, best.map({ operation.literalCount > $0.operation.literalCount }) ?? true {
                    best = (operation, parameters)
                }
            }
            return best
        }

        private static func match(_ pieces: [Piece], _ segment: Swift.String, into parameters: inout [Swift.String: Swift.String]) -> Swift.Bool {
            var rest = Swift.Substring(segment)
            for (index, piece) in pieces.enumerated() {
                switch piece {
                case .literal(let text):
                    guard rest.hasPrefix(text) else { return false }
                    rest = rest.dropFirst(text.count)
                case .parameter(let name):
                    var value = rest
                    if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1] {
                        guard let range = rest.range(of: next) else { return false }
                        value = rest[..<range.lowerBound]
                    }
                    rest = rest[value.endIndex...]
                    parameters[name] = Swift.String(value).removingPercentEncoding ?? Swift.String(value)
                }
            }
            return rest.isEmpty
        }
    }

    /// The checks of one request against its operation: each finds the first rule broken.
    nonisolated struct Checker {
        let table: Table
        let operation: Table.Operation
        let head: Bricks.RequestHead
        let body: Foundation.Data?
        let parameters: [Swift.String: Swift.String]

        func check() throws {
            try checkParameters()
            try checkBody()
            try checkSecurity()
        }

        private func fail(_ rule: Swift.String, _ value: Swift.String, _ sentence: Swift.String) -> Violation {
            __FAKE__.violation("\(operation.name) (\(operation.method) \(operation.path))", rule, value, sentence)
        }

        private var cookies: [Swift.String: Swift.String] {
            var cookies: [Swift.String: Swift.String] = [:]
            for pair in (head.headerFields.combinedValue(for: "Cookie") ?? "").split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard let name = parts.first else { continue }
                cookies[name.trimmingCharacters(in: .whitespaces)] = parts.count > 1 ? Swift.String(parts[1]) : ""
            }
            return cookies
        }

        private func checkParameters() throws {
            let query = head.queryItems
            for parameter in operation.parameters {
                guard let name = parameter["n"]?.string, let place = parameter["i"]?.string else { continue }
                let required = parameter["r"] == .bool(true)
                let schema = parameter["s"] ?? .object([:])
                var values: [Swift.String] = []
                switch place {
                case "path":
                    let value = parameters[name] ?? ""
                    if value.isEmpty { throw fail("required", name, "the path parameter `\(name)` is empty") }
                    let style = parameter["y"]?.string ?? "simple"
                    if style == "simple" { values = [value] }
                case "query":
                    let items = query.filter { $0.name == name }
                    let nested = query.contains { $0.name.hasPrefix(name + "[") }
                    if items.isEmpty && !nested {
                        if required { throw fail("required", name, "the query parameter `\(name)` is required and missing") }
                        continue
                    }
                    values = items.compactMap(\.value)
                case "header":
                    guard let value = head.headerFields.combinedValue(for: name) else {
                        if required { throw fail("required", name, "the header `\(name)` is required and missing") }
                        continue
                    }
                    values = [value]
                case "cookie":
                    guard let value = cookies[name] else {
                        if required { throw fail("required", name, "the cookie `\(name)` is required and missing") }
                        continue
                    }
                    values = [value]
                default:
                    continue
                }
                let resolved = table.resolve(schema)
                let isList = types(of: resolved).contains("array")
                let itemSchema = isList ? table.resolve(resolved["items"] ?? .object([:])) : resolved
                if isList && parameter["e"] == .bool(false) || isList && place != "query" {
                    let separator: Swift.Character = parameter["y"]?.string == "pipeDelimited" ? "|" : parameter["y"]?.string == "spaceDelimited" ? " " : ","
                    values = values.flatMap { $0.split(separator: separator, omittingEmptySubsequences: false).map(Swift.String.init) }
                }
                guard isList || types(of: resolved).allSatisfy({ $0 != "object" }) else { continue }
                for text in values {
                    let value = scalar(text, for: itemSchema)
                    if let problem = table.problem(with: value, schema: itemSchema, at: "`\(name)`", request: true) {
                        throw fail(problem.rule, text, "the \(place) parameter " + problem.sentence)
                    }
                }
            }
        }

        private func types(of schema: JSON) -> [Swift.String] {
            table.types(of: schema)
        }

        /// A parameter's text as the JSON value its schema reads: a number, a boolean, or text.
        private func scalar(_ text: Swift.String, for schema: JSON) -> JSON {
            let kinds = types(of: schema)
            if kinds.contains("integer") || kinds.contains("number"), let number = Swift.Double(text) { return .number(number) }
            if kinds.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
            if kinds.contains("null"), text == "null" { return .null }
            if kinds.isEmpty || kinds.contains("string") { return .string(text) }
            return .string(text)
        }

        private func checkBody() throws {
            guard let declared = operation.body else {
                if body != nil { throw fail("body", "body", "the operation takes no body, and one was sent") }
                return
            }
            guard let body else {
                if declared["r"] == .bool(true) { throw fail("body", "body", "the request body is required and missing") }
                return
            }
            let sent = Self.mediaType(head.headerFields.combinedValue(for: "Content-Type") ?? "")
            let types = (declared["t"]?.list ?? []).compactMap(\.string).map(Self.mediaType)
            let accepted = types.isEmpty || types.contains { type in
                type == sent || type == "*/*" || (type.hasSuffix("/*") && sent.hasPrefix(type.dropLast()))
                    || (Self.isJSON(type) && Self.isJSON(sent))
            }
            if !accepted {
                throw fail("media type", sent, "the body's media type `\(sent)` is not one the document declares (\(types.joined(separator: ", ")))")
            }
            guard let schema = declared["s"] else { return }
            let value: JSON
            if Self.isJSON(sent) {
                guard let decoded = try? Foundation.JSONDecoder().decode(JSON.self, from: body) else {
                    throw fail("body", "body", "the body is not JSON")
                }
                value = decoded
            } else if sent == "application/x-www-form-urlencoded" {
                // Form fields are text: only the required members are checked.
                var members: [Swift.String: JSON] = [:]
                for pair in Swift.String(decoding: body, as: Swift.UTF8.self).split(separator: "&") {
                    let name = pair.split(separator: "=", maxSplits: 1).first.map(Swift.String.init) ?? ""
                    let key = (name.removingPercentEncoding ?? name).split(separator: "[").first.map(Swift.String.init) ?? name
                    members[key] = .string("")
                }
                let resolved = table.resolve(schema)
                for required in (resolved["required"]?.list ?? []).compactMap(\.string) where members[required] == nil {
                    throw fail("required", required, "the body's member `\(required)` is required and missing")
                }
                return
            } else {
                return
            }
            if let problem = table.problem(with: value, schema: schema, at: "the body", request: true) {
                throw fail(problem.rule, problem.value, problem.sentence)
            }
        }

        private func checkSecurity() throws {
            guard let alternatives = operation.security, !alternatives.isEmpty else { return }
            let query = head.queryItems
            let cookies = self.cookies
            let satisfied = alternatives.contains { alternative in
                alternative.list.allSatisfy { place in
                    guard let name = place["n"]?.string else { return true }
                    switch place["i"]?.string {
                    case "header": return head.headerFields.contains(name)
                    case "query": return query.contains { $0.name == name }
                    case "cookie": return cookies[name] != nil
                    default: return true
                    }
                }
            }
            if !satisfied {
                let needed = alternatives.map { alternative in
                    alternative.list.map { "\($0["i"]?.string ?? "") `\($0["n"]?.string ?? "")`" }.joined(separator: " and ")
                }
                throw fail("security", needed.joined(separator: " or "), "no credential: the request needs " + needed.joined(separator: ", or "))
            }
        }

        static func mediaType(_ text: Swift.String) -> Swift.String {
            (text.split(separator: ";").first.map(Swift.String.init) ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        }

        static func isJSON(_ type: Swift.String) -> Swift.Bool {
            type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
        }
    }
}

nonisolated extension __FAKE__.Table {
    /// What is wrong with a value for its schema.
    struct Problem {
        var rule: Swift.String
        var value: Swift.String
        var sentence: Swift.String
    }

    /// The schema a `{"$ref": name}` names, followed.
    func resolve(_ schema: __FAKE__.JSON) -> __FAKE__.JSON {
        var schema = schema
        var hops = 0
        while let name = schema["$ref"]?.string, hops < 32 {
            schema = schemas[name] ?? .object([:])
            hops += 1
        }
        return schema
    }

    /// The types a schema admits, `null` included when it is `nullable`.
    func types(of schema: __FAKE__.JSON) -> [Swift.String] {
        let schema = resolve(schema)
        var types: [Swift.String] = []
        switch schema["type"] {
        case .string(let type)?: types = [type]
        case .array(let list)?: types = list.compactMap(\.string)
        default: break
        }
        if schema["nullable"] == .bool(true) { types.append("null") }
        return types
    }

    /// The first rule `value` breaks in `schema` (`place` names it in the sentence), or `nil`.
    /// A request (`request`) needs no `readOnly` member.
    /// - Parameter part: whether `schema` is a part of an `allOf`, whose `additionalProperties: false`
    ///   is not checked: the members the other parts declare would break it (JSON Schema's letter, which
    ///   servers do not follow).
    func problem(
        with value: __FAKE__.JSON, schema: __FAKE__.JSON, at place: Swift.String, request: Swift.Bool, depth: Swift.Int = 0,
        part: Swift.Bool = false
    ) -> Problem? {
        let schema = resolve(schema)
        guard depth < 64 else { return nil }
        for allOfPart in schema["allOf"]?.list ?? [] {
            if let problem = problem(with: value, schema: allOfPart, at: place, request: request, depth: depth + 1, part: true) { return problem }
        }
        for key in ["oneOf", "anyOf"] {
            let options = schema[key]?.list ?? []
            guard !options.isEmpty else { continue }
            let problems = options.map { problem(with: value, schema: $0, at: place, request: request, depth: depth + 1) }
            if !problems.contains(where: { $0 == nil }), let first = problems.compactMap({ $0 }).first {
                return Problem(rule: first.rule, value: first.value, sentence: first.sentence + " (none of its `\(key)` choices fits)")
            }
        }
        // A `type` beside a `oneOf`/`anyOf` is the union's to decide, as the generated type reads it
        // (drf-spectacular writes `type: object` beside a union of a string, a number and an object).
        let types = schema["oneOf"] == nil && schema["anyOf"] == nil ? types(of: schema) : []
        if value == .null {
            let enumAllows = schema["enum"]?.list.contains(.null) ?? false
            if types.isEmpty || types.contains("null") || enumAllows { return nil }
            return Problem(rule: "type", value: "null", sentence: "\(place) is null where the document says \(types.joined(separator: " or "))")
        }
        if !types.isEmpty, !types.contains(where: { Self.admits($0, value) }) {
            return Problem(rule: "type", value: value.text, sentence: "\(place) is \(value.text) where the document says \(types.joined(separator: " or "))")
        }
        if let values = schema["enum"]?.list, !values.isEmpty, !values.contains(value) {
            let known = values.prefix(8).map(\.text).joined(separator: ", ") + (values.count > 8 ? ", …" : "")
            return Problem(rule: "enum", value: value.text, sentence: "\(place) is \(value.text), not one of the document's values (\(known))")
        }
        if let constant = schema["const"], constant != value {
            return Problem(rule: "enum", value: value.text, sentence: "\(place) is \(value.text), not \(constant.text)")
        }
        switch value {
        case .string(let text):
            let count = text.count
            if case .number(let least)? = schema["minLength"], Swift.Double(count) < least {
                return Problem(rule: "bounds", value: value.text, sentence: "\(place) is \(value.text), shorter than \(__FAKE__.JSON.number(least).text) characters")
            }
            if case .number(let most)? = schema["maxLength"], Swift.Double(count) > most {
                return Problem(rule: "bounds", value: value.text, sentence: "\(place) is \(value.text), longer than \(__FAKE__.JSON.number(most).text) characters")
            }
            if let format = schema["format"]?.string, !Self.conforms(text, to: format) {
                return Problem(rule: "format", value: value.text, sentence: "\(place) is \(value.text), not a \(format)")
            }
            // A pattern Swift's regular expressions cannot read is not checked: no request is refused for it.
            if let pattern = schema["pattern"]?.string, let expression = try? Swift.Regex(pattern), !text.contains(expression) {
                return Problem(rule: "pattern", value: value.text, sentence: "\(place) is \(value.text), which does not match the pattern \(pattern)")
            }
        case .number(let number):
            if types.contains("integer"), !types.contains("number"), number != number.rounded() {
                return Problem(rule: "type", value: value.text, sentence: "\(place) is \(value.text), not an integer")
            }
            if case .number(let least)? = schema["minimum"] {
                if number < least || (schema["exclusiveMinimum"] == .bool(true) && number == least) {
                    return Problem(rule: "bounds", value: value.text, sentence: "\(place) is \(value.text), below the minimum \(__FAKE__.JSON.number(least).text)")
                }
            }
            if case .number(let least)? = schema["exclusiveMinimum"], number <= least {
                return Problem(rule: "bounds", value: value.text, sentence: "\(place) is \(value.text), not above \(__FAKE__.JSON.number(least).text)")
            }
            if case .number(let most)? = schema["maximum"] {
                if number > most || (schema["exclusiveMaximum"] == .bool(true) && number == most) {
                    return Problem(rule: "bounds", value: value.text, sentence: "\(place) is \(value.text), above the maximum \(__FAKE__.JSON.number(most).text)")
                }
            }
            if case .number(let most)? = schema["exclusiveMaximum"], number >= most {
                return Problem(rule: "bounds", value: value.text, sentence: "\(place) is \(value.text), not below \(__FAKE__.JSON.number(most).text)")
            }
            if schema["format"]?.string == "int32", number < -2_147_483_648 || number > 2_147_483_647 {
                return Problem(rule: "format", value: value.text, sentence: "\(place) is \(value.text), not an int32")
            }
            if case .number(let divisor)? = schema["multipleOf"], divisor > 0 {
                let quotient = number / divisor
                if quotient.isFinite, Swift.abs(quotient - quotient.rounded()) > 1e-9 * Swift.max(1, Swift.abs(quotient)) {
                    return Problem(rule: "bounds", value: value.text, sentence: "\(place) is \(value.text), not a multiple of \(__FAKE__.JSON.number(divisor).text)")
                }
            }
        case .array(let items):
            if case .number(let least)? = schema["minItems"], Swift.Double(items.count) < least {
                return Problem(rule: "bounds", value: "\(items.count) items", sentence: "\(place) has \(items.count) items, fewer than \(__FAKE__.JSON.number(least).text)")
            }
            if case .number(let most)? = schema["maxItems"], Swift.Double(items.count) > most {
                return Problem(rule: "bounds", value: "\(items.count) items", sentence: "\(place) has \(items.count) items, more than \(__FAKE__.JSON.number(most).text)")
            }
            if schema["uniqueItems"] == .bool(true), items.count <= 1_000 {
                for (index, item) in items.enumerated() where items[..<index].contains(item) {
                    return Problem(rule: "unique", value: item.text, sentence: "\(place)[\(index)] is \(item.text), which the list already holds (uniqueItems)")
                }
            }
            if let itemSchema = schema["items"] {
                for (index, item) in items.enumerated() {
                    if let problem = problem(with: item, schema: itemSchema, at: "\(place)[\(index)]", request: request, depth: depth + 1) { return problem }
                }
            }
        case .object(let members):
            let properties: [Swift.String: __FAKE__.JSON]
            if case .object(let declared)? = schema["properties"] { properties = declared } else { properties = [:] }
            for name in (schema["required"]?.list ?? []).compactMap(\.string) where members[name] == nil {
                if request, resolve(properties[name] ?? .null)["readOnly"] == .bool(true) { continue }
                return Problem(rule: "required", value: name, sentence: "\(place)'s member `\(name)` is required and missing")
            }
            for name in members.keys.sorted() {
                guard let member = members[name] else { continue }
                if let memberSchema = properties[name] {
                    if let problem = problem(with: member, schema: memberSchema, at: "\(place).\(name)", request: request, depth: depth + 1) { return problem }
                } else if let additional = schema["additionalProperties"], additional.string == nil, case .object = additional {
                    if let problem = problem(with: member, schema: additional, at: "\(place).\(name)", request: request, depth: depth + 1) { return problem }
                } else if request, !part, schema["additionalProperties"] == .bool(false) {
                    return Problem(rule: "additionalProperties", value: name, sentence: "\(place) has the member `\(name)`, which the document does not declare (additionalProperties: false)")
                }
            }
        default:
            break
        }
        return nil
    }

    /// Whether a JSON value is of a schema's `type`.
    static func admits(_ type: Swift.String, _ value: __FAKE__.JSON) -> Swift.Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("array", .array), ("object", .object), ("null", .null), ("number", .number): return true
        case ("integer", .number(let number)): return number == number.rounded()
        default: return false
        }
    }

    /// Whether `text` is written in `format` (the formats a server checks; others pass).
    static func conforms(_ text: Swift.String, to format: Swift.String) -> Swift.Bool {
        let characters = Swift.Array(text.utf8)
        func digits(_ range: Swift.Range<Swift.Int>) -> Swift.Bool {
            range.upperBound <= characters.count && characters[range].allSatisfy { $0 >= 48 && $0 <= 57 }
        }
        func at(_ index: Swift.Int, _ character: Swift.Character) -> Swift.Bool {
            index < characters.count && characters[index] == character.asciiValue
        }
        switch format {
        case "date":
            return characters.count == 10 && digits(0..<4) && at(4, "-") && digits(5..<7) && at(7, "-") && digits(8..<10)
        case "date-time":
            guard characters.count >= 20, digits(0..<4), at(4, "-"), digits(5..<7), at(7, "-"), digits(8..<10),
                at(10, "T") || at(10, "t") || at(10, " "), digits(11..<13), at(13, ":"), digits(14..<16), at(16, ":"), digits(17..<19)
            else { return false }
            return text.hasSuffix("Z") || text.hasSuffix("z") || text.dropFirst(19).contains("+") || text.dropFirst(19).contains("-")
        case "uuid":
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
        case "email":
            return text.contains("@")
        default:
            return true
        }
    }
}

"""#
}
