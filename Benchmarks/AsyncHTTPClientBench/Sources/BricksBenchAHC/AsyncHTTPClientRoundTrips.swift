import BenchmarkHarness
import BricksBenchmarks
import Foundation

/// The round trips of issue 9: `GET /json` + decode, sequential and from 64 concurrent tasks, with
/// four clients taking turns in the same runs, and the rows that hold its targets.
enum AsyncHTTPClientRoundTrips {
    /// Bricks on AsyncHTTPClient must reach at least this many times raw URLSession's throughput
    /// with 64 concurrent tasks…
    static let minimumThroughputGain = 1.6
    /// …at most this fraction of its client CPU per request…
    static let maximumCPUFraction = 0.5
    /// …and cost at most this much more than raw AsyncHTTPClient, in time and in CPU.
    static let maximumOverhead = 1.05

    /// One pair of clients the report compares, both in wall time and in client CPU.
    struct Pair {
        /// The suffix of the rows' names, such as `"ahc-vs-raw-ahc"`.
        let key: String
        let bricks: String
        let floor: String
        /// The limit on the ratio of wall-clock times per request, and on that of CPU times.
        let wall: Double?
        let cpu: Double?
    }

    /// Both round trips with four clients, taking turns in this order: Bricks on `ahc`'s transport,
    /// raw AsyncHTTPClient, Bricks on `URLSessionTransport`, raw `URLSession`.
    static func cases(_ settings: BenchmarkSettings, ahc: AsyncHTTPClientContenders, base: URL) -> [BenchmarkCase] {
        let bricksOnURLSession = LoopbackClient.bricksOnURLSession(base: base)
        let clients = [ahc.bricks, ahc.raw, bricksOnURLSession, LoopbackClient.rawURLSession(base: base)]
        return RoundTripBenchmarks.cases(settings, clients: clients) { measured, name, label in
            pairs(bricksOnURLSession: bricksOnURLSession.name, concurrent: name.hasSuffix("concurrent")).flatMap { pair in
                rows(measured, pair: pair, name: "\(name).\(pair.key)", label: label)
            }
        }
    }

    /// The comparisons of one round trip. The targets on raw URLSession hold at 64
    /// concurrent tasks; the overhead over raw AsyncHTTPClient holds in both.
    static func pairs(bricksOnURLSession: String, concurrent: Bool) -> [Pair] {
        let bricks = AsyncHTTPClientContenders.bricksName
        let rawAHC = AsyncHTTPClientContenders.rawName
        let rawURLSession = LoopbackClient.rawURLSessionName
        return [
            Pair(
                key: "ahc-vs-urlsession", bricks: bricks, floor: rawURLSession,
                wall: concurrent ? 1 / minimumThroughputGain : nil,
                cpu: concurrent ? maximumCPUFraction : nil),
            Pair(
                key: "ahc-vs-raw-ahc", bricks: bricks, floor: rawAHC,
                wall: maximumOverhead, cpu: maximumOverhead),
            Pair(key: "raw-ahc-vs-urlsession", bricks: rawAHC, floor: rawURLSession, wall: nil, cpu: nil),
            Pair(key: "urlsessiontransport-vs-urlsession", bricks: bricksOnURLSession, floor: rawURLSession, wall: nil, cpu: nil),
        ]
    }

    /// A wall-time row (with both throughputs in its note) and a client-CPU row for `pair`.
    static func rows(_ measured: Measurements, pair: Pair, name: String, label: String) -> [Comparison] {
        var rows = RoundTripBenchmarks.rows(
            measured, bricks: pair.bricks, floor: pair.floor, name: name, label: "\(label): \(pair.bricks) vs \(pair.floor)",
            target: pair.wall, cpuTarget: pair.cpu)
        if let ratio = rows.first?.ratio.median, ratio > 0 {
            rows[0].note? += "; throughput \(Format.fixed(1 / ratio, 2))× the floor's"
        }
        return rows
    }
}
