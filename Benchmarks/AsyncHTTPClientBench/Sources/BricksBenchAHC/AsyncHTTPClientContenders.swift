import AsyncHTTPClient
import BenchmarkHarness
import Bricks
import BricksAsyncHTTPClient
import BricksBenchmarks
import Foundation
import NIOCore
import NIOFoundationCompat

/// The two AsyncHTTPClient contenders — `Session` on ``AsyncHTTPClientTransport`` and raw
/// AsyncHTTPClient — each on its own `HTTPClient` of the same configuration, and their shutdown.
struct AsyncHTTPClientContenders {
    static let bricksName = "Bricks (AsyncHTTPClientTransport)"
    static let rawName = "AsyncHTTPClient + JSONDecoder"

    /// The transport under test; it owns its client.
    let transport: AsyncHTTPClientTransport
    /// The raw floor's client.
    let client: HTTPClient
    /// `Session` on ``transport`` sending the brick `GET /json`.
    let bricks: LoopbackClient
    /// `HTTPClient.execute`, collecting the body and decoding it with a reused `JSONDecoder`.
    let raw: LoopbackClient

    /// The transport's default configuration with room for `concurrency` connections to the server
    /// (AsyncHTTPClient's default soft limit is 8 per host), for both clients alike.
    static func configuration(concurrency: Int) -> HTTPClient.Configuration {
        var configuration = AsyncHTTPClientTransport.defaultConfiguration
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(8, concurrency)
        return configuration
    }

    init(base: URL, concurrency: Int) {
        let configuration = Self.configuration(concurrency: concurrency)
        transport = AsyncHTTPClientTransport(configuration: configuration)
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        bricks = LoopbackClient.bricks(name: Self.bricksName, key: "ahc", transport: transport, base: base)
        raw = Self.raw(client, base: base)
    }

    /// The floor: what an app on AsyncHTTPClient alone writes, with the timeout (60 s) and size
    /// limit (50 MiB) that Bricks applies by default.
    static func raw(_ client: HTTPClient, base: URL) -> LoopbackClient {
        let url = base.appendingPathComponent("json").absoluteString
        let decoder = JSONDecoder()
        let limit = ResponseLimits.defaultMaximumBodySize
        return LoopbackClient(name: rawName, key: "ahcraw") {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(60))
            guard (200..<300).contains(response.status.code) else {
                throw BenchmarkError("GET /json did not answer 2xx: \(response.status)")
            }
            return try decoder.decode(Slideshow.self, from: try await response.body.collect(upTo: limit))
        }
    }

    /// Shuts both clients down, waiting until their connections are closed.
    func shutdown() async throws {
        try await transport.shutdown()
        try await client.shutdown()
    }
}
