import BenchmarkHarness
import BricksBenchmarks
import Foundation

/// The two tables that sum up a run for Docs/Transports.md and Docs/Performance.md: each client's
/// throughput and CPU per request, and each target of issue 9 with its measured ratio.
enum AsyncHTTPClientSummary {
    /// Both tables as Markdown, from the rows of ``AsyncHTTPClientRoundTrips``.
    static func markdown(_ comparisons: [Comparison], clients: [String], concurrency: Int) -> String {
        let cases = [("roundtrip.sequential", "sequential"), ("roundtrip.concurrent", "\(concurrency) concurrent tasks")]
        var lines = [
            "| Client | " + cases.map { "\($0.1): req/s | CPU µs/request" }.joined(separator: " | ") + " |",
            "|---|" + String(repeating: "--:|--:|", count: cases.count),
        ]
        for client in clients {
            let cells = cases.flatMap { name, _ in
                let wall = median(of: client, in: name, cpu: false, comparisons)
                let cpu = median(of: client, in: name, cpu: true, comparisons)
                return [
                    wall.map { "\(RoundTripBenchmarks.requestsPerSecond($0))" } ?? "—",
                    cpu.map { Format.fixed($0, 0) } ?? "—",
                ]
            }
            lines.append("| \(client) | " + cells.joined(separator: " | ") + " |")
        }
        lines += ["", "| Target (median of paired ratios, IQR) | Limit | Measured | |", "|---|--:|--:|---|"]
        for row in comparisons {
            guard let target = row.target, let met = row.met else { continue }
            let verdict = met ? "✅" : "❌"
            if row.unit == "µs/op" && target.maximum < 1 {
                // A limit on time per request below 1× is a floor on throughput: show it that way.
                let gain = { (ratio: Double) in ratio > 0 ? 1 / ratio : 0 }
                lines.append(
                    "| Throughput, \(row.title) | ≥ \(Format.fixed(gain(target.maximum), 2))× "
                        + "| \(Format.fixed(gain(row.ratio.median), 2))× (\(Format.fixed(gain(row.ratio.p75), 2))–\(Format.fixed(gain(row.ratio.p25), 2))) "
                        + "| \(verdict) |")
            } else {
                lines.append(
                    "| \(row.title) | ≤ \(Format.fixed(target.maximum, 2))× "
                        + "| \(Format.fixed(row.ratio.median, 3))× (\(Format.fixed(row.ratio.p25, 2))–\(Format.fixed(row.ratio.p75, 2))) "
                        + "| \(verdict) |")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The median wall or CPU time per request of `client` in the case called `name`, read from
    /// any row of that case that has the client on either side.
    static func median(of client: String, in name: String, cpu: Bool, _ comparisons: [Comparison]) -> Double? {
        for row in comparisons where row.name.hasPrefix(name + ".") && row.name.hasSuffix(".cpu") == cpu {
            if row.bricksName == client { return row.bricks.median }
            if row.floorName == client { return row.floor.median }
        }
        return nil
    }
}
