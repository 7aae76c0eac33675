#!/usr/bin/env bash
# Times Bricks' JSON body encoder against Foundation's JSONEncoder in one optimized run, on the
# GitHub search-issues fixture (issues with their users, labels, reactions, dates and a score)
# made into a realistic body of 30 issues, each encoded 2,000 times per round, rounds interleaved.
# Prints each encoder's median time per body and the ratio. Not part of CI (a few minutes).
# Usage: bash scripts/json-body-bench.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fixture="${BRICKS_SHARED:-$root/../shared}/fixtures/github/search-issues/normalized-fixture.json"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/main.swift" <<'SWIFT'
import Foundation

struct User: Codable { var login: String; var id: Int; var nodeId: String; var avatarUrl: URL; var gravatarId: String
    var url: URL; var htmlUrl: URL; var type: String; var siteAdmin: Bool }
struct Label: Codable { var id: Int; var name: String; var color: String; var `default`: Bool; var description: String? }
struct Reactions: Codable { var url: URL; var totalCount: Int; var plusOne: Int?; var laugh: Int; var hooray: Int; var confused: Int
    var heart: Int; var rocket: Int; var eyes: Int }
struct Issue: Codable { var url: URL; var repositoryUrl: URL; var htmlUrl: URL; var id: Int; var nodeId: String; var number: Int
    var title: String; var user: User; var labels: [Label]; var state: String; var locked: Bool; var assignees: [User]
    var comments: Int; var createdAt: Date; var updatedAt: Date; var closedAt: Date?; var authorAssociation: String
    var body: String?; var reactions: Reactions?; var score: Double }
struct Exchange: Decodable { struct Response: Decodable { var items: [Issue] }; var response: Response }

@main enum Bench {
    static func main() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let items = try decoder.decode([Exchange].self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))[0].response.items
        var body: [Issue] = []
        for index in 0..<30 {
            var issue = items[index % items.count]
            issue.number = index; issue.score = Double(index) / 3
            issue.labels = (0..<3).map { Label(id: $0, name: "label \($0)/\(index)", color: "ededed", default: $0 == 0, description: nil) }
            body.append(issue)
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        let bricksBytes = try JSONBodyEncoder.encode(body, configuredBy: encoder)
        let foundationBytes = try encoder.encode(body)
        print("body: \(foundationBytes.count) bytes (JSONEncoder), \(bricksBytes.count) bytes (Bricks)")
        let perRound = 2_000
        var times: [String: [Double]] = ["JSONEncoder": [], "Bricks": []]
        var sink = 0
        for round in 0..<14 {
            let order = round % 2 == 0 ? ["JSONEncoder", "Bricks"] : ["Bricks", "JSONEncoder"]
            for name in order {
                let start = ContinuousClock.now
                for _ in 0..<perRound {
                    sink &+= name == "Bricks" ? try JSONBodyEncoder.encode(body, configuredBy: encoder).count : try encoder.encode(body).count
                }
                let elapsed = ContinuousClock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                if round >= 2 { times[name, default: []].append(seconds / Double(perRound) * 1e6) }
            }
        }
        func median(_ values: [Double]) -> Double { let sorted = values.sorted(); return sorted[sorted.count / 2] }
        let foundation = median(times["JSONEncoder"] ?? [0]), bricks = median(times["Bricks"] ?? [0])
        print(String(format: "JSONEncoder: %.1f µs per body, Bricks: %.1f µs per body, ratio %.2f (median of 12 rounds; sink %d)", foundation, bricks, bricks / foundation, sink % 10))
    }
}
SWIFT
find "$root/Sources/Bricks" -name '*.swift' -print0 | xargs -0 swiftc -swift-version 6 -O -wmo -parse-as-library \
  -module-name JSONBodyBench -package-name Bricks "$work/main.swift" -o "$work/bench" 2>&1 | grep -v "warning" | grep -E "error" && exit 1
"$work/bench" "$fixture"
