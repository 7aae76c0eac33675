import BenchmarkHarness
import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A large body (100 MiB, the loopback nginx's `/large.bin`) read chunk by chunk: the peak resident
/// memory must grow with the chunk size, not with the body. Each reading runs in a fresh process
/// (see ``MemoryProbe``); the kernel's high-water mark is reset just before the body is requested,
/// so the growth is that of the stream alone.
///
/// Three ways of reading, on any transport:
/// - ``Route/session``: `Session.bytes(of:)`, through the middleware and the Session's exchange core
///   (deadline until the head, body size limit counted on the bytes read);
/// - ``Route/transport``: `HTTPTransport.exchange` called directly, iterating `response.body`;
/// - ``Route/send``: `Session.send` with a `DataResponseType` — buffered by design, so it grows by
///   the body's size: a reference, with no target.
public enum StreamingMemoryBenchmarks {
    /// The path of the large body on the benchmark server.
    public static let path = "/large.bin"
    /// The constant allowed on top of twice the largest chunk (allocator arenas and the transport's
    /// own buffers; URLSessionTransport pauses the transfer above 256 KiB buffered).
    public static let constantKiB = 4 * 1024

    /// How the body is read.
    public enum Route: String, CaseIterable, Sendable {
        case session, transport, send

        var label: String {
            switch self {
            case .session: "Session.bytes(of:)"
            case .transport: "HTTPTransport.exchange, body read directly"
            case .send: "Session.send (DataResponseType, buffered by design)"
            }
        }
    }

    /// `GET /large.bin` as a brick endpoint, allowed up to 256 MiB.
    struct GetLarge: RequestContextType, GETRequestType, DataResponseType {
        let baseURL: URL
        var path: String { StreamingMemoryBenchmarks.path }
        var maximumResponseSize: Int? { 256 * 1024 * 1024 }
    }

    /// `GET /json` as raw bytes, for the warm-up.
    struct GetSmall: RequestContextType, GETRequestType, DataResponseType {
        let baseURL: URL
        var path: String { "/json" }
    }

    /// The name of the scenario of `route` on the transport called `transportKey`.
    public static func scenario(_ route: Route, transportKey: String) -> String {
        "memory.stream.\(transportKey).\(route.rawValue)"
    }

    /// The scenario names and routes of one transport, in the order the report lists them.
    public static func scenarios(transportKey: String, routes: [Route] = Route.allCases) -> [(String, Route)] {
        routes.map { (scenario($0, transportKey: transportKey), $0) }
    }

    /// In the child process: warms up with `GET /json` by the same route, resets the peak, reads
    /// `/large.bin` by `route` on `transport`, and prints the reading.
    public static func probe(
        name: String, route: Route, transport: any HTTPTransport, transportName: String, base: URL
    ) async throws {
        let session = Session(transport: transport)
        let large = GetLarge(baseURL: base)
        let largeHead = try large.makeRequestHead(body: nil)
        // What the Session's core hands a transport for a streamed call: the body read unread, at
        // the reader's pace.
        let streamed = CallContext(isIdempotent: true, bodyMode: .streamed)
        // Warm-up: the connection, the transport's threads, the allocator's arenas.
        switch route {
        case .session:
            for try await chunk in session.bytes(of: GetSmall(baseURL: base)) { blackHole(chunk) }
        case .transport:
            let small = try GetSmall(baseURL: base).makeRequestHead(body: nil)
            for try await chunk in try await transport.exchange(small, body: nil, context: streamed).body {
                blackHole(chunk)
            }
        case .send:
            blackHole(try await session.send(GetSmall(baseURL: base)))
        }

        var bytes = 0
        var chunks = 0
        var largest = 0
        func count(_ chunk: Data) {
            bytes += chunk.count
            chunks += 1
            largest = max(largest, chunk.count)
        }
        let reset = ResourceUsage.resetPeakResident()
        let start = reset ? ResourceUsage.currentResidentKiB() ?? ResourceUsage.peakResidentKiB()
            : ResourceUsage.peakResidentKiB()
        switch route {
        case .session:
            for try await chunk in session.bytes(of: large) { count(chunk) }
        case .transport:
            let response = try await transport.exchange(largeHead, body: nil, context: streamed)
            guard response.head.statusCode == 200 else { throw BenchmarkError("GET \(path): \(response.head.status)") }
            for try await chunk in response.body { count(chunk) }
        case .send:
            count(try await session.send(large))
        }
        let peak = ResourceUsage.peakResidentKiB()
        guard bytes > 0 else { throw BenchmarkError("GET \(path) answered an empty body") }
        try MemoryProbe.report(
            StreamingReading(
                name: name, title: "\(transportName): \(route.label)", bodyBytes: bytes, chunks: chunks,
                largestChunkBytes: largest, residentAtStartKiB: start, peakKiB: peak, peakWasReset: reset,
                constantKiB: constantKiB, hasTarget: route != .send))
    }

    /// Fresh processes per scenario: the growth depends on how far the transport's I/O gets ahead of
    /// the reader, which varies from run to run; the report keeps the worst and lists them all.
    public static let repetitions = 3

    /// Runs each of `scenarios` ``repetitions`` times, each in its own child process (with the probe
    /// argument), and keeps the worst reading of each; a probe that fails or crashes counts as a
    /// failed repetition (with the first error line the child wrote to its standard error).
    public static func run(_ scenarios: [(String, Route)], transportName: String, probeArgument: String)
        -> [StreamingReading]
    {
        scenarios.map { name, route in
            var readings: [StreamingReading] = []
            var failures: [String] = []
            for _ in 0..<repetitions {
                do {
                    readings.append(
                        try MemoryProbe.runInChildProcess(arguments: [probeArgument, name, "1"], as: StreamingReading.self))
                } catch {
                    failures.append("\(error)")
                }
            }
            return StreamingReading.worst(
                of: readings, failures: failures, name: name, title: "\(transportName): \(route.label)")
        }
    }
}
