// The one file that calls into Bricks. The targets see plain values (strings, bytes, tuples), so
// that a rename inside Bricks is fixed here and nowhere else.
@testable import Bricks
@testable import BricksTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A header field as the targets see it.
typealias Field = (name: String, value: String)

enum Lib {
    private static func fields(_ list: [Field]) -> HeaderFields { HeaderFields(list.map { HeaderField(name: $0.name, value: $0.value) }) }

    private static func head(status: Int, _ list: [Field], url: String = "https://example.com/") -> ResponseHead {
        ResponseHead(statusCode: status, headerFields: fields(list), url: URL(string: url) ?? URL(fileURLWithPath: "/"))
    }

    // MARK: Response head checks

    /// ``CallContext/checkHead(_:)`` with the given limits: `nil` when the head passes, else
    /// whether the error was the body limit's.
    static func checkHead(
        status: Int, _ list: [Field], maximumHeaderCount: Int, maximumHeaderBytes: Int, maximumBodySize: Int,
        isHeadRequest: Bool
    ) -> (passed: Bool, tooLarge: Bool) {
        var context = CallContext(maximumResponseSize: maximumBodySize)
        context.responseLimits = ResponseLimits(maximumHeaderCount: maximumHeaderCount, maximumHeaderBytes: maximumHeaderBytes)
        context.isHeadRequest = isHeadRequest
        do {
            try context.checkHead(head(status: status, list))
            return (true, false)
        } catch {
            if case .responseTooLarge = error.reason { return (false, true) }
            return (false, false)
        }
    }

    /// ``ResponseHead/expectedContentLength``.
    static func expectedContentLength(_ list: [Field]) -> Int64 { head(status: 200, list).expectedContentLength }

    /// ``DecimalDigits``' three readings of `text`.
    static func decimal(_ text: String) -> (isDigits: Bool, value: Int64?, deltaSeconds: Int64?) {
        (DecimalDigits.isDigits(text), DecimalDigits.value(text), DecimalDigits.deltaSeconds(text))
    }

    // MARK: Line framing: server-sent events, JSON Lines

    /// One event as the targets compare them.
    struct Event: Equatable {
        var type: String
        var data: String
        var id: String?
        var retry: Duration?
    }

    /// What a stream read in `chunks` gave.
    struct EventsOutcome: Equatable {
        var events: [Event] = []
        var error: String?
        var lastEventID = ""
        var reconnectionTime: Duration?
        /// The most bytes the parser held between two chunks.
        var largestBuffer = 0
    }

    /// A ``ServerSentEventParser`` fed `chunks`, then finished.
    static func serverSentEvents(_ chunks: [[UInt8]], maximumLineLength: Int, maximumEventSize: Int) -> EventsOutcome {
        var parser = ServerSentEventParser(maximumLineLength: maximumLineLength, maximumEventSize: maximumEventSize)
        var outcome = EventsOutcome()
        let record = { (events: [ServerSentEvent]) in
            outcome.events += events.map { Event(type: $0.event, data: $0.data, id: $0.id, retry: $0.retry) }
        }
        do {
            for chunk in chunks {
                record(try parser.parse(chunk))
                outcome.largestBuffer = max(outcome.largestBuffer, parser.bufferedByteCount)
            }
            record(try parser.finish())
        } catch {
            outcome.error = "\(error)"
        }
        outcome.lastEventID = parser.lastEventID
        outcome.reconnectionTime = parser.reconnectionTime
        return outcome
    }

    /// What a ``LineSplitter`` fed `chunks` gave: the lines, and the error that stopped it.
    static func splitLines(_ chunks: [[UInt8]], maximumLineLength: Int) -> (lines: [[UInt8]], error: String?, largestBuffer: Int) {
        var splitter = LineSplitter(maximumLineLength: maximumLineLength)
        var lines: [[UInt8]] = []
        var largest = 0
        do {
            for chunk in chunks {
                lines += try splitter.parse(chunk).map { [UInt8]($0) }
                largest = max(largest, splitter.bufferedByteCount)
            }
            lines += try splitter.finish().map { [UInt8]($0) }
        } catch {
            return (lines, "\(error)", largest)
        }
        return (lines, nil, largest)
    }

    /// A JSON Lines body read in `chunks` by ``JSONLinesResponseType``'s reader: each item as
    /// JSON text (BricksTesting's `JSONValue`), and the error that stopped it.
    static func jsonLines(_ chunks: [[UInt8]], maximumLineLength: Int) -> (items: [String], error: String?) {
        let reader = JSONLinesFuzzEndpoint(maximumLineLength: maximumLineLength).makeEventReader()
        // Each item written back as JSON with sorted keys: one text for one value.
        let writer = JSONEncoder()
        writer.outputFormatting = .sortedKeys
        let text = { (value: JSONValue) throws -> String in String(decoding: try writer.encode(value), as: UTF8.self) }
        var items: [String] = []
        do {
            for chunk in chunks { items += try reader.read(Data(chunk)).map(text) }
            items += try reader.finish().map(text)
        } catch {
            return (items, "\(error)")
        }
        return (items, nil)
    }

    // MARK: Link headers and pagination

    /// The links of a `Link` value: target, parameters, relations.
    static func links(_ value: String) -> [(target: String, parameters: [String: String], relations: [String])] {
        LinkHeader(value).links.map { ($0.target, $0.parameters, $0.relations) }
    }

    /// The path and query a `rel="next"` link leads to from `page` (``PageLink``), or the error.
    static func pageLink(_ target: String, page: URL) -> Result<String, Failure> {
        do { return .success(try PageLink.originForm(of: target, carriedBy: page)) } catch { return .failure(Failure(message: "\(error)")) }
    }

    /// The whole way of a `Link` reply: the next request of a ``LinkHeaderPaginatedRequestType``
    /// endpoint based on `base`, and the scheme, authority and path and query its head goes to.
    static func nextLinkPage(linkValue: String, page: URL, base: URL)
        -> Result<(scheme: String, authority: String, pathAndQuery: String, foundationHost: String?)?, Failure>
    {
        let endpoint = LinkFuzzEndpoint(baseURL: base)
        do {
            guard let next = try endpoint.nextRequest(after: [], head: head(status: 200, [("Link", linkValue)], url: page.absoluteString))
            else { return .success(nil) }
            let head = try next.makeRequestHead(body: nil)
            let url = try head.makeURL()
            var pathAndQuery = head.path
            if let query = url.query(percentEncoded: true) { pathAndQuery += "?" + query }
            return .success((head.scheme, head.authority, pathAndQuery, url.host(percentEncoded: false)))
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
    }

    /// The next page a `X-Next-Page` header names after page `page`, or the error.
    static func nextPageNumber(_ header: String, page: Int) -> Result<Int?, Failure> {
        do {
            return .success(try NextPageFuzzEndpoint(page: page).nextRequest(after: [], head: head(status: 200, [("X-Next-Page", header)]))?.page)
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
    }

    /// The scheme and authority of an `http(s)` URL, as Bricks compares origins.
    static func origin(_ url: String) -> String? {
        (try? URLParts(url, what: "url")).map { "\($0.origin)" }
    }

    // MARK: Caching

    /// ``CacheControl``'s readings of a list of `Cache-Control` values.
    static func cacheControl(_ values: [String], names: [String]) -> [(name: String, has: Bool, seconds: Int64?, bare: Bool)] {
        let control = CacheControl(fields(values.map { ("Cache-Control", $0) }))
        return names.map { ($0, control.has($0), control.seconds($0), control.hasWithoutArgument($0)) }
    }

    /// ``HTTPDate/parse(_:)`` and its hand-written fast path.
    static func httpDate(_ text: String) -> (any: Date?, imfFixdate: Date?) {
        (HTTPDate.parse(text), HTTPDate.parseIMFFixdate(text))
    }

    /// What the cache decides about a reply with these fields, received over `[requestTime, responseTime]`.
    static func freshness(status: Int, _ list: [Field], requestTime: Date, responseTime: Date, now: Date)
        -> (storable: Bool, lifetime: Double, initialAge: Double, currentAge: Double, fresh: Bool, servedAge: String?)
    {
        let head = head(status: status, list)
        let stored = StoredResponse(
            url: "https://example.com/", head: head, body: Data(), varied: [:], credentials: nil,
            requestTime: requestTime, responseTime: responseTime)
        let refreshed = stored.updated(with: self.head(status: 304, list), requestTime: requestTime, responseTime: responseTime)
        _ = refreshed.isFresh(at: now)
        return (
            HTTPCacheMiddleware.isStorable(head), stored.metadata.freshness, stored.metadata.initialAge,
            stored.currentAge(at: now), stored.isFresh(at: now), nil
        )
    }

    /// Whether a stored reply whose `Vary` names `varied` answers a request with `request` fields.
    static func varyMatches(varied: [String: String?], request: [Field]) -> Bool {
        let stored = StoredResponse(
            metadata: .init(
                url: "u", statusCode: 200, fields: [], varied: varied, credentials: nil, requestTime: Date(),
                responseTime: Date(), freshness: 0, initialAge: 0), body: Data())
        return stored.matches(fields(request), credentials: nil)
    }

    /// ``StoredResponse/normalized(_:)``.
    static func varyNormalized(_ value: String) -> String? { StoredResponse.normalized(value) }

    // MARK: Disk cache store

    /// A cache file's variants as the targets compare them.
    struct CachedVariant: Equatable {
        var url: String
        var status: Int
        var fields: [[String]]
        var body: [UInt8]
        var freshness: Double
        var initialAge: Double
    }

    /// ``DiskCacheStore``'s reading of a file's bytes: its variants, or `nil` when it refuses it.
    static func decodeCacheFile(_ bytes: [UInt8]) -> [CachedVariant]? {
        DiskCacheStore.decode(Data(bytes))?.map(describe)
    }

    /// A file the store would write for `variants`.
    static func encodeCacheFile(_ variants: [CachedVariant]) -> [UInt8]? {
        DiskCacheStore.encode(variants.map(stored)).map { [UInt8]($0) }
    }

    /// A file of this store's framing (magic, length, digest) around any `json` and `bodies`:
    /// what a store of another version, or a bit flip before the digest was taken, leaves.
    static func frameCacheFile(json: [UInt8], bodies: [UInt8]) -> [UInt8] {
        var data = Array("BRICKS-CACHE 1\n".utf8)
        withUnsafeBytes(of: UInt64(json.count).bigEndian) { data.append(contentsOf: $0) }
        data += json
        data += bodies
        data += SHA256.digest(data)
        return data
    }

    /// Reads `file` through a ``DiskCacheStore`` in `directory` the way the HTTP cache does on a
    /// hit (`preferCache`), and returns what it served: status, `Age`, body.
    static func serveFromDisk(file: [UInt8], directory: URL) -> (status: Int, age: String?, body: [UInt8])? {
        let key = "https://example.com/item"
        let name = SHA256.hex(key.utf8) + ".cache"
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard (try? Data(file).write(to: directory.appendingPathComponent(name))) != nil else { return nil }
        let cache = HTTPCacheMiddleware(storage: .disk(directory: directory, maximumBytes: 1 << 20), now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let result = Blocking.run { () async -> (Int, String?, [UInt8])? in
            guard let url = URL(string: key), let request = try? RequestHead(url: url) else { return nil }
            var context = CallContext(endpointType: JSONValue.self, isIdempotent: true)
            context.httpCachePolicy = .preferCache
            let reply = try? await cache.intercept(request, body: nil, context: context) { _, _, _ in
                RawResponse(head: ResponseHead(statusCode: 599, url: url), body: ResponseBody(Data()))
            }
            guard let reply else { return nil }
            return (reply.head.statusCode, reply.head.headerFields["Age"], [UInt8](reply.body.bufferedData ?? Data()))
        }
        try? FileManager.default.removeItem(at: directory)
        return result.flatMap { $0 }
    }

    private static func describe(_ variant: StoredResponse) -> CachedVariant {
        CachedVariant(
            url: variant.metadata.url, status: variant.metadata.statusCode, fields: variant.metadata.fields,
            body: [UInt8](variant.body), freshness: variant.metadata.freshness, initialAge: variant.metadata.initialAge)
    }

    private static func stored(_ variant: CachedVariant) -> StoredResponse {
        StoredResponse(
            metadata: .init(
                url: variant.url, statusCode: variant.status, fields: variant.fields, varied: [:], credentials: nil,
                requestTime: Date(timeIntervalSince1970: 1_700_000_000), responseTime: Date(timeIntervalSince1970: 1_700_000_000),
                freshness: variant.freshness, initialAge: variant.initialAge),
            body: Data(variant.body))
    }

    // MARK: Retry-After and rate limits

    /// What a reply's rate-limit fields say.
    static func rateLimit(status: Int, _ list: [Field], now: Date) -> (remaining: Int?, resetAfter: Duration?, retryAfter: Duration?) {
        let signal = RateLimitSignal(head(status: status, list), now: now)
        return (signal.remaining, signal.resetAfter, signal.retryAfter)
    }

    /// ``RetryPolicy``'s reading of a `Retry-After` value.
    static func retryAfter(_ value: String, now: Date) -> Duration? { RetryPolicy.retryAfter(value, now: now) }

    /// The backoff of the default policy after `attempt` with jitter `random`.
    static func backoff(attempt: Int, random: Double) -> Duration { RetryPolicy.default.backoff(afterAttempt: attempt, random: random) }

    // MARK: Resumed downloads

    /// ``ResumePoint/parse(_:)``.
    static func contentRange(_ text: String) -> (first: Int64, last: Int64, complete: Int64?)? { ResumePoint.parse(text) }

    /// ``ResumePoint/check(_:resuming:completeLength:call:)``: the length of the range the `206`
    /// delivers, or the error.
    static func checkResume(_ list: [Field], offset: Int64, validator: String, completeLength: Int64?) -> Result<(length: Int64, complete: Int64?), Failure> {
        do {
            let range = try ResumePoint.check(
                head(status: 206, list), resuming: ResumePoint(offset: offset, validator: validator),
                completeLength: completeLength, call: { RequestSummary(endpoint: "Fuzz", method: "GET", url: nil) })
            return .success((range.length, range.completeLength))
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
    }

    /// Writes `chunks` through a ``PartialFile`` beside `destination`, truncating after chunk
    /// `truncateAfter` when set, moves it into place and returns the file's bytes and the size it
    /// counted.
    static func writePartialFile(_ chunks: [[UInt8]], truncateAfter: Int?, destination: URL) -> (bytes: [UInt8], size: Int64)? {
        guard let file = try? PartialFile(beside: destination) else { return nil }
        defer { file.discard() }
        do {
            for (index, chunk) in chunks.enumerated() {
                try file.write(Data(chunk))
                if index == truncateAfter { try file.truncate() }
            }
            let size = file.size
            try file.move(to: destination)
            let bytes = (try? FileContents.read(destination)).map { [UInt8]($0) }
            try? FileManager.default.removeItem(at: destination)
            return bytes.map { ($0, size) }
        } catch {
            return nil
        }
    }

    // MARK: URLs

    /// The parts of a URL string, as text, or the error.
    static func urlParts(_ text: String, trimmingPath: Bool) -> (scheme: String, authority: String, path: String, query: [String], string: String)? {
        guard let parts = try? URLParts(text, what: "url", trimmingPath: trimmingPath) else { return nil }
        return (parts.scheme, parts.authority, parts.path, parts.query.map(String.init), parts.string)
    }

    /// An endpoint's URL as ``URLBuilder`` makes it: the path after the base's, the query pairs
    /// after the base's, and the whole URL's text.
    static func buildURL(base: URL, path: String, segments: [String], query: [(String, String?)])
        -> (addedPath: String, addedQuery: [String], string: String)?
    {
        let items = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        guard let built = try? URLBuilder.build(base: base.absoluteString, path: path, segments: segments, query: items) else { return nil }
        let parts = built.parts
        return (
            String(parts.path.dropFirst(built.basePath.count)), parts.query.dropFirst(built.baseQueryCount).map(String.init),
            parts.string
        )
    }

    /// A query pair decoded as Bricks decodes one.
    static func decodeQueryPair(_ pair: String) -> (name: String, value: String?) {
        let item = URLParts.decode(Substring(pair))
        return (item.name, item.value)
    }

    /// A request head made from a URL string, and its URL as text.
    static func requestURL(_ text: String) -> String? {
        guard let url = URL(string: text), let head = try? RequestHead(url: url) else { return nil }
        return head.urlString
    }

    // MARK: Header validation

    /// Whether a request may carry the field.
    static func headerIsValid(name: String, value: String) -> Bool {
        (try? HeaderValidation.validate(name: name, value: value)) != nil
    }

    /// Whether `name` is a token.
    static func isToken(_ name: String) -> Bool { HeaderValidation.isToken(name) }

    /// Whether a request with this field may be made at all (the builder's check).
    static func requestAccepts(name: String, value: String) -> Bool {
        guard let url = URL(string: "https://example.com/"), var head = try? RequestHead(url: url) else { return false }
        head.headerFields.append(name: name, value: value)
        return (try? head.headerFields.check()) != nil
    }

    /// `Set-Cookie` values Foundation joined with commas, split again.
    static func splitCookies(_ joined: String) -> [String] { ResponseHead.splitCookies(joined) }

    // MARK: Secrets

    /// Bricks' secret query item names.
    static var secretQueryNames: [String] { SecretNames.queryItems.sorted() }
    /// Bricks' secret header names.
    static var secretHeaderNames: [String] { SecretNames.headerFields.sorted() }
    /// What a secret becomes.
    static var placeholder: String { SecretRedaction.placeholder }

    enum TextKind { case query, form, text }

    /// ``SecretRedaction`` with Bricks' names.
    static func redact(_ text: String, as kind: TextKind) -> String {
        let context: SecretRedaction.Context = switch kind {
        case .query: .query
        case .form: .form
        case .text: .text
        }
        return LogRedactor.default.queryItems.redacting(text, in: context)
    }

    /// What the logging middleware prints for a request: its `curl` line and header lines.
    static func logLines(url: URL, _ list: [Field], formBody: [UInt8]?) -> [String]? {
        guard var head = try? RequestHead(url: url) else { return nil }
        for field in list { head.headerFields.append(name: field.name, value: field.value) }
        let body = formBody.map { RequestBody(Data($0), contentType: "application/x-www-form-urlencoded") }
        if body != nil { head.headerFields["Content-Type"] = "application/x-www-form-urlencoded" }
        let redactor = LogRedactor.default
        return [redactor.curl(head, body: body), redactor.url(url)] + redactor.headerLines(head.headerFields)
    }

    /// A query pair encoded as the request builder encodes it.
    static func encodeQueryPair(name: String, value: String?) -> String {
        String(URLParts.encode(URLQueryItem(name: name, value: value)))
    }

    // MARK: Encoders

    /// A form body for `items`.
    static func formBody(_ items: [(String, String?)]) -> [UInt8] {
        [UInt8](FormURLEncoding.body(for: items.map { URLQueryItem(name: $0.0, value: $0.1) }))
    }

    /// The items ``QueryEncoder`` makes of a `[String: [String]]` dictionary under each list style.
    static func queryItems(_ value: [String: [String]], style: Int) -> [(String, String?)]? {
        let encoding: QueryEncoder.ArrayEncoding = [.repeatedKey, .brackets, .indexed][style % 3]
        return (try? QueryEncoder(arrayEncoding: encoding).encode(value))?.map { ($0.name, $0.value) }
    }

    /// One multipart part as the targets see it.
    struct Part: Equatable {
        var name: String
        var filename: String?
        var contentType: String?
        var data: [UInt8]
    }

    /// A multipart body for `parts` framed by `boundary` (tried first; random ones after it), and
    /// its content type; `nil` when Bricks refuses the parts.
    static func multipart(_ parts: [Part], boundary: String) -> (body: [UInt8], contentType: String)? {
        var first = true
        let made = try? MultipartBodyBuilder.requestBody(
            for: parts.map { MultipartFormPart(name: $0.name, filename: $0.filename, contentType: $0.contentType, data: Data($0.data)) },
            makeBoundary: {
                defer { first = false }
                return first ? boundary : MultipartBodyBuilder.randomBoundary()
            })
        guard let made, let data = made.data, let type = made.contentType else { return nil }
        return ([UInt8](data), type)
    }

    /// How a multipart name or file name is written inside its quotes.
    static func multipartEscape(_ text: String) -> String { MultipartBodyBuilder.escape(text) }
}

// MARK: Endpoints the targets drive

private struct JSONLinesFuzzEndpoint: JSONLinesResponseType {
    typealias Event = JSONValue
    typealias Response = [JSONValue]
    var maximumLineLength: Int
}

private struct LinkFuzzEndpoint: RequestContextType, LinkHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [Int]
    var baseURL: URL
    var pageLink: String?
    var path: String { "/items" }
}

private struct NextPageFuzzEndpoint: RequestContextType, NextPageHeaderPaginatedRequestType, JSONResponseType {
    typealias Response = [Int]
    var baseURL: URL { URL(fileURLWithPath: "/") }
    var page: Int
    var path: String { "/items" }
}

/// Runs async code to the end from the fuzzer's synchronous callback.
enum Blocking {
    static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await body()
            done.signal()
        }
        done.wait()
        return box.value
    }

    private final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }
}

/// An error from Bricks, as its description.
struct Failure: Error {
    let message: String
}
