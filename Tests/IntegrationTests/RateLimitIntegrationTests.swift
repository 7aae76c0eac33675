import Bricks
import BricksTestSupport
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `/ratelimit` of the hostile server: a budget per key and per one-second window.
private struct RateLimited: RequestContextType, DataResponseType {
    let baseURL: URL
    let perSecond: Int
    let key: String
    let style: String
    /// Makes each URL distinct, so that no cache answers in the server's place.
    let number: Int
    var path: String { "/ratelimit" }
    var queryItems: [URLQueryItem] {
        [
            URLQueryItem(name: "per_second", value: "\(perSecond)"), URLQueryItem(name: "key", value: key),
            URLQueryItem(name: "style", value: style), URLQueryItem(name: "n", value: "\(number)"),
        ]
    }
}

/// RateLimitMiddleware against a real server that refuses requests past its budget with 429.
/// They run on both transports (the transport package compiles this folder again), one at a time:
/// each measures how long a burst takes.
@Suite(.serialized, .enabled(if: HostileServer.shouldRun, HostileServer.skipReason))
struct RateLimitIntegrationTests {
    /// 60 concurrent requests to a server that allows 10 a second: the middleware holds them to
    /// the budget the server announces, so no 429 reaches the caller, the server refuses few or
    /// none, and the burst takes about the limit's 5–6 s.
    @Test(arguments: ["ietf", "github"])
    func aBurstStaysUnderTheServersLimit(style: String) async throws {
        let base = try HostileServer.base()
        let key = "burst-\(style)-\(UUID().uuidString.prefix(8))"
        let session = Session(
            transport: TestTransport.make(),
            middleware: [
                RetryMiddleware(.exponentialBackoff(maxAttempts: 5, baseDelay: .milliseconds(100))),
                RateLimitMiddleware(),
            ],
            overallTimeout: .seconds(60))
        // The server's windows are the seconds of the wall clock: starting just after one begins
        // makes the six windows the burst needs take five seconds and a bit, whatever the style.
        let now = Date().timeIntervalSince1970
        try await Task.sleep(for: .seconds(now.rounded(.up) - now + 0.01))
        let clock = ContinuousClock()
        let started = clock.now
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 0..<60 {
                group.addTask {
                    let request = RateLimited(baseURL: base, perSecond: 10, key: key, style: style, number: number)
                    return try await session.response(for: request).head.statusCode
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let elapsed = started.duration(to: clock.now)
        let counts = try #require(try await HostileServer.stats().ratelimit?[key], "the server counted nothing for \(key)")
        print("rate limit burst (\(style)) on \(type(of: TestTransport.make())): 60 requests at 10/s in \(elapsed); server served \(counts.served), refused \(counts.refused) with 429")
        #expect(statuses.count == 60)
        #expect(statuses.allSatisfy { $0 == 200 }, "a 429 reached the caller: \(statuses.filter { $0 != 200 })")
        #expect(counts.served == 60)
        #expect(counts.refused <= 3, "the middleware sent into the limit \(counts.refused) times")
        #expect(elapsed >= .milliseconds(4500), "60 requests at 10 a second take at least 5 windows")
        #expect(elapsed < .seconds(30))
    }
}
