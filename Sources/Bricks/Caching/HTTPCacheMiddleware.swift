import Foundation

/// A private HTTP cache after RFC 9111, as middleware: fresh replies come from the store without
/// a request, stale ones are revalidated with `If-None-Match` / `If-Modified-Since` (a `304`
/// costs a head, and GitHub does not count it against the rate limit), and every reply says where
/// it came from (``ResponseHead/source``).
///
/// ```swift
/// let session = Session(middleware: [
///     LoggingMiddleware(),
///     HTTPCacheMiddleware(),                       // in memory, 32 MiB
///     AuthorizationMiddleware(tokens: tokens),
///     RetryMiddleware(),
/// ])
/// let reply = try await session.response(for: GetRepository(owner: "apple", name: "swift"))
/// print(reply.head.source)                         // network, cache, revalidated, stale (…)
/// ```
///
/// What it does:
/// - stores `GET` replies the server lets it store (not `no-store`, not `Vary: *`, a status with
///   a lifetime or one that allows a heuristic), keyed by the whole URL (scheme, host, port,
///   path, query), the request fields named by `Vary`, and the credentials the request carried
///   (the secret header fields, kept as a SHA-256): a reply fetched with one token is never
///   served to a request with another;
/// - freshness from `max-age`, `Expires` with `Date`, and `Age`; a heuristic (a tenth of the time
///   since `Last-Modified`, at most a day) only where RFC 9111 allows one; the request's own
///   `Cache-Control` (`no-cache`, `no-store`, `max-age`, `min-fresh`, `max-stale`,
///   `only-if-cached`) is honoured;
/// - a `304` merges its header fields into the stored reply; an unsafe method (`POST`, `PUT`,
///   `PATCH`, `DELETE`…) answered with success removes its URL, and its same-origin `Location`
///   and `Content-Location`;
/// - opt-in, for offline-first apps: `staleIfError` (serve a stale reply when the network fails,
///   RFC 5861's `stale-if-error`) and `staleWhileRevalidate` (serve it at once and revalidate in
///   the background); `must-revalidate` and `no-cache` replies are never served stale.
///
/// Not cached: streams and downloads (``CallContext/bodyMode``), requests the caller
/// made conditional or partial (`If-None-Match`, `Range`…), and `HEAD`. Place it after logging and
/// metrics (so that they see hits) and before authorization refresh and retry (so that only the
/// network is retried); it must see the `Authorization` field to keep replies of different users
/// apart, so an ``AuthorizationMiddleware`` placed before it is fine, and one after it is not when
/// different users share a session.
public struct HTTPCacheMiddleware: Middleware {
    private let store: any CacheStore
    private let staleIfError: Duration?
    private let staleWhileRevalidate: Duration?
    private let now: @Sendable () -> Date
    private let revalidations = BackgroundRevalidations()

    /// The most variants (by `Vary` and credentials) kept for one URL.
    static let maximumVariants = 4

    /// Makes a cache.
    /// - Parameters:
    ///   - storage: where replies are kept. Default: in memory, 32 MiB.
    ///   - staleIfError: when set, a stale reply is served if the network fails (a transport
    ///     error or a 5xx), for as long past its freshness as the server's `stale-if-error`
    ///     says, or this long when it says nothing. Default: off.
    ///   - staleWhileRevalidate: when set, a stale reply is served at once and revalidated in the
    ///     background, for as long past its freshness as the server's `stale-while-revalidate`
    ///     says, or this long. Default: off.
    public init(storage: HTTPCacheStorage = .memory(), staleIfError: Duration? = nil, staleWhileRevalidate: Duration? = nil) {
        self.init(storage: storage, staleIfError: staleIfError, staleWhileRevalidate: staleWhileRevalidate, now: { Date() })
    }

    /// A cache on another clock, for tests.
    init(
        storage: HTTPCacheStorage, staleIfError: Duration? = nil, staleWhileRevalidate: Duration? = nil,
        now: @escaping @Sendable () -> Date
    ) {
        store = storage.store
        self.staleIfError = staleIfError
        self.staleWhileRevalidate = staleWhileRevalidate
        self.now = now
    }

    /// Removes what is stored for `url`.
    public func purge(_ url: URL) async {
        await store.remove(Self.key(url))
    }

    /// Removes everything stored.
    public func purgeAll() async {
        await store.removeAll()
    }

    /// The bytes the store holds.
    func storedBytes() async -> Int { await store.storedBytes() }

    /// Serves `request` from the store, revalidates it, or fetches and stores it.
    public func intercept(_ head: RequestHead, body: RequestBody?, context: CallContext, next: @escaping Next)
        async throws -> RawResponse
    {
        let url = try head.makeURL()
        guard head.method.isSafe else {
            let response = try await next(head, body, context)
            if (200..<400).contains(response.head.statusCode) { await invalidate(after: response.head, to: url) }
            return response
        }
        let fields = head.headerFields
        guard head.method == .get, context.httpCachePolicy != .noStore, context.bodyMode == .collected,
            !Self.conditionalFields.contains(where: { fields.contains($0) })
        else { return try await next(head, body, context) }
        var requestControl = CacheControl(fields)
        if !fields.contains("Cache-Control"), fields["Pragma"]?.lowercased().contains("no-cache") == true {
            requestControl = CacheControl("no-cache")
        }
        guard !requestControl.noStore else { return try await next(head, body, context) }

        let call = Call(
            head: head, body: body, url: url, key: Self.key(url), fields: fields, control: requestControl,
            credentials: Self.credentials(in: fields, context: context), context: context, next: next)
        let variants = await store.variants(for: call.key)
        guard let stored = variants.first(where: { $0.matches(fields, credentials: call.credentials) }) else {
            if requestControl.has("only-if-cached") {
                return RawResponse(head: ResponseHead(statusCode: 504, url: url))
            }
            return try await fetch(call, replacing: nil)
        }
        return try await answer(call, from: stored)
    }

    /// One call the cache is answering.
    private struct Call: Sendable {
        let head: RequestHead
        let body: RequestBody?
        let url: URL
        let key: String
        let fields: HeaderFields
        let control: CacheControl
        let credentials: String?
        let context: CallContext
        let next: Next
    }

    /// Answers from a stored variant: as it is, after revalidating it, or stale.
    private func answer(_ call: Call, from stored: StoredResponse) async throws -> RawResponse {
        let policy = call.context.httpCachePolicy
        let now = self.now()
        let age = stored.currentAge(at: now)
        let fresh = stored.isFresh(at: now)
        if policy == .preferCache { return serve(stored, age: age, as: fresh ? .cache : .stale(.preferredByPolicy), at: call.url) }
        let control = stored.cacheControl
        let staleness = age - stored.metadata.freshness
        let mustAsk = policy == .alwaysRevalidate || control.noCache || call.control.noCache
        if !mustAsk {
            if fresh, Self.satisfies(call.control, age: age, freshness: stored.metadata.freshness) {
                return serve(stored, age: age, as: .cache, at: call.url)
            }
            if !fresh, !control.mustRevalidate, let maxStale = call.control.seconds("max-stale"),
                call.control.hasWithoutArgument("max-stale") || staleness <= Double(maxStale)
            {
                return serve(stored, age: age, as: .stale(.preferredByPolicy), at: call.url)
            }
            if !fresh, !control.mustRevalidate, let window = Self.window(staleWhileRevalidate, directive: "stale-while-revalidate", in: control),
                staleness <= window
            {
                let background = self
                if await revalidations.begin(call.key) {
                    Task {
                        _ = try? await background.revalidate(call, stored: stored)
                        await background.revalidations.end(call.key)
                    }
                }
                return serve(stored, age: age, as: .stale(.revalidating), at: call.url)
            }
        }
        return try await revalidate(call, stored: stored)
    }

    /// Whether a fresh reply meets the request's `max-age` and `min-fresh`.
    private static func satisfies(_ control: CacheControl, age: Double, freshness: Double) -> Bool {
        if let maxAge = control.seconds("max-age"), age > Double(maxAge) { return false }
        if let minFresh = control.seconds("min-fresh"), freshness - age < Double(minFresh) { return false }
        return true
    }

    /// Sends the request with the stored reply's validators; a `304` refreshes the stored reply.
    private func revalidate(_ call: Call, stored: StoredResponse) async throws -> RawResponse {
        var conditional = call.head
        if let tag = stored.entityTag { conditional.headerFields["If-None-Match"] = tag }
        if let modified = stored.lastModified { conditional.headerFields["If-Modified-Since"] = modified }
        let requestTime = now()
        let response: RawResponse
        do {
            response = try await call.next(conditional, call.body, call.context)
        } catch {
            if !BricksError.isCancellation(error), let stale = staleAnswer(call, stored: stored) { return stale }
            throw error
        }
        if response.head.statusCode == 304 {
            let updated = stored.updated(with: response.head, requestTime: requestTime, responseTime: now())
            await save(updated, for: call, replacing: stored)
            return serve(updated, age: updated.currentAge(at: now()), as: .revalidated, at: call.url)
        }
        if response.head.statusCode >= 500, let stale = staleAnswer(call, stored: stored) { return stale }
        return await keep(response, for: call, requestTime: requestTime, replacing: stored)
    }

    /// A stale reply for a failed network, when the policy or the options allow one.
    private func staleAnswer(_ call: Call, stored: StoredResponse) -> RawResponse? {
        let control = stored.cacheControl
        guard !control.mustRevalidate, !control.noCache else { return nil }
        let age = stored.currentAge(at: now())
        let staleness = age - stored.metadata.freshness
        if call.context.httpCachePolicy == .staleIfOffline
            || Self.window(staleIfError, directive: "stale-if-error", in: control).map({ staleness <= $0 }) == true
        {
            return serve(stored, age: age, as: .stale(.networkFailed), at: call.url)
        }
        return nil
    }

    /// How long past its freshness a reply may be served for `directive`: the server's number,
    /// else the option's; `nil` when the option is off.
    private static func window(_ option: Duration?, directive: String, in control: CacheControl) -> Double? {
        guard let option else { return nil }
        return control.seconds(directive).map(Double.init) ?? option.seconds
    }

    /// Fetches the request from the network and stores the reply if it may.
    private func fetch(_ call: Call, replacing stored: StoredResponse?) async throws -> RawResponse {
        let requestTime = now()
        let response = try await call.next(call.head, call.body, call.context)
        return await keep(response, for: call, requestTime: requestTime, replacing: stored)
    }

    /// Stores `response` when RFC 9111 allows (and removes `stored` when the new reply replaces
    /// it), and returns it.
    private func keep(_ response: RawResponse, for call: Call, requestTime: Date, replacing stored: StoredResponse?)
        async -> RawResponse
    {
        guard let body = response.body.bufferedData, Self.isStorable(response.head) else {
            if let stored { await remove(stored, for: call) }
            return response
        }
        var varied: [String: String?] = [:]
        for name in Self.varyNames(of: response.head) {
            varied[name] = StoredResponse.normalized(call.fields.combinedValue(for: name))
        }
        let entry = StoredResponse(
            url: call.key, head: response.head, body: body, varied: varied, credentials: call.credentials,
            requestTime: requestTime, responseTime: now())
        // Useless to keep: never fresh, nothing to revalidate it with, never served stale.
        let policy = call.context.httpCachePolicy
        let servedStale = staleIfError != nil || staleWhileRevalidate != nil || policy == .staleIfOffline || policy == .preferCache
        let useful = entry.metadata.freshness > 0 || entry.entityTag != nil || entry.lastModified != nil || servedStale
        if useful { await save(entry, for: call, replacing: stored) } else if let stored { await remove(stored, for: call) }
        return response
    }

    /// Whether RFC 9111 §3 lets a private cache store a reply with this head (the request side was
    /// checked before): a final status other than `206` and `304`, no `no-store`, no `Vary: *`, and
    /// a lifetime given or allowed.
    static func isStorable(_ head: ResponseHead) -> Bool {
        let status = head.statusCode
        guard (200..<600).contains(status), status != 206, status != 304 else { return false }
        let control = CacheControl(head.headerFields)
        guard !control.noStore else { return false }
        if varyNames(of: head).contains("*") { return false }
        return control.maxAge != nil || head.headerFields.contains("Expires") || control.has("public")
            || control.has("private") || StoredResponse.heuristicallyCacheable.contains(status)
    }

    /// The names a reply's `Vary` fields list, lowercased, empty ones left out (`*` included): the
    /// one reading of `Vary`.
    static func varyNames(of head: ResponseHead) -> [String] {
        head.headerFields.values(for: "Vary").flatMap { $0.split(separator: ",") }.compactMap { name in
            let name = name.trimmingCharacters(in: .whitespaces).lowercased()
            return name.isEmpty ? nil : name
        }
    }

    private func save(_ entry: StoredResponse, for call: Call, replacing stored: StoredResponse?) async {
        var variants = await store.variants(for: call.key).filter {
            $0.metadata.varied != entry.metadata.varied || $0.metadata.credentials != entry.metadata.credentials
        }
        if let stored { variants.removeAll { $0 == stored } }
        await store.save(Array(([entry] + variants).prefix(Self.maximumVariants)), for: call.key)
    }

    private func remove(_ stored: StoredResponse, for call: Call) async {
        let variants = await store.variants(for: call.key).filter { $0 != stored }
        await store.save(variants, for: call.key)
    }

    /// The stored reply as a response to the request for `url` (the one its key was made from):
    /// its status and fields, `Age` set to its current age.
    private func serve(_ stored: StoredResponse, age: Double, as source: ResponseSource, at url: URL) -> RawResponse {
        var fields = stored.headerFields.filter { !HeaderFields.equalIgnoringCase($0.name, "Age") }
        fields.append(HeaderField(name: "Age", value: String(Int64(max(0, min(age, Double(Int32.max)))))))
        var head = ResponseHead(
            statusCode: stored.metadata.statusCode, headerFields: HeaderFields(fields),
            url: url)
        head.source = source
        return RawResponse(head: head, body: ResponseBody(stored.body))
    }

    /// After an unsafe method succeeded: its URL, and its same-origin `Location` and
    /// `Content-Location`, are no longer what the store holds (RFC 9111 §4.4).
    private func invalidate(after head: ResponseHead, to url: URL) async {
        await store.remove(Self.key(url))
        for name in ["Location", "Content-Location"] {
            guard let value = head.headerFields[name], let text = URLReference.resolve(value, against: url),
                let target = URL(string: text), let origin = Origin(target),
                origin == Origin(url)
            else { continue }
            await store.remove(Self.key(target))
        }
    }

    /// The key of a URL's `GET` replies: the whole URL.
    static func key(_ url: URL) -> String { url.absoluteString }

    /// The SHA-256 of the secret header fields a request carries (those logs hide: `Authorization`,
    /// `Cookie`…, and the endpoint's own), or `nil` when it carries none.
    static func credentials(in fields: HeaderFields, context: CallContext) -> String? {
        let names = context.secretHeaderNames
        let secrets = fields.filter { SecretNames.isSecret(headerNamed: $0.name, in: names) }
            .map { "\($0.name.lowercased()):\($0.value)" }.sorted()
        guard !secrets.isEmpty else { return nil }
        return SHA256.hex(secrets.joined(separator: "\n").utf8)
    }

    /// Request fields that make a request the caller's own conditional or partial one.
    private static let conditionalFields = ["If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range"]
}

/// The keys being revalidated in the background, so that a burst of stale hits sends one request.
private actor BackgroundRevalidations {
    private var keys: Set<String> = []

    /// Whether the caller should start one (no other is under way).
    func begin(_ key: String) -> Bool { keys.insert(key).inserted }

    func end(_ key: String) { keys.remove(key) }
}
