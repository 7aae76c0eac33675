@testable import Bricks
import BricksTesting
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private let cacheBase = URL(string: "https://api.example.com")!

private struct GetItem: RequestContextType, GETRequestType, DataResponseType {
    var baseURL: URL { cacheBase }
    var path: String = "/item"
    var httpCachePolicy: HTTPCachePolicy = .standard
}

private struct StreamItem: RequestContextType, GETRequestType, DataResponseType {
    var baseURL: URL { cacheBase }
    var path: String { "/item" }
}

/// A stub whose `/item` answers `fields`, counting the requests and the conditional ones.
private func origin(_ fields: HeaderFields, status: Int = 200, body: String = "v1") async -> StubTransport {
    let stub = StubTransport()
    await stub.register(.get, "/**") { request in
        if let tag = fields["ETag"], request.value(forHTTPHeaderField: "If-None-Match") == tag {
            return .init(status: 304, headers: fields)
        }
        return .init(status: status, headers: fields, body: Data(body.utf8))
    }
    return stub
}

private func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("bricks-cache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

private func entry(_ url: String, body: Int, time: Date = Date()) -> StoredResponse {
    StoredResponse(
        url: url, head: ResponseHead(statusCode: 200, headerFields: ["Cache-Control": "max-age=60"], url: cacheBase),
        body: Data(repeating: 7, count: body), varied: [:], credentials: nil, requestTime: time, responseTime: time)
}

@Suite struct HTTPCacheMiddlewareTests {
    // MARK: Policies

    @Test func noStorePolicyNeverStores() async throws {
        let stub = await origin(["Cache-Control": "max-age=60"])
        let session = stub.session(middleware: [HTTPCacheMiddleware()])
        _ = try await session.send(GetItem(httpCachePolicy: .noStore))
        _ = try await session.send(GetItem(httpCachePolicy: .noStore))
        #expect(await stub.requests.count == 2)
        // And a per-call override over a caching endpoint.
        _ = try await session.send(GetItem().caching(.noStore))
        #expect(await stub.requests.count == 3)
    }

    @Test func alwaysRevalidateAsksEveryTime() async throws {
        let stub = await origin(["Cache-Control": "max-age=60", "ETag": "\"a\""])
        let session = stub.session(middleware: [HTTPCacheMiddleware()])
        _ = try await session.send(GetItem())
        let reply = try await session.response(for: GetItem().caching(.alwaysRevalidate))
        #expect(reply.head.source == .revalidated)
        #expect(reply.value == Data("v1".utf8))
        #expect(await stub.requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"a\"")
    }

    @Test func preferCacheServesStaleWithoutAsking() async throws {
        let stub = await origin(["Cache-Control": "max-age=0", "ETag": "\"a\""])
        let session = stub.session(middleware: [HTTPCacheMiddleware()])
        _ = try await session.send(GetItem())
        let reply = try await session.response(for: GetItem(httpCachePolicy: .preferCache))
        #expect(reply.head.source == .stale(.preferredByPolicy))
        #expect(await stub.requests.count == 1)
    }

    /// Offline-first: the network fails, a stale reply is served and says why.
    @Test func staleIfOfflineServesStaleWhenTheNetworkFails() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/item", replies: [
            .init(headers: ["Cache-Control": "max-age=0", "ETag": "\"a\""], body: Data("v1".utf8)),
            .init(failure: URLError(.notConnectedToInternet)),
        ])
        let session = stub.session(middleware: [HTTPCacheMiddleware()])
        _ = try await session.send(GetItem(httpCachePolicy: .staleIfOffline))
        let reply = try await session.response(for: GetItem(httpCachePolicy: .staleIfOffline))
        #expect(reply.head.source == .stale(.networkFailed))
        #expect(reply.value == Data("v1".utf8))
        // Without the policy the failure reaches the caller.
        await #expect(throws: BricksError.self) { try await session.send(GetItem()) }
    }

    @Test func staleWhileRevalidateAnswersAtOnceAndRefreshesBehind() async throws {
        let stub = StubTransport()
        await stub.register(.get, "/item", replies: [
            .init(headers: ["Cache-Control": "max-age=0, stale-while-revalidate=60"], body: Data("v1".utf8)),
            .init(headers: ["Cache-Control": "max-age=60"], body: Data("v2".utf8)),
        ])
        let session = stub.session(middleware: [HTTPCacheMiddleware(staleWhileRevalidate: .seconds(30))])
        _ = try await session.send(GetItem())
        let stale = try await session.response(for: GetItem())
        #expect(stale.head.source == .stale(.revalidating))
        #expect(stale.value == Data("v1".utf8))
        // The background request lands; then the new reply is served fresh.
        let deadline = ContinuousClock.now + .seconds(30)
        while await stub.requests.count < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        var fresh = try await session.response(for: GetItem())
        while fresh.value != Data("v2".utf8), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            fresh = try await session.response(for: GetItem())
        }
        #expect(fresh.head.source == .cache)
        #expect(fresh.value == Data("v2".utf8))
        #expect(await stub.requests.count == 2)
    }

    @Test func onlyIfCachedOnAMissIs504WithoutARequest() async throws {
        let stub = await origin(["Cache-Control": "max-age=60"])
        let session = stub.session(middleware: [HTTPCacheMiddleware()])
        struct OnlyIfCached: RequestContextType, GETRequestType, DataResponseType {
            var baseURL: URL { cacheBase }
            var path: String { "/item" }
            var headerFields: [String: String] { ["Cache-Control": "only-if-cached"] }
            var acceptableStatusCodes: Range<Int> { 200..<600 }
        }
        let reply = try await session.response(for: OnlyIfCached())
        #expect(reply.head.statusCode == 504)
        #expect(await stub.requests.isEmpty)
    }

    /// Streams and downloads are never cached: the body is not in hand to store.
    @Test func streamsAreNotCached() async throws {
        let stub = await origin(["Cache-Control": "max-age=60"])
        let session = stub.session(middleware: [HTTPCacheMiddleware()])
        for _ in 0..<2 {
            for try await _ in session.bytes(of: StreamItem()) {}
        }
        #expect(await stub.requests.count == 2)
    }

    @Test func purgeRemovesAURLAndPurgeAllEverything() async throws {
        let stub = await origin(["Cache-Control": "max-age=60"])
        let cache = HTTPCacheMiddleware()
        let session = stub.session(middleware: [cache])
        _ = try await session.send(GetItem(path: "/a"))
        _ = try await session.send(GetItem(path: "/b"))
        await cache.purge(cacheBase.appendingPathComponent("a"))
        _ = try await session.send(GetItem(path: "/a"))
        _ = try await session.send(GetItem(path: "/b"))
        #expect(await stub.requests.count == 3)
        await cache.purgeAll()
        #expect(await cache.storedBytes() == 0)
    }

    // MARK: Visibility

    @Test func metricsAndLogsSayWhereTheReplyCameFrom() async throws {
        let stub = await origin(["Cache-Control": "max-age=60"])
        let sources = Locked<[ResponseSource]>([])
        let lines = Locked<[String]>([])
        let session = stub.session(middleware: [
            MetricsMiddleware { metrics in sources.withLock { $0.append(metrics.source) } },
            LoggingMiddleware { line in lines.withLock { $0.append(line) } },
            HTTPCacheMiddleware(),
        ])
        _ = try await session.send(GetItem())
        _ = try await session.send(GetItem())
        #expect(sources.withLock { $0 } == [.network, .cache])
        #expect(lines.withLock { $0 }.last?.contains("from the cache: cache") == true)
    }

    // MARK: Stores

    @Test func memoryStoreStaysWithinItsBoundUnderTenThousandURLs() async throws {
        let store = MemoryCacheStore(maximumBytes: 1 << 20)
        for index in 0..<10_000 {
            await store.save([entry("https://api.example.com/\(index)", body: 1024)], for: "k\(index)")
            if index % 1000 == 999 { #expect(await store.storedBytes() <= 1 << 20) }
        }
        // The most recent are kept, the oldest gone.
        #expect(await store.variants(for: "k9999").count == 1)
        #expect(await store.variants(for: "k0").isEmpty)
    }

    @Test func memoryStoreEvictsTheLeastRecentlyUsed() async throws {
        let one = entry("https://api.example.com/1", body: 400)
        let store = MemoryCacheStore(maximumBytes: 3 * one.cost)
        await store.save([one], for: "a")
        await store.save([one], for: "b")
        await store.save([one], for: "c")
        _ = await store.variants(for: "a")  // a is now the most recent
        await store.save([one], for: "d")
        #expect(await store.variants(for: "b").isEmpty)
        #expect(await store.variants(for: "a").count == 1)
    }

    /// A new store over the same directory (as after a restart) serves what the first stored.
    @Test func diskStoreSurvivesARestart() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = await origin(["Cache-Control": "max-age=60"])
        _ = try await stub.session(middleware: [HTTPCacheMiddleware(storage: .disk(directory: folder))]).send(GetItem())
        let restarted = stub.session(middleware: [HTTPCacheMiddleware(storage: .disk(directory: folder))])
        let reply = try await restarted.response(for: GetItem())
        #expect(reply.head.source == .cache)
        #expect(reply.value == Data("v1".utf8))
        #expect(await stub.requests.count == 1)
    }

    /// A file cut short (or with one byte changed) is deleted and fetched again, never served.
    @Test(arguments: ["truncated", "flipped", "empty", "foreign"])
    func corruptDiskEntryIsRefetched(damage: String) async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stub = await origin(["Cache-Control": "max-age=60"])
        _ = try await stub.session(middleware: [HTTPCacheMiddleware(storage: .disk(directory: folder))]).send(GetItem())
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".cache") }
        let file = folder.appendingPathComponent(try #require(files.first))
        var data = try Data(contentsOf: file)
        switch damage {
        case "truncated": data = data.prefix(data.count / 2)
        case "flipped": data[data.count / 2] ^= 0xFF
        case "empty": data = Data()
        default: data = Data("{\"not\": \"ours\"}".utf8)
        }
        try data.write(to: file)
        let restarted = stub.session(middleware: [HTTPCacheMiddleware(storage: .disk(directory: folder))])
        let reply = try await restarted.response(for: GetItem())
        #expect(reply.head.source == .network)
        #expect(reply.value == Data("v1".utf8))
        #expect(await stub.requests.count == 2)
        // Stored again, whole.
        #expect(try await restarted.response(for: GetItem()).head.source == .cache)
    }

    @Test func diskStoreStaysWithinItsBound() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = DiskCacheStore(directory: folder, maximumBytes: 64 * 1024)
        for index in 0..<40 { await store.save([entry("https://api.example.com/\(index)", body: 4096)], for: "k\(index)") }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder.path).reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? NSNumber)?.intValue ?? 0)
        }
        #expect(onDisk <= 64 * 1024)
        #expect(await store.storedBytes() == onDisk)
        #expect(await store.variants(for: "k39").count == 1)
    }

    /// Several tasks writing and reading the same keys at once: every read is whole.
    @Test func diskStoreIsSafeUnderConcurrentWrites() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stores = [DiskCacheStore(directory: folder, maximumBytes: 1 << 20), DiskCacheStore(directory: folder, maximumBytes: 1 << 20)]
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let store = stores[index % 2]
                    await store.save([entry("https://api.example.com/shared", body: 1000 + index)], for: "shared")
                    let read = await store.variants(for: "shared")
                    #expect(read.count <= 1)
                    if let body = read.first?.body { #expect(body.allSatisfy { $0 == 7 }) }
                }
            }
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    // MARK: Pieces

    /// The hand-written IMF-fixdate reader agrees with a `DateFormatter` on 2,000 dates from 1900
    /// to 2200, and refuses what is not one.
    @Test func imfFixdateIsReadAsDateFormatterReadsIt() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: TimeInterval(Int64.random(in: -2_208_988_800...7_258_118_400, using: &generator)))
            let text = formatter.string(from: date)
            #expect(HTTPDate.parseIMFFixdate(text) == date, "\(text)")
        }
        for bad in ["Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Foo 1994 08:49:37 GMT",
                    "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "", "0"] {
            #expect(HTTPDate.parseIMFFixdate(bad) == nil, "\(bad)")
        }
    }

    /// The obsolete formats RFC 9110 §5.6.7 still asks recipients to read: RFC 850's two-digit year
    /// is of the century that puts it at most 50 years ahead; names are case-sensitive.
    @Test func obsoleteDateFormatsAreRead() throws {
        let now = try #require(HTTPDate.parse("Sat, 28 Nov 2026 00:00:00 GMT"))
        let in2044 = HTTPDate.parse("Mon, 07 Nov 2044 08:49:37 GMT")
        #expect(HTTPDate.parse("Monday, 07-Nov-44 08:49:37 GMT", now: now) == in2044)
        #expect(HTTPDate.parse("Tuesday, 01-Jan-76 00:00:00 GMT", now: now) == HTTPDate.parse("Thu, 01 Jan 2076 00:00:00 GMT"))
        #expect(HTTPDate.parse("Friday, 01-Jan-77 00:00:00 GMT", now: now) == HTTPDate.parse("Sat, 01 Jan 1977 00:00:00 GMT"))
        #expect(HTTPDate.parse("Thu Feb  1 00:00:01 2024") == Date(timeIntervalSince1970: 1_706_745_601))
        for bad in ["sunday, 06-Nov-94 08:49:37 GMT", "Sunday, 06-nov-94 08:49:37 GMT", "Sunday, 6-Nov-94 08:49:37 GMT",
                    "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun, 06-Nov-94 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 UTC",
                    "Sun Nov 6 08:49:37 94", "Sun Nov 123 08:49:37 1994", "Sun Nov 0 08:49:37 1994", "Sunday Nov 6 08:49:37 1994",
                    "Sun Nov 6 8:49:37 1994", "Sun Nov 6 08:49 1994"] {
            #expect(HTTPDate.parse(bad, now: now) == nil, "\(bad)")
        }
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(Data(repeating: 0x61, count: 1_000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
