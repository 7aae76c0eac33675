import Bricks
import Foundation

/// A transport that answers from recorded exchanges (a fixture file written by
/// ``RecordingTransport``, or recordings in the same format), for tests and demos without a
/// network.
///
/// ```swift
/// let replay = try ReplayTransport(contentsOf: fixtureURL)   // in a test target: Bundle.module's resource
/// let labels = try await replay.session().send(ListLabels(owner: "octokit-fixture-org", repo: "labels"))
/// ```
///
/// A request is answered by a recording with the same method, path and query; query items may
/// come in any order, and a recorded value of `REDACTED` matches any value. The scheme, host and
/// port are not compared, so a fixture recorded against `https://api.github.com` answers a session
/// whose `baseURL` is `http://127.0.0.1:8080`, and absolute URLs from `Link` headers work; but the
/// whole path must match, so a `baseURL` with a path prefix (`/api/v3`) needs a fixture recorded
/// with it. With ``Options/matchesBody`` the request body must match too (JSON compared as values).
///
/// Each recording answers once, in the order recorded, so repeated identical requests get
/// successive replies (page 1, then page 2). A request that no recording answers fails in strict
/// mode (the default) with ``BricksTestingError`` naming the request and the nearest recording,
/// or gets a `404` with that text as its body in lenient mode.
public actor ReplayTransport: HTTPTransport {
    /// How requests are matched with recordings, and what happens when none answers.
    public struct Options: Sendable {
        /// Whether a request that no recording answers throws (`true`) or gets a `404` (`false`).
        public var isStrict: Bool
        /// Whether the request body must match the recorded one.
        public var matchesBody: Bool
        /// Whether, once every matching recording has answered, the last one answers again
        /// (`true`) or the request counts as unanswered (`false`).
        public var repeatsExchanges: Bool

        /// Makes options.
        /// - Parameters:
        ///   - strict: throw for a request no recording answers. Default: `true`.
        ///   - matchesBody: compare request bodies too. Default: `false`.
        ///   - repeatsExchanges: serve the last matching recording again once all are used.
        ///     Default: `false`.
        public init(strict: Bool = true, matchesBody: Bool = false, repeatsExchanges: Bool = false) {
            isStrict = strict
            self.matchesBody = matchesBody
            self.repeatsExchanges = repeatsExchanges
        }

        /// The default: unknown requests throw, bodies are not compared, each recording answers once.
        public static let strict = Options()
        /// Unknown requests get a `404` whose body says what is missing.
        public static let lenient = Options(strict: false)
    }

    /// The recorded exchanges, in order.
    public nonisolated let exchanges: [RecordedExchange]
    /// How requests are matched.
    public nonisolated let options: Options
    private let keys: [ReplayKey]
    private var served: [Bool]

    /// Makes a transport that replays `exchanges`.
    public init(exchanges: [RecordedExchange], options: Options = .strict) {
        self.exchanges = exchanges
        self.options = options
        keys = exchanges.map { ReplayKey(method: $0.method.rawValue, target: $0.path) }
        served = Array(repeating: false, count: exchanges.count)
    }

    /// Makes a transport that replays the exchanges in fixture `data` (a JSON list of
    /// ``RecordedExchange``).
    /// - Throws: ``BricksTestingError/malformedFixture(source:reason:)``.
    public init(data: Data, options: Options = .strict) throws {
        self.init(exchanges: try Self.decode(data, source: "data"), options: options)
    }

    /// Makes a transport that replays the exchanges of a fixture file.
    /// - Throws: ``BricksTestingError/unreadableFile(path:reason:)`` or
    ///   ``BricksTestingError/malformedFixture(source:reason:)``.
    public init(contentsOf fileURL: URL, options: Options = .strict) throws {
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw BricksTestingError.unreadableFile(path: fileURL.path, reason: error.localizedDescription)
        }
        self.init(exchanges: try Self.decode(data, source: fileURL.lastPathComponent), options: options)
    }

    /// The recordings that have not answered any request yet, in order: assert that it is empty
    /// to check that a test made every recorded call.
    public var unservedExchanges: [RecordedExchange] {
        exchanges.indices.filter { !served[$0] }.map { exchanges[$0] }
    }

    /// Answers `request` from the first unused recording that matches it.
    /// - Throws: in strict mode, ``BricksTestingError/noRecordedExchange(request:nearest:)`` or
    ///   ``BricksTestingError/recordingsExhausted(request:count:)``; `CancellationError` when the
    ///   task is cancelled.
    public func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
        try Task.checkCancellation()
        let request = SentRequest(head: head, httpBody: try await body?.collected(), context: context)
        let key = ReplayKey(method: request.methodName, target: request.target)
        let body = request.httpBody ?? Data()
        let candidates = keys.indices.filter {
            key.isAnswered(by: keys[$0])
                && (!options.matchesBody || Self.body(body, matches: exchanges[$0].requestBody))
        }
        if let index = candidates.first(where: { !served[$0] }) ?? (options.repeatsExchanges ? candidates.last : nil) {
            served[index] = true
            return try reply(exchanges[index], to: request)
        }
        let error =
            candidates.isEmpty
            ? BricksTestingError.noRecordedExchange(request: request.summary, nearest: nearest(to: key, body: body))
            : BricksTestingError.recordingsExhausted(request: request.summary, count: candidates.count)
        if options.isStrict { throw error }
        return try CannedResponse.make(
            for: request, status: 404, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: Data(error.description.utf8))
    }

    private func reply(_ exchange: RecordedExchange, to request: SentRequest) throws -> RawResponse {
        var headers = exchange.headers
        // JSON bodies are re-encoded from the fixture, so a recorded length no longer holds.
        if let name = headers.keys.first(where: { $0.lowercased() == "content-length" }) {
            headers[name] = String(exchange.responseBody.count)
        }
        return try CannedResponse.make(
            for: request, status: exchange.status, headers: HeaderFields(headers), body: exchange.responseBody)
    }

    /// `METHOD path` of the recording most like the request, and how it differs.
    private func nearest(to key: ReplayKey, body: Data) -> String? {
        guard let index = keys.indices.max(by: { key.closeness(to: keys[$0]) < key.closeness(to: keys[$1]) })
        else { return nil }
        let exchange = exchanges[index]
        var differences = key.differences(from: keys[index])
        if options.matchesBody, !Self.body(body, matches: exchange.requestBody) { differences.append("body") }
        let name = "\(exchange.method) \(exchange.path)"
        guard !differences.isEmpty else { return name }
        return name + ", which differs in its " + Self.list(differences)
    }

    /// Whether a request body matches a recorded one: as JSON values when both are JSON, else byte
    /// for byte.
    private static func body(_ body: Data, matches recorded: Data) -> Bool {
        if body == recorded { return true }
        guard let sent = JSONValue.container(in: body), let expected = JSONValue.container(in: recorded) else {
            return false
        }
        return sent == expected
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }

    private static func decode(_ data: Data, source: String) throws -> [RecordedExchange] {
        do {
            return try JSONDecoder().decode([RecordedExchange].self, from: data)
        } catch let error as DecodingError {
            throw BricksTestingError.malformedFixture(source: source, reason: describe(error))
        } catch {
            throw BricksTestingError.malformedFixture(source: source, reason: "\(error)")
        }
    }

    /// A decoding error as "what (at [2].status)".
    private static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let found), .keyNotFound(_, let found), .typeMismatch(_, let found),
            .valueNotFound(_, let found):
            context = found
        @unknown default:
            return "\(error)"
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? context.debugDescription : "\(context.debugDescription) (at \(path))"
    }
}
