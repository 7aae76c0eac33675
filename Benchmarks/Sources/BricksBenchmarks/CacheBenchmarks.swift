import BenchmarkHarness
import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `HTTPCacheMiddleware` costs and saves on loopback: `GET /json` from the local nginx (which
/// sends `ETag` and `Last-Modified`) through Bricks on `URLSessionTransport`, without a cache (a
/// network round trip), answered from the store (a fresh hit: `.preferCache`, which takes the
/// same path as a fresh reply without the freshness arithmetic), and revalidated with a `304`
/// (`.alwaysRevalidate`). Also the memory a bounded store holds after 10,000 distinct URLs.
public enum CacheBenchmarks {
    struct GetSlideshow: RequestContextType, GETRequestType, JSONResponseType {
        typealias Response = Slideshow
        let baseURL: URL
        let httpCachePolicy: HTTPCachePolicy
        var path: String { "/json" }
    }

    static let networkName = "Bricks, no cache (network)"
    static let hitName = "HTTPCacheMiddleware, hit"
    static let revalidatedName = "HTTPCacheMiddleware, 304"

    public static func cases(_ settings: BenchmarkSettings, base: URL) -> [BenchmarkCase] {
        let plain = Session(transport: URLSessionTransport(configuration: .ephemeral))
        let cached = Session(transport: URLSessionTransport(configuration: .ephemeral), middleware: [HTTPCacheMiddleware()])
        let network = GetSlideshow(baseURL: base, httpCachePolicy: .standard)
        let hit = GetSlideshow(baseURL: base, httpCachePolicy: .preferCache)
        let revalidated = GetSlideshow(baseURL: base, httpCachePolicy: .alwaysRevalidate)
        let plan = MeasurementPlan(
            runs: settings.roundTripRuns, blocksPerRun: max(1, settings.sequentialRequests / settings.sequentialBlock),
            iterations: .fixed(settings.sequentialBlock), warmupIterations: settings.sequentialBlock)
        let memory = storeMemory()
        return [
            BenchmarkCase(
                name: "cache", group: "cache",
                contenders: [
                    Contender(networkName) { count in for _ in 0..<count { blackHole(try await plain.send(network)) } },
                    Contender(hitName) { count in for _ in 0..<count { blackHole(try await cached.send(hit)) } },
                    Contender(revalidatedName) { count in
                        for _ in 0..<count { blackHole(try await cached.send(revalidated)) }
                    },
                ], plan: plan
            ) { measured in
                var hitRow = measured.compare(
                    hitName, with: networkName, name: "cache.hit", title: "A fresh hit against a network round trip, GET /json")
                hitRow.note = memory
                let revalidatedRow = measured.compare(
                    revalidatedName, with: networkName, name: "cache.revalidated",
                    title: "A 304 revalidation against a network round trip, GET /json")
                return [hitRow, revalidatedRow]
            }
        ]
    }

    /// The resident memory a store bounded at 8 MiB adds after 10,000 distinct URLs of 4 KiB.
    static func storeMemory() -> String {
        let bound = 8 << 20
        let before = ResourceUsage.currentResidentKiB() ?? 0
        let cache = HTTPCacheMiddleware(storage: .memory(maximumBytes: bound))
        let session = Session(transport: ManyURLs(), middleware: [cache])
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            for index in 0..<10_000 {
                _ = try? await session.send(GetPath(path: "/items/\(index)"))
            }
            semaphore.signal()
        }
        semaphore.wait()
        let after = ResourceUsage.currentResidentKiB() ?? 0
        return "10,000 distinct URLs of 4 KiB into a store bounded at 8 MiB: resident memory +\(String(format: "%.1f", Double(after - before) / 1024)) MiB"
    }

    struct GetPath: RequestContextType, GETRequestType, DataResponseType {
        let path: String
        var baseURL: URL { URL(string: "http://127.0.0.1/api")! }
    }

    /// 4 KiB with `max-age=3600` for any URL.
    struct ManyURLs: HTTPTransport {
        var stopsAtDeadline: Bool { true }
        func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
            let response = ResponseHead(statusCode: 200, headerFields: ["Cache-Control": "max-age=3600"], url: try head.makeURL())
            return RawResponse(head: response, body: ResponseBody(Data(repeating: 0x61, count: 4096)))
        }
    }
}
