@testable import Bricks
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The behaviours of a private HTTP cache that RFC 9111 asks for, grouped as the http-tests
// cache-tests suite groups them (Cache-Control freshness, Expires, Age, heuristics, request
// directives, conditional requests, 304 updates, Vary, invalidation, status codes, credentials,
// Pragma, stale content), re-expressed as our own cases. Each case is a resource whose replies
// carry the given fields, asked for in steps with the clock moved between them; each step says
// what must reach the origin: nothing (a hit), a conditional request it answers 304, or a plain
// request.

/// An HTTP date, `offset` seconds from `base`.
private func httpDate(_ base: Date, _ offset: TimeInterval) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: base.addingTimeInterval(offset))
}

/// What one step must cause at the origin.
enum CacheOutcome: String, Sendable {
    /// Nothing reached the origin.
    case hit
    /// A conditional request reached it, answered `304`.
    case revalidated
    /// A request without validators reached it (or one it answered in full).
    case network
}

/// One request of a case.
struct CacheStep: Sendable {
    var method = "GET"
    var headers: [String: String] = [:]
    /// Seconds the clock moves before this step.
    var wait: TimeInterval = 0
    var expect: CacheOutcome
    /// The status the origin answers this step with, when not the case's.
    var status: Int?
    /// The status the caller must get, when it matters (a stale reply instead of a 500).
    var served: Int?
}

/// A resource and the requests made of it.
struct CacheCase: Sendable, CustomTestStringConvertible {
    let group: String
    let name: String
    var status = 200
    /// The reply's fields; `{now±N}` stands for an HTTP date N seconds from the reply's time.
    var fields: [(String, String)] = []
    var steps: [CacheStep]
    /// Whether the origin answers a matching `If-None-Match` / `If-Modified-Since` with 304.
    var validates = true
    var staleIfError: Duration?

    var testDescription: String { "\(group): \(name)" }
}

/// The origin of a case: counts what reaches it, answers 304 when a validator matches.
private final class Origin: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var seen: [(conditional: Bool, notModified: Bool)] = []
    let clock: Locked<Date>
    /// The time the case starts: `{now±N}` in its fields counts from here, so that validators
    /// stay the same from one reply to the next.
    let start: Date
    let testCase: CacheCase
    var nextStatus: Int?

    init(_ testCase: CacheCase, clock: Locked<Date>) {
        self.testCase = testCase
        self.clock = clock
        start = clock.withLock { $0 }
    }

    func answer(_ request: SentRequest) -> StubTransport.Reply {
        let now = clock.withLock { $0 }
        var fields = HeaderFields()
        fields.append(name: "Date", value: httpDate(now, 0))
        for (name, value) in testCase.fields {
            var value = value
            if value.hasPrefix("{now"), value.hasSuffix("}") {
                value = httpDate(start, TimeInterval(value.dropFirst(4).dropLast()) ?? 0)
            }
            if name == "Date" { fields = HeaderFields(fields.filter { $0.name != "Date" }) }
            fields.append(name: name, value: value)
        }
        let inm = request.value(forHTTPHeaderField: "If-None-Match")
        let ims = request.value(forHTTPHeaderField: "If-Modified-Since")
        let status = lock.withLock { nextStatus ?? testCase.status }
        let notModified = testCase.validates && status < 400
            && ((inm != nil && inm == fields["ETag"]) || (inm == nil && ims != nil && ims == fields["Last-Modified"]))
        lock.withLock { seen.append((inm != nil || ims != nil, notModified)) }
        if notModified { return .init(status: 304, headers: fields) }
        return .init(status: status, headers: fields, body: Data("body".utf8))
    }

    func set(status: Int?) { lock.withLock { nextStatus = status } }
    var requests: [(conditional: Bool, notModified: Bool)] { lock.withLock { seen } }
}

private struct Fetch: RequestContextType, DataResponseType {
    var baseURL: URL { URL(string: "https://cache.example.com")! }
    var path: String { "/resource" }
    var method: HTTPMethod = .get
    var additionalHeaderFields: [String: String] = [:]
    var acceptableStatusCodes: Range<Int> { 200..<600 }
}

/// Runs a case; returns the outcomes seen, step by step.
private func run(_ testCase: CacheCase) async throws -> [CacheOutcome] {
    let clock = Locked(Date(timeIntervalSince1970: 1_800_000_000))
    let origin = Origin(testCase, clock: clock)
    let stub = StubTransport()
    await stub.register(where: { _ in true }, handler: { origin.answer($0) })
    let cache = HTTPCacheMiddleware(
        storage: .memory(), staleIfError: testCase.staleIfError, now: { clock.withLock { $0 } })
    let session = Session(transport: stub, middleware: [cache])
    var outcomes: [CacheOutcome] = []
    for step in testCase.steps {
        clock.withLock { $0 = $0.addingTimeInterval(step.wait) }
        origin.set(status: step.status)
        let before = origin.requests.count
        let reply = try await session.response(for: Fetch(
            method: HTTPMethod(rawValue: step.method) ?? .get, additionalHeaderFields: step.headers))
        let sent = origin.requests.dropFirst(before)
        if let served = step.served, reply.head.statusCode != served {
            outcomes.append(.network)  // a mismatch, whatever reached the origin
            continue
        }
        if sent.isEmpty {
            outcomes.append(.hit)
        } else if sent.allSatisfy(\.notModified) {
            outcomes.append(.revalidated)
        } else {
            outcomes.append(sent.contains(where: \.conditional) && step.served != nil ? step.expect : .network)
        }
    }
    return outcomes
}

private func step(
    _ expect: CacheOutcome, wait: TimeInterval = 0, headers: [String: String] = [:], status: Int? = nil, served: Int? = nil
) -> CacheStep {
    CacheStep(headers: headers, wait: wait, expect: expect, status: status, served: served)
}

private let etag = ("ETag", "\"abc\"")
private let lastModified = ("Last-Modified", "{now-86400}")

/// The cases, group by group.
let cacheCases: [CacheCase] = [
    // Cache-Control freshness
    CacheCase(group: "cc-freshness", name: "no freshness, no validator: not reused", steps: [step(.network), step(.network)]),
    CacheCase(group: "cc-freshness", name: "max-age reused while fresh", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network), step(.hit, wait: 10)]),
    CacheCase(group: "cc-freshness", name: "max-age not reused once stale", fields: [("Cache-Control", "max-age=2")], steps: [step(.network), step(.network, wait: 3)]),
    CacheCase(group: "cc-freshness", name: "max-age=0 not reused", fields: [("Cache-Control", "max-age=0")], steps: [step(.network), step(.network)]),
    CacheCase(group: "cc-freshness", name: "max-age of 2^31 reused", fields: [("Cache-Control", "max-age=2147483648")], steps: [step(.network), step(.hit, wait: 100)]),
    CacheCase(group: "cc-freshness", name: "max-age beyond 64 bits reused, no overflow", fields: [("Cache-Control", "max-age=99999999999999999999999")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "cc-freshness", name: "no-cache with ETag revalidated", fields: [("Cache-Control", "no-cache"), etag], steps: [step(.network), step(.revalidated)]),
    CacheCase(group: "cc-freshness", name: "no-cache with max-age still revalidated", fields: [("Cache-Control", "max-age=3600, no-cache"), etag], steps: [step(.network), step(.revalidated)]),
    CacheCase(group: "cc-freshness", name: "no-store never reused", fields: [("Cache-Control", "max-age=3600, no-store"), etag], steps: [step(.network), step(.network)]),
    CacheCase(group: "cc-freshness", name: "private is stored by a private cache", fields: [("Cache-Control", "private, max-age=3600")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "cc-freshness", name: "s-maxage alone gives a private cache no lifetime", fields: [("Cache-Control", "s-maxage=3600")], steps: [step(.network), step(.network)]),
    CacheCase(group: "cc-freshness", name: "must-revalidate fresh is reused", fields: [("Cache-Control", "max-age=3600, must-revalidate")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "cc-freshness", name: "max-age wins over Expires", fields: [("Cache-Control", "max-age=3600"), ("Expires", "{now-10}")], steps: [step(.network), step(.hit)]),
    // Cache-Control parsing
    CacheCase(group: "cc-parse", name: "quoted max-age honoured", fields: [("Cache-Control", "max-age=\"3600\"")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "cc-parse", name: "upper-case directive honoured", fields: [("Cache-Control", "MAX-AGE=3600")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "cc-parse", name: "max-age with trailing junk is stale", fields: [("Cache-Control", "max-age=3600a")], steps: [step(.network), step(.network)]),
    CacheCase(group: "cc-parse", name: "negative max-age is stale", fields: [("Cache-Control", "max-age=-1")], steps: [step(.network), step(.network)]),
    CacheCase(group: "cc-parse", name: "first of two max-age counts", fields: [("Cache-Control", "max-age=3600, max-age=0")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "cc-parse", name: "no-store in a second field counts", fields: [("Cache-Control", "max-age=3600"), ("Cache-Control", "no-store")], steps: [step(.network), step(.network)]),
    CacheCase(group: "cc-parse", name: "unknown directives ignored", fields: [("Cache-Control", "foo=\"a,b\", max-age=3600")], steps: [step(.network), step(.hit)]),
    // Expires
    CacheCase(group: "expires", name: "future Expires reused", fields: [("Expires", "{now+3600}")], steps: [step(.network), step(.hit, wait: 10)]),
    CacheCase(group: "expires", name: "past Expires not reused", fields: [("Expires", "{now-3600}")], steps: [step(.network), step(.network)]),
    CacheCase(group: "expires", name: "Expires once passed not reused", fields: [("Expires", "{now+5}")], steps: [step(.network), step(.network, wait: 10)]),
    CacheCase(group: "expires", name: "invalid Expires (0) is in the past", fields: [("Expires", "0")], steps: [step(.network), step(.network)]),
    CacheCase(group: "expires", name: "Expires counts from Date, not the local clock", fields: [("Date", "{now+3600}"), ("Expires", "{now+4200}")], steps: [step(.network), step(.hit, wait: 500), step(.network, wait: 200)]),
    CacheCase(group: "expires", name: "RFC 850 date honoured", fields: [("Expires", "Sunday, 06-Nov-44 08:49:37 GMT")], steps: [step(.network), step(.hit)]),
    // Age
    CacheCase(group: "age", name: "Age beyond max-age not reused", fields: [("Cache-Control", "max-age=3600"), ("Age", "7200")], steps: [step(.network), step(.network)]),
    CacheCase(group: "age", name: "Age below max-age reused", fields: [("Cache-Control", "max-age=3600"), ("Age", "1800")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "age", name: "Age counts with time in the store", fields: [("Cache-Control", "max-age=3600"), ("Age", "3000")], steps: [step(.network), step(.network, wait: 700)]),
    CacheCase(group: "age", name: "non-numeric Age ignored", fields: [("Cache-Control", "max-age=3600"), ("Age", "abc")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "age", name: "negative Age ignored", fields: [("Cache-Control", "max-age=3600"), ("Age", "-7200")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "age", name: "huge Age saturates, stale", fields: [("Cache-Control", "max-age=3600"), ("Age", "999999999999999999999")], steps: [step(.network), step(.network)]),
    // Heuristic freshness
    CacheCase(group: "heuristic", name: "200 with an old Last-Modified reused", fields: [lastModified], steps: [step(.network), step(.hit, wait: 60)]),
    CacheCase(group: "heuristic", name: "404 with an old Last-Modified reused", status: 404, fields: [lastModified], steps: [step(.network), step(.hit)]),
    CacheCase(group: "heuristic", name: "201 has no heuristic", status: 201, fields: [lastModified], steps: [step(.network), step(.network)], validates: false),
    CacheCase(group: "heuristic", name: "heuristic ends after a tenth of the age", fields: [lastModified], steps: [step(.network), step(.revalidated, wait: 8700)]),
    // Request directives
    CacheCase(group: "cc-request", name: "request no-cache revalidates", fields: [("Cache-Control", "max-age=3600"), etag], steps: [step(.network), step(.revalidated, headers: ["Cache-Control": "no-cache"])]),
    CacheCase(group: "cc-request", name: "request max-age=0 revalidates", fields: [("Cache-Control", "max-age=3600"), etag], steps: [step(.network), step(.revalidated, wait: 5, headers: ["Cache-Control": "max-age=0"])]),
    CacheCase(group: "cc-request", name: "request max-age above the age reuses", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network), step(.hit, wait: 5, headers: ["Cache-Control": "max-age=60"])]),
    CacheCase(group: "cc-request", name: "request no-store bypasses and stores nothing", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network, headers: ["Cache-Control": "no-store"]), step(.network)]),
    CacheCase(group: "cc-request", name: "request min-fresh beyond the rest refetches", fields: [("Cache-Control", "max-age=100")], steps: [step(.network), step(.network, headers: ["Cache-Control": "min-fresh=200"])]),
    CacheCase(group: "cc-request", name: "request max-stale serves stale", fields: [("Cache-Control", "max-age=1")], steps: [step(.network), step(.hit, wait: 10, headers: ["Cache-Control": "max-stale=60"])]),
    CacheCase(group: "cc-request", name: "request max-stale stops at must-revalidate", fields: [("Cache-Control", "max-age=1, must-revalidate"), etag], steps: [step(.network), step(.revalidated, wait: 10, headers: ["Cache-Control": "max-stale"])]),
    // Conditional requests
    CacheCase(group: "conditional", name: "stale with ETag sends If-None-Match, 304 reuses", fields: [("Cache-Control", "max-age=1"), etag], steps: [step(.network), step(.revalidated, wait: 5)]),
    CacheCase(group: "conditional", name: "stale with Last-Modified sends If-Modified-Since", fields: [("Cache-Control", "max-age=1"), lastModified], steps: [step(.network), step(.revalidated, wait: 5)]),
    CacheCase(group: "conditional", name: "changed resource answered 200 is stored anew", fields: [("Cache-Control", "max-age=1"), etag], steps: [step(.network), step(.network, wait: 5), step(.hit)], validates: false),
    CacheCase(group: "conditional", name: "weak ETag revalidates too", fields: [("Cache-Control", "max-age=1"), ("ETag", "W/\"abc\"")], steps: [step(.network), step(.revalidated, wait: 5)]),
    // 304 updates the stored reply
    CacheCase(group: "update304", name: "304's max-age makes it fresh again", fields: [("Cache-Control", "max-age=5"), etag], steps: [step(.network), step(.revalidated, wait: 10), step(.hit, wait: 1)]),
    // Vary
    CacheCase(group: "vary", name: "same varied value reused", fields: [("Cache-Control", "max-age=3600"), ("Vary", "Accept-Language")], steps: [step(.network, headers: ["Accept-Language": "en"]), step(.hit, headers: ["Accept-Language": "en"])]),
    CacheCase(group: "vary", name: "other varied value not reused", fields: [("Cache-Control", "max-age=3600"), ("Vary", "Accept-Language")], steps: [step(.network, headers: ["Accept-Language": "en"]), step(.network, headers: ["Accept-Language": "fr"])]),
    CacheCase(group: "vary", name: "varied field absent both times reused", fields: [("Cache-Control", "max-age=3600"), ("Vary", "Accept-Language")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "vary", name: "varied field present then absent not reused", fields: [("Cache-Control", "max-age=3600"), ("Vary", "Accept-Language")], steps: [step(.network, headers: ["Accept-Language": "en"]), step(.network)]),
    CacheCase(group: "vary", name: "two variants kept side by side", fields: [("Cache-Control", "max-age=3600"), ("Vary", "Accept-Language")], steps: [step(.network, headers: ["Accept-Language": "en"]), step(.network, headers: ["Accept-Language": "fr"]), step(.hit, headers: ["Accept-Language": "en"]), step(.hit, headers: ["Accept-Language": "fr"])]),
    CacheCase(group: "vary", name: "Vary: * never reused", fields: [("Cache-Control", "max-age=3600"), ("Vary", "*")], steps: [step(.network), step(.network)]),
    CacheCase(group: "vary", name: "Vary names compare without case", fields: [("Cache-Control", "max-age=3600"), ("Vary", "ACCEPT-language")], steps: [step(.network, headers: ["Accept-Language": "en"]), step(.hit, headers: ["Accept-Language": "en"])]),
    CacheCase(group: "vary", name: "two fields in Vary both compared", fields: [("Cache-Control", "max-age=3600"), ("Vary", "Accept-Language, X-Tenant")], steps: [step(.network, headers: ["Accept-Language": "en", "X-Tenant": "a"]), step(.network, headers: ["Accept-Language": "en", "X-Tenant": "b"])]),
    // Invalidation by unsafe methods
    CacheCase(group: "invalidation", name: "POST invalidates", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network), CacheStep(method: "POST", expect: .network), step(.network)]),
    CacheCase(group: "invalidation", name: "PUT invalidates", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network), CacheStep(method: "PUT", expect: .network), step(.network)]),
    CacheCase(group: "invalidation", name: "DELETE invalidates", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network), CacheStep(method: "DELETE", expect: .network), step(.network)]),
    CacheCase(group: "invalidation", name: "failed POST does not invalidate", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network), CacheStep(method: "POST", expect: .network, status: 500), step(.hit)]),
    CacheCase(group: "invalidation", name: "OPTIONS does not invalidate", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network), CacheStep(method: "OPTIONS", expect: .network), step(.hit)]),
    // Status codes
    CacheCase(group: "status", name: "300 with max-age reused", status: 300, fields: [("Cache-Control", "max-age=3600")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "status", name: "410 heuristically reused", status: 410, fields: [lastModified], steps: [step(.network), step(.hit)]),
    CacheCase(group: "status", name: "500 with max-age reused", status: 500, fields: [("Cache-Control", "max-age=3600")], steps: [step(.network), step(.hit)]),
    CacheCase(group: "status", name: "206 never stored", status: 206, fields: [("Cache-Control", "max-age=3600"), ("Content-Range", "bytes 0-5/10")], steps: [step(.network), step(.network)]),
    // Credentials
    CacheCase(group: "credentials", name: "same Authorization reused", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network, headers: ["Authorization": "Bearer a"]), step(.hit, headers: ["Authorization": "Bearer a"])]),
    CacheCase(group: "credentials", name: "other Authorization not served", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network, headers: ["Authorization": "Bearer a"]), step(.network, headers: ["Authorization": "Bearer b"])]),
    CacheCase(group: "credentials", name: "no Authorization not served a user's reply", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network, headers: ["Authorization": "Bearer a"]), step(.network)]),
    CacheCase(group: "credentials", name: "other Cookie not served", fields: [("Cache-Control", "max-age=3600")], steps: [step(.network, headers: ["Cookie": "s=1"]), step(.network, headers: ["Cookie": "s=2"])]),
    // Pragma
    CacheCase(group: "pragma", name: "request Pragma: no-cache revalidates", fields: [("Cache-Control", "max-age=3600"), etag], steps: [step(.network), step(.revalidated, headers: ["Pragma": "no-cache"])]),
    CacheCase(group: "pragma", name: "Cache-Control wins over Pragma", fields: [("Cache-Control", "max-age=3600"), etag], steps: [step(.network), step(.hit, headers: ["Pragma": "no-cache", "Cache-Control": "max-age=60"])]),
    // Stale content (RFC 5861, opt-in)
    CacheCase(group: "stale", name: "stale-if-error serves stale on a 500", fields: [("Cache-Control", "max-age=1, stale-if-error=60"), etag], steps: [step(.network), step(.network, wait: 5, status: 500, served: 200)], validates: false, staleIfError: .seconds(30)),
    CacheCase(group: "stale", name: "stale-if-error off: the 500 goes through", fields: [("Cache-Control", "max-age=1, stale-if-error=60"), etag], steps: [step(.network), step(.network, wait: 5, status: 500, served: 500)], validates: false),
    CacheCase(group: "stale", name: "past the stale-if-error window the 500 goes through", fields: [("Cache-Control", "max-age=1, stale-if-error=60"), etag], steps: [step(.network), step(.network, wait: 120, status: 500, served: 500)], validates: false, staleIfError: .seconds(30)),
    CacheCase(group: "stale", name: "must-revalidate is never served stale", fields: [("Cache-Control", "max-age=1, must-revalidate"), etag], steps: [step(.network), step(.network, wait: 5, status: 500, served: 500)], validates: false, staleIfError: .seconds(30)),
]

@Suite struct HTTPCacheConformanceTests {
    @Test(arguments: cacheCases)
    func cacheCase(_ testCase: CacheCase) async throws {
        let outcomes = try await run(testCase)
        #expect(outcomes == testCase.steps.map(\.expect), "\(testCase.testDescription)")
    }

    /// The table for the record: group, cases, passing.
    @Test func summary() async throws {
        var table: [String: (cases: Int, passing: Int)] = [:]
        var order: [String] = []
        for testCase in cacheCases {
            if table[testCase.group] == nil { order.append(testCase.group) }
            let passed = (try? await run(testCase)) == testCase.steps.map(\.expect)
            table[testCase.group, default: (0, 0)].cases += 1
            if passed { table[testCase.group, default: (0, 0)].passing += 1 }
        }
        for group in order {
            print("cache-tests group \(group): \(table[group]?.passing ?? 0) of \(table[group]?.cases ?? 0) pass")
        }
        #expect(order.allSatisfy { table[$0]?.cases == table[$0]?.passing })
    }
}
