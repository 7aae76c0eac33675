import Bricks
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// HTTPCacheMiddleware against real servers on 127.0.0.1: the hostile server's `/cacheable`, which
// counts the requests it serves and records the conditional fields each carried, and httpbin's
// `/cache`, `/cache/{n}`, `/etag/{etag}` and `/response-headers`. Every assertion is on what
// reached the server, or on where the reply says it came from.

private struct CachedReply: Decodable, Sendable, Equatable {
    let version: Int
    let request: Int
}

/// The hostile server's `/cacheable`, with a marker that keeps each test's URL its own.
private struct Cacheable: RequestContextType, GETRequestType, JSONResponseType {
    typealias Response = CachedReply
    let baseURL: URL
    let marker: String
    var control = "max-age=60"
    var token: String?
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "cc", value: control), URLQueryItem(name: "marker", value: marker)] }
    var path: String { "/cacheable" }
    var headerFields: [String: String] { token.map { ["Authorization": "Bearer \($0)"] } ?? [:] }
    var timeoutInterval: TimeInterval { 30 }
}

private struct ChangeCacheable: RequestContextType, POSTRequestType, DataResponseType {
    let baseURL: URL
    let marker: String
    var queryItems: [URLQueryItem] { [URLQueryItem(name: "cc", value: "max-age=60"), URLQueryItem(name: "marker", value: marker)] }
    var path: String { "/cacheable" }
    func makeRequestBody() throws -> RequestBody? { RequestBody(Data("{}".utf8), contentType: "application/json") }
}

/// Any httpbin path, its body as bytes.
private struct HTTPBinPath: RequestContextType, GETRequestType, DataResponseType {
    let baseURL: URL
    let path: String
    var queryItems: [URLQueryItem] = []
    var timeoutInterval: TimeInterval { 30 }
}

@Suite(.serialized, .enabled(if: HostileServer.shouldRun, HostileServer.skipReason))
struct HTTPCacheIntegrationTests {
    /// The requests `/cacheable` received with `marker`, oldest first.
    private func received(_ marker: String) async throws -> [HostileServer.Stats.Request] {
        try await HostileServer.stats().paths["/cacheable"]?.requests.filter { $0.query.contains(marker) } ?? []
    }

    @Test func freshReplyIsServedWithoutARequest() async throws {
        let marker = UUID().uuidString
        let session = Session(transport: TestTransport.make(), middleware: [HTTPCacheMiddleware()])
        let endpoint = Cacheable(baseURL: try HostileServer.base(), marker: marker)
        let first = try await session.response(for: endpoint)
        let second = try await session.response(for: endpoint)
        #expect(first.head.source == .network)
        #expect(second.head.source == .cache)
        #expect(second.value == first.value)
        #expect(try await received(marker).count == 1)
    }

    /// `no-cache`: every use asks the server, with the stored ETag; the 304 brings no body and
    /// the stored one is served.
    @Test func noCacheRevalidatesWithTheStoredETag() async throws {
        let marker = UUID().uuidString
        let session = Session(transport: TestTransport.make(), middleware: [HTTPCacheMiddleware()])
        let endpoint = Cacheable(baseURL: try HostileServer.base(), marker: marker, control: "no-cache")
        let first = try await session.response(for: endpoint)
        let second = try await session.response(for: endpoint)
        let third = try await session.response(for: endpoint)
        #expect([first.head.source, second.head.source, third.head.source] == [.network, .revalidated, .revalidated])
        #expect(second.value == first.value)
        #expect(third.head.statusCode == 200)
        let requests = try await received(marker)
        #expect(requests.map(\.if_none_match) == [nil, "\"v1\"", "\"v1\""])
    }

    /// A reply fetched with one token is not served to a request with another.
    @Test func otherCredentialsGoToTheServer() async throws {
        let marker = UUID().uuidString
        let session = Session(transport: TestTransport.make(), middleware: [HTTPCacheMiddleware()])
        let base = try HostileServer.base()
        _ = try await session.send(Cacheable(baseURL: base, marker: marker, token: "alice"))
        let again = try await session.response(for: Cacheable(baseURL: base, marker: marker, token: "alice"))
        let other = try await session.response(for: Cacheable(baseURL: base, marker: marker, token: "bob"))
        #expect(again.head.source == .cache)
        #expect(other.head.source == .network)
        #expect(try await received(marker).map(\.authorization) == ["Bearer alice", "Bearer bob"])
    }

    /// A successful POST to the URL removes what was stored for it.
    @Test func postInvalidatesTheStoredReply() async throws {
        let marker = UUID().uuidString
        let session = Session(transport: TestTransport.make(), middleware: [HTTPCacheMiddleware()])
        let base = try HostileServer.base()
        _ = try await session.send(Cacheable(baseURL: base, marker: marker))
        _ = try await session.send(ChangeCacheable(baseURL: base, marker: marker))
        let after = try await session.response(for: Cacheable(baseURL: base, marker: marker))
        #expect(after.head.source == .network)
        #expect(try await received(marker).map(\.method) == ["GET", "POST", "GET"])
    }

    /// 100 identical GETs at once on a cold cache: without de-duplication each misses and goes
    /// out; with ``DeduplicationMiddleware`` before the cache one request reaches the server.
    @Test(arguments: [false, true])
    func hundredConcurrentColdGETs(deduplicated: Bool) async throws {
        let marker = UUID().uuidString
        let cache = HTTPCacheMiddleware()
        let middleware: [any Middleware] = deduplicated ? [DeduplicationMiddleware(), cache] : [cache]
        let session = Session(transport: TestTransport.make(), middleware: middleware)
        let endpoint = Cacheable(baseURL: try HostileServer.base(), marker: marker)
        let sources = try await withThrowingTaskGroup(of: ResponseSource.self) { group in
            for _ in 0..<100 { group.addTask { try await session.response(for: endpoint).head.source } }
            return try await group.reduce(into: [ResponseSource]()) { $0.append($1) }
        }
        let reached = try await received(marker).count
        print("HTTPCacheIntegrationTests[\(type(of: TestTransport.make()))]: 100 concurrent cold GETs, deduplicated: \(deduplicated): \(reached) reached the server; sources \(Dictionary(grouping: sources, by: \.description).mapValues(\.count))")
        #expect(sources.count == 100)
        if deduplicated {
            #expect(reached == 1)
        } else {
            #expect(reached >= 1 && reached <= 100)
            #expect(sources.filter { $0 == .network }.count == reached)
        }
        // Afterwards every call is a hit.
        #expect(try await session.response(for: endpoint).head.source == .cache)
        #expect(try await received(marker).count == reached)
    }

    // MARK: httpbin

    /// `/cache/{n}`: `Cache-Control: public, max-age=n`: the second use is a hit.
    @Test func httpbinCacheWithMaxAgeIsAHit() async throws {
        let session = Session(transport: TestTransport.make(), middleware: [HTTPCacheMiddleware()])
        let endpoint = HTTPBinPath(baseURL: try HTTPBin.base(), path: "/cache/60")
        #expect(try await session.response(for: endpoint).head.source == .network)
        #expect(try await session.response(for: endpoint).head.source == .cache)
    }

    /// `/cache`: `Last-Modified` (now) and `ETag`, no explicit lifetime; httpbin answers 304 to any
    /// conditional request. RFC 9111 §4.2.2 lets the cache give it a heuristic lifetime of a tenth
    /// of `Date` − `Last-Modified`: 0 when the two stamps are the same second, 0.1 s when `Date`
    /// fell in the next one. So the second use must be revalidated when the reply was stale by
    /// then, may be a hit when it could still be fresh, and must be a hit when it had to be; the
    /// bounds on its age come from the clock readings around the calls (RFC 9111 §4.2.3). A hit is
    /// followed by a use once the lifetime is over for sure, which must be revalidated.
    @Test func httpbinCacheFollowsItsHeuristicLifetime() async throws {
        let session = Session(transport: TestTransport.make(), middleware: [HTTPCacheMiddleware()])
        let endpoint = HTTPBinPath(baseURL: try HTTPBin.base(), path: "/cache")
        let beforeFirst = Date()
        let first = try await session.response(for: endpoint)
        let afterFirst = Date()
        #expect(first.head.source == .network)
        let fields = first.head.headerFields
        let date = try #require(fields["Date"].flatMap(imfFixdate), "no Date in \(fields)")
        let modified = try #require(fields["Last-Modified"].flatMap(imfFixdate), "no Last-Modified in \(fields)")
        let lifetime = max(0, date.timeIntervalSince(modified)) / 10
        try #require(lifetime < 60, "httpbin's Last-Modified is no longer now: \(modified), Date \(date)")

        let beforeSecond = Date()
        let second = try await session.response(for: endpoint)
        let afterSecond = Date()
        #expect(second.value == first.value)
        // The age the cache computed lies between these (apparent age, response delay, time since).
        let leastAge = beforeSecond.timeIntervalSince(date)
        let mostAge = max(afterFirst.timeIntervalSince(date), afterFirst.timeIntervalSince(beforeFirst))
            + afterSecond.timeIntervalSince(beforeFirst)
        print("HTTPCacheIntegrationTests[\(type(of: TestTransport.make()))]: /cache Date − Last-Modified "
            + "\(date.timeIntervalSince(modified)) s, heuristic lifetime \(lifetime) s, age at the second use "
            + "\(leastAge)…\(mostAge) s: \(second.head.source)")
        if lifetime <= leastAge {
            #expect(second.head.source == .revalidated, "stale by \(leastAge - lifetime) s at least, not revalidated")
        } else if lifetime > mostAge {
            #expect(second.head.source == .cache, "fresh for \(lifetime - mostAge) s more at least, not a hit")
        } else {
            #expect(second.head.source == .cache || second.head.source == .revalidated)
        }
        guard second.head.source == .cache else { return }
        // Stale for certain once more than the lifetime has passed since `Date`.
        while Date().timeIntervalSince(date) <= lifetime + 0.05 {
            try await Task.sleep(for: .milliseconds(50))
        }
        let third = try await session.response(for: endpoint)
        #expect(third.head.source == .revalidated)
        #expect(third.value == first.value)
    }

    /// `/etag/{etag}`: 304 when `If-None-Match` names it.
    @Test func httpbinETagRevalidates() async throws {
        let session = Session(transport: TestTransport.make(), middleware: [HTTPCacheMiddleware()])
        let endpoint = HTTPBinPath(baseURL: try HTTPBin.base(), path: "/etag/bricks-\(UUID().uuidString.prefix(8))")
        #expect(try await session.response(for: endpoint).head.source == .network)
        #expect(try await session.response(for: endpoint).head.source == .revalidated)
    }

    /// `/response-headers?Cache-Control=no-store`: never stored.
    @Test func httpbinNoStoreIsNeverStored() async throws {
        let session = Session(transport: TestTransport.make(), middleware: [HTTPCacheMiddleware()])
        let endpoint = HTTPBinPath(
            baseURL: try HTTPBin.base(), path: "/response-headers",
            queryItems: [URLQueryItem(name: "Cache-Control", value: "max-age=60, no-store")])
        #expect(try await session.response(for: endpoint).head.source == .network)
        #expect(try await session.response(for: endpoint).head.source == .network)
    }
}

/// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), what httpbin sends in `Date` and `Last-Modified`.
private func imfFixdate(_ string: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: string)
}
