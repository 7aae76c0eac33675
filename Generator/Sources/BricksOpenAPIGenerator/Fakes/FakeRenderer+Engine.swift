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
        // The steering is looked up only when a test set some (a fake is benchmarked against a stub).
        let wait = delays.isEmpty ? delay : delays[operation.name] ?? delay
        if wait > .zero { try await _Concurrency.Task.sleep(for: wait) }
        if !failures.isEmpty, let failure = failures[operation.name] { throw failure }
        if checksRequests {
            try Checker(table: Self.table, operation: operation, head: head, body: sent, parameters: match.parameters).check()
        }
        if !overrides.isEmpty, let override = overrides[operation.name] {
            return try Self.response(status: override.status, contentType: "application/json", headers: [], body: override.body, head: head)
        }
        if remembers, let remembered = remember(head: head, operation: operation, parameters: match.parameters, body: sent) {
            return try Self.response(status: remembered.status, contentType: "application/json", headers: [], body: remembered.body, head: head)
        }
        let status = (statuses.isEmpty ? nil : statuses[operation.name]) ?? Swift.Int(operation.success) ?? 200
        let reply = operation.reply(for: status)
        var body = reply?.body.map { Self.replyBodies[$0] } ?? Foundation.Data()
        if head.method == .head || status == 204 || status == 304 { body = Foundation.Data() }
        var headers = reply?.headers ?? []
        // A `Link` whose next page would be asked for again and again: a page already asked for ends the list.
        if reply?.links == true, head.queryItems.contains(where: { $0.name == "page" || $0.name == "cursor" }) {
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
        guard !basePath.isEmpty, path.hasPrefix(basePath) else { return path }
        let rest = Swift.String(path.dropFirst(basePath.count))
        return rest.isEmpty || rest.hasPrefix("/") ? rest : path
    }

    /// The base URL's path without its last `/` (`/v2`), read once.
    private nonisolated static let basePath: Swift.String = {
        let base = Foundation.URL(string: __CODING__.baseURL)?.path ?? ""
        return base.hasSuffix("/") ? Swift.String(base.dropLast()) : base
    }()

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

    /// The operations and schemas of the document, as the generator wrote them down, prepared once
    /// into what a check reads: no member of a schema is looked up by name while a request is checked.
    nonisolated struct Table: Swift.Sendable {
        struct Reply: Swift.Sendable {
            var body: Swift.Int?
            var contentType: Swift.String?
            /// The declared header fields that have an example, sorted by name.
            var headers: [(name: Swift.String, value: Swift.String)]
            /// Whether a `Link` field is among them.
            var links: Swift.Bool
        }

        /// A parameter of an operation, as its check reads it.
        struct Parameter: Swift.Sendable {
            var name: Swift.String
            /// `path`, `query`, `header` or `cookie`.
            var place: Swift.String
            var required: Swift.Bool
            /// The schema of one value: the item's for a list.
            var rule: Rule
            /// Whether the parameter is a list.
            var isList: Swift.Bool
            /// Whether its values are checked: not an object (a `deepObject` and the like), not a path
            /// parameter in `label` or `matrix` style.
            var isChecked: Swift.Bool
            /// The separator of a list written as one value (a path or header list, a query list
            /// with `explode: false`), or `nil`.
            var separator: Swift.Character?
        }

        /// The request body an operation declares.
        struct Body: Swift.Sendable {
            var required: Swift.Bool
            /// The media types, without parameters, lowercased.
            var mediaTypes: [Swift.String]
            /// The schema of a JSON body, and of a form's or a multipart body's fields.
            var rule: Rule?
            var formRule: Rule?
        }

        /// Where one credential of a security requirement goes: `header`, `query` or `cookie`.
        struct Credential: Swift.Sendable {
            var place: Swift.String
            var name: Swift.String?
        }

        struct Operation: Swift.Sendable {
            var name: Swift.String
            var method: Swift.String
            var path: Swift.String
            var success: Swift.String
            var replies: [Swift.String: Reply]
            var parameters: [Parameter]
            var body: Body?
            /// The alternatives of the security requirement, each a list of credentials that go together.
            var security: [[Credential]]
            /// Whether a check reads the query or the cookies.
            var readsQuery: Swift.Bool
            var readsCookies: Swift.Bool
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
        /// The document's named schemas, a `$ref` being an index into them.
        var rules: [Rule]
        /// The operations by method, for matching.
        var byMethod: [Swift.String: [Swift.Int]]

        init(text: Swift.String) {
            let root = (try? Foundation.JSONDecoder().decode(JSON.self, from: Foundation.Data(text.utf8))) ?? .null
            var schemas: [(name: Swift.String, schema: JSON)] = []
            if case .object(let members)? = root["s"] { schemas = members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
            var names: [Swift.String: Swift.Int] = [:]
            for (index, entry) in schemas.enumerated() { names[entry.name] = index }
            let rules = schemas.map { Rule($0.schema, names: names) }
            self.rules = rules
            var operations: [Operation] = []
            var byMethod: [Swift.String: [Swift.Int]] = [:]
            for entry in root["o"]?.list ?? [] {
                var replies: [Swift.String: Reply] = [:]
                if case .object(let members)? = entry["r"] {
                    for (status, reply) in members {
                        var headers: [(name: Swift.String, value: Swift.String)] = []
                        if case .object(let fields)? = reply["h"] {
                            for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
                                if let value = value.string { headers.append((name, value)) }
                            }
                        }
                        var body: Swift.Int?
                        if case .number(let index)? = reply["b"] { body = Swift.Int(exactly: index) }
                        let links = headers.contains { $0.name.lowercased() == "link" }
                        replies[status] = Reply(body: body, contentType: reply["t"]?.string, headers: headers, links: links)
                    }
                }
                let path = entry["p"]?.string ?? ""
                let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { Self.pieces(of: Swift.String($0)) }
                let literalCount = segments.joined().reduce(0) { count, piece in
                    if case .literal(let text) = piece { return count + text.count }
                    return count
                }
                let parameters = (entry["q"]?.list ?? []).compactMap { Self.parameter($0, names: names, rules: rules) }
                var body: Body?
                if let declared = entry["b"] {
                    body = Body(
                        required: declared["r"] == .bool(true),
                        mediaTypes: (declared["t"]?.list ?? []).compactMap(\.string).map(Checker.mediaType),
                        rule: declared["s"].map { Rule($0, names: names) }, formRule: declared["f"].map { Rule($0, names: names) })
                }
                let security = (entry["a"]?.list ?? []).map { alternative in
                    alternative.list.map { Credential(place: $0["i"]?.string ?? "", name: $0["n"]?.string) }
                }
                let places = parameters.map(\.place) + security.joined().map(\.place)
                let operation = Operation(
                    name: entry["n"]?.string ?? "", method: entry["m"]?.string ?? "", path: path, success: entry["s"]?.string ?? "200",
                    replies: replies, parameters: parameters, body: body, security: security,
                    readsQuery: places.contains("query"), readsCookies: places.contains("cookie"),
                    segments: segments, literalCount: literalCount)
                byMethod[operation.method, default: []].append(operations.count)
                operations.append(operation)
            }
            self.operations = operations
            self.byMethod = byMethod
        }

        /// A parameter of the table (`n` name, `i` place, `r` required, `s` schema, `y` style,
        /// `e` explode), prepared.
        private static func parameter(_ entry: JSON, names: [Swift.String: Swift.Int], rules: [Rule]) -> Parameter? {
            guard let name = entry["n"]?.string, let place = entry["i"]?.string else { return nil }
            let style = entry["y"]?.string ?? (place == "query" || place == "cookie" ? "form" : "simple")
            let schema = Rule(entry["s"] ?? .object([:]), names: names)
            let resolved = Rule.resolve(schema, in: rules)
            let isList = resolved.types.contains("array")
            let item = isList ? Rule.resolve(resolved.items ?? Rule(.object([:]), names: [:]), in: rules) : resolved
            let isOne = isList && (entry["e"] == .bool(false) || place != "query")
            let separator: Swift.Character? = isOne ? (style == "pipeDelimited" ? "|" : style == "spaceDelimited" ? " " : ",") : nil
            let isChecked = (isList || !resolved.types.contains("object")) && (place != "path" || style == "simple")
            return Parameter(
                name: name, place: place, required: entry["r"] == .bool(true), rule: item, isList: isList, isChecked: isChecked,
                separator: separator)
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

        /// The operation whose method and path template match, and the path parameters' values
        /// (percent-decoded). When several match, one whose parameters are all given wins
        /// (`/flow_run_states/` is that path, not `/flow_run_states/{id}` with an empty id; a
        /// request with an empty parameter still matches the template, to be told so), then the one
        /// with the most literal text (`/pets/mine` before `/pets/{petId}`), then the first.
        func match(method: Swift.String, path: Swift.String) -> (operation: Operation, parameters: [Swift.String: Swift.String])? {
            guard let candidates = byMethod[method] else { return nil }
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            var best: (index: Swift.Int, whole: Swift.Bool)?
            for index in candidates where operations[index].segments.count == segments.count {
                var ignored: [Swift.String: Swift.String]?
                var whole = true
                guard Self.bind(operations[index].segments, segments, into: &ignored, whole: &whole) else { continue }
                if let best, (best.whole ? 1 : 0, operations[best.index].literalCount) >= (whole ? 1 : 0, operations[index].literalCount) {
                    continue
                }
                best = (index, whole)
            }
            guard let best else { return nil }
            var parameters: [Swift.String: Swift.String]? = [:]
            var whole = true
            guard Self.bind(operations[best.index].segments, segments, into: &parameters, whole: &whole), let parameters else { return nil }
            return (operations[best.index], parameters)
        }

        /// Whether `segments` fit the template's, with the parameters' values put into `parameters`
        /// unless it is `nil` (a first pass only asks whether they fit); `whole` turns false when a
        /// parameter's value is empty.
        private static func bind(
            _ template: [[Piece]], _ segments: Swift.ArraySlice<Swift.Substring>, into parameters: inout [Swift.String: Swift.String]?,
            whole: inout Swift.Bool
        ) -> Swift.Bool {
            for (pieces, segment) in zip(template, segments) {
                var rest = segment
                for (index, piece) in pieces.enumerated() {
                    switch piece {
                    case .literal(let text):
                        guard rest.hasPrefix(text) else { return false }
                        rest = rest.dropFirst(text.count)
                    case .parameter(let name):
                        var value = rest
                        if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1] {
                            guard let range = rest.firstRange(of: next) else { return false }
                            value = rest[..<range.lowerBound]
                        }
                        rest = rest[value.endIndex...]
                        if value.isEmpty { whole = false }
                        if parameters != nil {
                            let text = Swift.String(value)
                            parameters?[name] = text.contains("%") ? (text.removingPercentEncoding ?? text) : text
                        }
                    }
                }
                if !rest.isEmpty { return false }
            }
            return true
        }
    }

    /// A schema of the table, read once into what a check asks of it.
    nonisolated final class Rule: Swift.Sendable {
        /// A `$ref`: the index of the named rule it stands for.
        let reference: Swift.Int?
        /// `type`, with `null` when `nullable`.
        let types: [Swift.String]
        /// `oneOf` and `anyOf`, each with its choices; a `type` beside them is theirs to decide.
        let unions: [(key: Swift.String, choices: [Rule])]
        let allOf: [Rule]
        /// `enum`, when it lists values.
        let values: [JSON]?
        let constant: JSON?
        let format: Swift.String?
        let pattern: Swift.String?
        let minLength: Swift.Double?
        let maxLength: Swift.Double?
        let minimum: Swift.Double?
        let maximum: Swift.Double?
        /// OpenAPI 3.0's `exclusiveMinimum: true` and 3.1's number.
        let excludesMinimum: Swift.Bool
        let exclusiveMinimum: Swift.Double?
        let excludesMaximum: Swift.Bool
        let exclusiveMaximum: Swift.Double?
        let multipleOf: Swift.Double?
        let minItems: Swift.Double?
        let maxItems: Swift.Double?
        let uniqueItems: Swift.Bool
        let items: Rule?
        let properties: [Swift.String: Rule]
        let required: [Swift.String]
        /// `additionalProperties` as a schema, or `false` (`isClosed`).
        let additional: Rule?
        let isClosed: Swift.Bool
        let readOnly: Swift.Bool

        init(_ schema: JSON, names: [Swift.String: Swift.Int]) {
            func number(_ key: Swift.String) -> Swift.Double? {
                if case .number(let value)? = schema[key] { return value }
                return nil
            }
            func rules(_ key: Swift.String) -> [Rule] { (schema[key]?.list ?? []).map { Rule($0, names: names) } }
            reference = schema["$ref"]?.string.flatMap { names[$0] }
            var types: [Swift.String] = []
            switch schema["type"] {
            case .string(let type)?: types = [type]
            case .array(let list)?: types = list.compactMap(\.string)
            default: break
            }
            if schema["nullable"] == .bool(true) { types.append("null") }
            self.types = types
            unions = ["oneOf", "anyOf"].compactMap { key in
                let choices = rules(key)
                return choices.isEmpty ? nil : (key, choices)
            }
            allOf = rules("allOf")
            values = schema["enum"].map(\.list).flatMap { $0.isEmpty ? nil : $0 }
            constant = schema["const"]
            format = schema["format"]?.string
            pattern = schema["pattern"]?.string
            minLength = number("minLength")
            maxLength = number("maxLength")
            minimum = number("minimum")
            maximum = number("maximum")
            excludesMinimum = schema["exclusiveMinimum"] == .bool(true)
            exclusiveMinimum = number("exclusiveMinimum")
            excludesMaximum = schema["exclusiveMaximum"] == .bool(true)
            exclusiveMaximum = number("exclusiveMaximum")
            multipleOf = number("multipleOf").flatMap { $0 > 0 ? $0 : nil }
            minItems = number("minItems")
            maxItems = number("maxItems")
            uniqueItems = schema["uniqueItems"] == .bool(true)
            items = schema["items"].map { Rule($0, names: names) }
            var properties: [Swift.String: Rule] = [:]
            if case .object(let declared)? = schema["properties"] {
                for (name, property) in declared { properties[name] = Rule(property, names: names) }
            }
            self.properties = properties
            required = (schema["required"]?.list ?? []).compactMap(\.string)
            if case .object? = schema["additionalProperties"] {
                additional = schema["additionalProperties"].map { Rule($0, names: names) }
            } else {
                additional = nil
            }
            isClosed = schema["additionalProperties"] == .bool(false)
            readOnly = schema["readOnly"] == .bool(true)
        }

        /// The rule a `$ref` stands for, followed.
        static func resolve(_ rule: Rule, in rules: [Rule]) -> Rule {
            var rule = rule
            var hops = 0
            while let index = rule.reference, rules.indices.contains(index), hops < 32 {
                rule = rules[index]
                hops += 1
            }
            return rule
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
            // The query and the cookies are read once, and only by an operation that has some.
            let query = operation.readsQuery ? head.queryItems : []
            let cookies = operation.readsCookies ? Self.cookies(head) : [:]
            try checkParameters(query: query, cookies: cookies)
            try checkBody()
            try checkSecurity(query: query, cookies: cookies)
        }

        private func fail(_ rule: Swift.String, _ value: Swift.String, _ sentence: Swift.String) -> Violation {
            __FAKE__.violation("\(operation.name) (\(operation.method) \(operation.path))", rule, value, sentence)
        }

        private static func cookies(_ head: Bricks.RequestHead) -> [Swift.String: Swift.String] {
            var cookies: [Swift.String: Swift.String] = [:]
            for pair in (head.headerFields.combinedValue(for: "Cookie") ?? "").split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard let name = parts.first else { continue }
                cookies[name.trimmingCharacters(in: .whitespaces)] = parts.count > 1 ? Swift.String(parts[1]) : ""
            }
            return cookies
        }

        private func checkParameters(query: [Foundation.URLQueryItem], cookies: [Swift.String: Swift.String]) throws {
            for parameter in operation.parameters {
                let name = parameter.name
                var values: [Swift.String] = []
                switch parameter.place {
                case "path":
                    let value = parameters[name] ?? ""
                    if value.isEmpty { throw fail("required", name, "the path parameter `\(name)` is empty") }
                    values = [value]
                case "query":
                    let items = query.filter { $0.name == name }
                    // `filter[name]=…` is the parameter `filter`'s too (a `deepObject`).
                    if items.isEmpty && !query.contains(where: { $0.name.hasPrefix(name) && $0.name.dropFirst(name.count).hasPrefix("[") }) {
                        if parameter.required { throw fail("required", name, "the query parameter `\(name)` is required and missing") }
                        continue
                    }
                    values = items.compactMap(\.value)
                case "header":
                    guard let value = head.headerFields.combinedValue(for: name) else {
                        if parameter.required { throw fail("required", name, "the header `\(name)` is required and missing") }
                        continue
                    }
                    values = [value]
                case "cookie":
                    guard let value = cookies[name] else {
                        if parameter.required { throw fail("required", name, "the cookie `\(name)` is required and missing") }
                        continue
                    }
                    values = [value]
                default:
                    continue
                }
                guard parameter.isChecked else { continue }
                if let separator = parameter.separator {
                    values = values.flatMap { $0.split(separator: separator, omittingEmptySubsequences: false).map(Swift.String.init) }
                }
                for text in values {
                    if let problem = table.problem(with: table.scalar(text, for: parameter.rule), rule: parameter.rule, request: true) {
                        throw fail(problem.rule, text, "the \(parameter.place) parameter " + problem.sentence(at: "`\(name)`"))
                    }
                }
            }
        }

        private func checkBody() throws {
            guard let declared = operation.body else {
                if body != nil { throw fail("body", "body", "the operation takes no body, and one was sent") }
                return
            }
            guard let body else {
                if declared.required { throw fail("body", "body", "the request body is required and missing") }
                return
            }
            let contentType = head.headerFields.combinedValue(for: "Content-Type") ?? ""
            let sent = Self.mediaType(contentType)
            let accepted = declared.mediaTypes.isEmpty || declared.mediaTypes.contains { type in
                type == sent || type == "*/*" || (type.hasSuffix("/*") && sent.hasPrefix(type.dropLast()))
                    || (Self.isJSON(type) && Self.isJSON(sent))
            }
            if !accepted {
                throw fail(
                    "media type", sent,
                    "the body's media type `\(sent)` is not one the document declares (\(declared.mediaTypes.joined(separator: ", ")))")
            }
            if Self.isJSON(sent), let rule = declared.rule {
                guard let value = try? Foundation.JSONDecoder().decode(JSON.self, from: body) else {
                    throw fail("body", "body", "the body is not JSON")
                }
                if let problem = table.problem(with: value, rule: rule, request: true) {
                    throw fail(problem.rule, problem.value, problem.sentence(at: "the body"))
                }
            } else if sent == "application/x-www-form-urlencoded", let rule = declared.formRule {
                try checkFields(Self.formFields(body), rule: rule)
            } else if sent == "multipart/form-data", let rule = declared.formRule {
                guard let boundary = Self.parameter("boundary", of: contentType), let fields = Self.multipartFields(body, boundary: boundary) else {
                    throw fail("body", "body", "the body is not multipart/form-data with the boundary its Content-Type names")
                }
                try checkFields(fields, rule: rule)
            }
        }

        /// A form's or a multipart body's fields against the body's schema: required members, and
        /// each text field read as its member's schema reads a parameter (a file is only counted).
        /// A field named `a[b]` is the member `a`'s, and not checked further.
        private func checkFields(_ fields: [(name: Swift.String, text: Swift.String?)], rule: Rule) throws {
            let object = table.objectRules(rule)
            var seen: Swift.Set<Swift.String> = []
            for field in fields {
                let member = field.name.split(separator: "[", maxSplits: 1).first.map(Swift.String.init) ?? field.name
                seen.insert(member)
                guard let property = object.properties[member] else {
                    if object.isClosed {
                        throw fail(
                            "additionalProperties", member,
                            "the body has the member `\(member)`, which the document does not declare (additionalProperties: false)")
                    }
                    continue
                }
                guard member == field.name, let text = field.text else { continue }
                let resolved = Rule.resolve(property, in: table.rules)
                let itemRule = resolved.types.contains("array") ? Rule.resolve(resolved.items ?? resolved, in: table.rules) : resolved
                guard !itemRule.types.contains("object"), !itemRule.types.contains("array") else { continue }
                if let problem = table.problem(with: table.scalar(text, for: itemRule), rule: itemRule, request: true) {
                    throw fail(problem.rule, text, problem.sentence(at: "the body's member `\(member)`"))
                }
            }
            for required in object.required where !seen.contains(required) {
                if let property = object.properties[required], Rule.resolve(property, in: table.rules).readOnly { continue }
                throw fail("required", required, "the body's member `\(required)` is required and missing")
            }
        }

        private func checkSecurity(query: [Foundation.URLQueryItem], cookies: [Swift.String: Swift.String]) throws {
            let alternatives = operation.security
            guard !alternatives.isEmpty else { return }
            let satisfied = alternatives.contains { alternative in
                alternative.allSatisfy { credential in
                    guard let name = credential.name else { return true }
                    switch credential.place {
                    case "header": return head.headerFields.contains(name)
                    case "query": return query.contains { $0.name == name }
                    case "cookie": return cookies[name] != nil
                    default: return true
                    }
                }
            }
            if !satisfied {
                let needed = alternatives.map { alternative in
                    alternative.map { "\($0.place) `\($0.name ?? "")`" }.joined(separator: " and ")
                }
                throw fail("security", needed.joined(separator: " or "), "no credential: the request needs " + needed.joined(separator: ", or "))
            }
        }

        /// The fields of an `application/x-www-form-urlencoded` body, decoded.
        static func formFields(_ body: Foundation.Data) -> [(name: Swift.String, text: Swift.String?)] {
            Swift.String(decoding: body, as: Swift.UTF8.self).split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                func decoded(_ text: Swift.Substring) -> Swift.String {
                    let spaced = text.replacingOccurrences(of: "+", with: " ")
                    return spaced.removingPercentEncoding ?? spaced
                }
                return (decoded(parts.first ?? ""), parts.count > 1 ? decoded(parts[1]) : "")
            }
        }

        /// The parts of a `multipart/form-data` body: each one's name and, for a part that is not a
        /// file (no `filename`, no media type but text), its text; `nil` when the body is not one.
        static func multipartFields(_ body: Foundation.Data, boundary: Swift.String) -> [(name: Swift.String, text: Swift.String?)]? {
            let bytes = Swift.Array(body)
            let delimiter = Swift.Array(("--" + boundary).utf8)
            guard let first = delimiter.first else { return nil }
            var starts: [Swift.Int] = []
            var index = 0
            while index + delimiter.count <= bytes.count {
                if bytes[index] == first, bytes[index..<(index + delimiter.count)].elementsEqual(delimiter) {
                    starts.append(index)
                    index += delimiter.count
                } else {
                    index += 1
                }
            }
            guard starts.count >= 2 else { return nil }
            let separator = Swift.Array("\r\n\r\n".utf8)
            var fields: [(name: Swift.String, text: Swift.String?)] = []
            for (start, end) in zip(starts, starts.dropFirst()) {
                var part = bytes[(start + delimiter.count)..<end]
                if part.starts(with: [13, 10]) { part = part.dropFirst(2) }
                if part.reversed().starts(with: [10, 13]) { part = part.dropLast(2) }
                guard let split = part.firstRange(of: separator) else { return nil }
                let headers = Swift.String(decoding: part[..<split.lowerBound], as: Swift.UTF8.self)
                var name: Swift.String?
                var isText = true
                for line in headers.split(separator: "\r\n") {
                    let field = line.split(separator: ":", maxSplits: 1)
                    guard field.count == 2 else { continue }
                    let value = Swift.String(field[1])
                    switch field[0].trimmingCharacters(in: .whitespaces).lowercased() {
                    case "content-disposition":
                        name = parameter("name", of: value)
                        if parameter("filename", of: value) != nil { isText = false }
                    case "content-type":
                        if !mediaType(value).hasPrefix("text/") { isText = false }
                    default:
                        break
                    }
                }
                guard let name else { return nil }
                fields.append((name, isText ? Swift.String(decoding: part[split.upperBound...], as: Swift.UTF8.self) : nil))
            }
            return fields
        }

        /// A parameter of a header field's value (`boundary` of `multipart/form-data; boundary=x`,
        /// `name` of a part's `Content-Disposition`), unquoted.
        static func parameter(_ name: Swift.String, of value: Swift.String) -> Swift.String? {
            for piece in value.split(separator: ";").dropFirst() {
                let pair = piece.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
                let text = pair[1].trimmingCharacters(in: .whitespaces)
                return text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? Swift.String(text.dropFirst().dropLast()) : text
            }
            return nil
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
    /// What is wrong with a value for its schema: the rule, the value, and the sentence that says
    /// so after the value's place (the place is written only when a request fails).
    struct Problem {
        var rule: Swift.String
        var value: Swift.String
        /// The place within the checked value, innermost first (`.name`, `[2]`).
        var path: [Swift.String] = []
        var detail: Swift.String

        /// The sentence, the checked value being at `place` (`the body`, `` `limit` ``).
        func sentence(at place: Swift.String) -> Swift.String {
            place + path.reversed().joined() + detail
        }

        /// The same problem, one level further in (`.name`, `[2]`).
        func within(_ step: Swift.String) -> Problem {
            var problem = self
            problem.path.append(step)
            return problem
        }
    }

    /// The members an object's rule declares, with its `allOf` parts' (resolved), and whether it is
    /// closed to others: what a form's fields are checked against.
    func objectRules(_ rule: __FAKE__.Rule) -> (properties: [Swift.String: __FAKE__.Rule], required: [Swift.String], isClosed: Swift.Bool) {
        let rule = __FAKE__.Rule.resolve(rule, in: rules)
        var properties = rule.properties
        var required = rule.required
        for part in rule.allOf.map({ __FAKE__.Rule.resolve($0, in: rules) }) {
            properties.merge(part.properties) { first, _ in first }
            required += part.required
        }
        return (properties, required, rule.isClosed && rule.allOf.isEmpty)
    }

    /// A parameter's or a form field's text as the JSON value its rule reads: a number, a boolean,
    /// `null`, or text (the types of a union's choices count: `5` for `anyOf: [integer, string]`
    /// is a number).
    func scalar(_ text: Swift.String, for rule: __FAKE__.Rule) -> __FAKE__.JSON {
        let resolved = __FAKE__.Rule.resolve(rule, in: rules)
        let kinds = resolved.types + resolved.unions.flatMap(\.choices).flatMap { __FAKE__.Rule.resolve($0, in: rules).types }
        if kinds.contains("integer") || kinds.contains("number"), let number = Swift.Double(text) { return .number(number) }
        if kinds.contains("boolean"), text == "true" || text == "false" { return .bool(text == "true") }
        if kinds.contains("null"), text == "null" { return .null }
        return .string(text)
    }

    /// The first rule `value` breaks in `rule`, or `nil`. A request (`request`) needs no `readOnly`
    /// member.
    /// - Parameter part: whether `rule` is a part of an `allOf`, whose `additionalProperties: false`
    ///   is not checked: the members the other parts declare would break it (JSON Schema's letter, which
    ///   servers do not follow).
    func problem(
        with value: __FAKE__.JSON, rule: __FAKE__.Rule, request: Swift.Bool, depth: Swift.Int = 0, part: Swift.Bool = false
    ) -> Problem? {
        let rule = __FAKE__.Rule.resolve(rule, in: rules)
        guard depth < 64 else { return nil }
        for allOfPart in rule.allOf {
            if let problem = problem(with: value, rule: allOfPart, request: request, depth: depth + 1, part: true) { return problem }
        }
        for union in rule.unions {
            var first: Problem?
            var fits = false
            for choice in union.choices {
                guard let problem = problem(with: value, rule: choice, request: request, depth: depth + 1) else {
                    fits = true
                    break
                }
                if first == nil { first = problem }
            }
            if !fits, var first {
                first.detail += " (none of its `\(union.key)` choices fits)"
                return first
            }
        }
        // A `type` beside a `oneOf`/`anyOf` is the union's to decide, as the generated type reads it
        // (drf-spectacular writes `type: object` beside a union of a string, a number and an object).
        let types = rule.unions.isEmpty ? rule.types : []
        if value == .null {
            let enumAllows = rule.values?.contains(.null) ?? false
            if types.isEmpty || types.contains("null") || enumAllows { return nil }
            return Problem(rule: "type", value: "null", detail: " is null where the document says \(types.joined(separator: " or "))")
        }
        if !types.isEmpty, !types.contains(where: { Self.admits($0, value) }) {
            return Problem(rule: "type", value: value.text, detail: " is \(value.text) where the document says \(types.joined(separator: " or "))")
        }
        if let values = rule.values, !values.contains(value) {
            let known = values.prefix(8).map(\.text).joined(separator: ", ") + (values.count > 8 ? ", …" : "")
            return Problem(rule: "enum", value: value.text, detail: " is \(value.text), not one of the document's values (\(known))")
        }
        if let constant = rule.constant, constant != value {
            return Problem(rule: "enum", value: value.text, detail: " is \(value.text), not \(constant.text)")
        }
        switch value {
        case .string(let text):
            if rule.minLength != nil || rule.maxLength != nil {
                let count = Swift.Double(text.count)
                if let least = rule.minLength, count < least {
                    return Problem(rule: "bounds", value: value.text, detail: " is \(value.text), shorter than \(__FAKE__.JSON.number(least).text) characters")
                }
                if let most = rule.maxLength, count > most {
                    return Problem(rule: "bounds", value: value.text, detail: " is \(value.text), longer than \(__FAKE__.JSON.number(most).text) characters")
                }
            }
            if let format = rule.format, !Self.conforms(text, to: format) {
                return Problem(rule: "format", value: value.text, detail: " is \(value.text), not a \(format)")
            }
            // A pattern Swift's regular expressions cannot read is not checked: no request is refused for it.
            if let pattern = rule.pattern, let expression = try? Swift.Regex(pattern), !text.contains(expression) {
                return Problem(rule: "pattern", value: value.text, detail: " is \(value.text), which does not match the pattern \(pattern)")
            }
        case .number(let number):
            if types.contains("integer"), !types.contains("number"), number != number.rounded() {
                return Problem(rule: "type", value: value.text, detail: " is \(value.text), not an integer")
            }
            if let least = rule.minimum, number < least || (rule.excludesMinimum && number == least) {
                return Problem(rule: "bounds", value: value.text, detail: " is \(value.text), below the minimum \(__FAKE__.JSON.number(least).text)")
            }
            if let least = rule.exclusiveMinimum, number <= least {
                return Problem(rule: "bounds", value: value.text, detail: " is \(value.text), not above \(__FAKE__.JSON.number(least).text)")
            }
            if let most = rule.maximum, number > most || (rule.excludesMaximum && number == most) {
                return Problem(rule: "bounds", value: value.text, detail: " is \(value.text), above the maximum \(__FAKE__.JSON.number(most).text)")
            }
            if let most = rule.exclusiveMaximum, number >= most {
                return Problem(rule: "bounds", value: value.text, detail: " is \(value.text), not below \(__FAKE__.JSON.number(most).text)")
            }
            if rule.format == "int32", number < -2_147_483_648 || number > 2_147_483_647 {
                return Problem(rule: "format", value: value.text, detail: " is \(value.text), not an int32")
            }
            if let divisor = rule.multipleOf {
                let quotient = number / divisor
                if quotient.isFinite, Swift.abs(quotient - quotient.rounded()) > 1e-9 * Swift.max(1, Swift.abs(quotient)) {
                    return Problem(rule: "bounds", value: value.text, detail: " is \(value.text), not a multiple of \(__FAKE__.JSON.number(divisor).text)")
                }
            }
        case .array(let items):
            if let least = rule.minItems, Swift.Double(items.count) < least {
                return Problem(rule: "bounds", value: "\(items.count) items", detail: " has \(items.count) items, fewer than \(__FAKE__.JSON.number(least).text)")
            }
            if let most = rule.maxItems, Swift.Double(items.count) > most {
                return Problem(rule: "bounds", value: "\(items.count) items", detail: " has \(items.count) items, more than \(__FAKE__.JSON.number(most).text)")
            }
            if rule.uniqueItems, items.count <= 1_000 {
                for (index, item) in items.enumerated() where items[..<index].contains(item) {
                    return Problem(rule: "unique", value: item.text, path: ["[\(index)]"], detail: " is \(item.text), which the list already holds (uniqueItems)")
                }
            }
            if let itemRule = rule.items {
                for (index, item) in items.enumerated() {
                    if let problem = problem(with: item, rule: itemRule, request: request, depth: depth + 1) { return problem.within("[\(index)]") }
                }
            }
        case .object(let members):
            for name in rule.required where members[name] == nil {
                if request, let property = rule.properties[name], __FAKE__.Rule.resolve(property, in: rules).readOnly { continue }
                return Problem(rule: "required", value: name, detail: "'s member `\(name)` is required and missing")
            }
            for name in members.keys.sorted() {
                guard let member = members[name] else { continue }
                if let property = rule.properties[name] {
                    if let problem = problem(with: member, rule: property, request: request, depth: depth + 1) { return problem.within(".\(name)") }
                } else if let additional = rule.additional {
                    if let problem = problem(with: member, rule: additional, request: request, depth: depth + 1) { return problem.within(".\(name)") }
                } else if request, !part, rule.isClosed {
                    return Problem(
                        rule: "additionalProperties", value: name,
                        detail: " has the member `\(name)`, which the document does not declare (additionalProperties: false)")
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
