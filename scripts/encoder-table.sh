#!/usr/bin/env bash
# Prints the table of what each encoder writes for a date with microseconds and for [2.0, 0.1]:
# Foundation's formatters (what QueryEncoder called before it wrote fractions) beside Bricks'
# encoders as they are now. Compiles Bricks' sources with a small main.swift (about a minute).
# Usage: bash scripts/encoder-table.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cat >"$work/main.swift" <<'SWIFT'
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let date = Date(timeIntervalSince1970: 1_800_000_000.820370)
func json(_ value: some Encodable, _ configure: (JSONEncoder) -> Void = { _ in }) -> String {
    let encoder = JSONEncoder()
    configure(encoder)
    return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "(throws)"
}
func query(_ value: some Encodable, _ encoder: QueryEncoder = QueryEncoder()) -> String {
    ((try? encoder.encode(value)) ?? []).map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
}
struct JSONBody: RequestContextType, POSTRequestType, JSONBodyRequestType, DataResponseType {
    var baseURL: URL { URL(fileURLWithPath: "/") }
    let body: [Double]
}
let jsonBody = (try? JSONBody(body: [2.0, 0.1]).makeRequestBody()?.data).map { String(decoding: $0 ?? Data(), as: UTF8.self) }
let rows: [(String, String)] = [
    ("`Date.ISO8601FormatStyle()` (QueryEncoder's .iso8601 before)", date.formatted(Date.ISO8601FormatStyle())),
    ("`Date.ISO8601FormatStyle(includingFractionalSeconds: true)`",
     date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))),
    ("`JSONEncoder` with `.iso8601`", json([date]) { $0.dateEncodingStrategy = .iso8601 }),
    ("`JSONEncoder` on `[2.0, 0.1]`", json([2.0, 0.1])),
    ("Bricks `QueryEncoder()` (.iso8601, now)", query(["since": date])),
    ("Bricks `QueryEncoder().text(for:)` in a JSON `.custom` strategy", json([date]) { encoder in
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try QueryEncoder().text(for: date))
        }
    }),
    ("Bricks `QueryEncoder()` on `[2.0, 0.1]`", query(["x": [2.0, 0.1]])),
    ("Bricks `JSONBodyRequestType` on `[2.0, 0.1]`", jsonBody ?? "(throws)"),
    ("Bricks `QueryEncoder(dateEncoding: .secondsSince1970)`", query(["since": date], QueryEncoder(dateEncoding: .secondsSince1970))),
]
print("\(ProcessInfo.processInfo.operatingSystemVersionString); date = 1_800_000_000.820370 s since 1970\n")
print("| how | text |\n|---|---|")
for (how, text) in rows { print("| \(how) | `\(text)` |") }
SWIFT
if ! find "$root/Sources/Bricks" -name '*.swift' -print0 | xargs -0 swiftc -swift-version 6 -module-name BricksTable \
  -package-name Bricks -o "$work/table" "$work/main.swift" >"$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  exit 1
fi
swift --version 2>/dev/null | head -1
"$work/table"
