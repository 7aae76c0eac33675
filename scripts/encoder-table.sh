#!/usr/bin/env bash
# Prints the table of what each encoder writes for a date with microseconds and for [2.0, 0.1]:
# Foundation's formatters (what QueryEncoder called before it wrote fractions) beside Bricks'
# encoders as they are now; then has Python's datetime.fromisoformat read 10,000 dates as
# QueryEncoder writes them. Compiles Bricks' sources with a small main.swift (a few minutes).
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
    ("Bricks `JSONBodyRequestType` on `[2.0, 0.1]` (now)", jsonBody ?? "(throws)"),
    ("Bricks `QueryEncoder(dateEncoding: .secondsSince1970)`", query(["since": date], QueryEncoder(dateEncoding: .secondsSince1970))),
]
print("\(ProcessInfo.processInfo.operatingSystemVersionString); date = 1_800_000_000.820370 s since 1970\n")
print("| how | text |\n|---|---|")
for (how, text) in rows { print("| \(how) | `\(text)` |") }

// For Python's reader: 10,000 dates (seeded), as seconds since 2001 and as QueryEncoder writes them.
// Half are whole microseconds in 1900-2100 (what databases keep), half any instant in 0001-9999.
var state: UInt64 = 45
func next(_ state: inout UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
var lines: [String] = []
for index in 0..<10_000 {
    let micro = index % 2 == 0
    let seconds = micro
        ? Double(Int64(next(&state) % 6_311_433_600_000_000) - 3_155_716_800_000_000) / 1_000_000
        : Double(next(&state) % (1 << 53)) / Double(1 << 53) * 315_537_897_599 - 63_113_904_000
    guard let text = try? QueryEncoder().text(for: Date(timeIntervalSinceReferenceDate: seconds)) else { continue }
    lines.append("\(micro ? "micro" : "any") \(seconds) \(text)")
}
try lines.joined(separator: "\n").write(toFile: CommandLine.arguments[1], atomically: true, encoding: .utf8)
SWIFT
cat >"$work/read.py" <<'PYTHON'
# Reads each timestamp with datetime.fromisoformat, which keeps microseconds and cuts further
# digits, and compares it with what the text should say: the shortest digits of the Date's Double
# (Python's repr gives the same shortest round-trip digits as Swift), to nine places, cut to
# microseconds. A difference is a calendar or a digit that Python reads otherwise.
import sys
from datetime import datetime, timedelta, timezone
from decimal import Decimal, ROUND_FLOOR, ROUND_HALF_UP
reference = datetime(2001, 1, 1, tzinfo=timezone.utc)
counts = {"micro": [0, 0], "any": [0, 0]}
for line in open(sys.argv[1]):
    kind, seconds, text = line.split()
    written = Decimal(repr(float(seconds))).quantize(Decimal("1e-9"), rounding=ROUND_HALF_UP)
    expected = (written * 1_000_000).to_integral_value(rounding=ROUND_FLOOR)
    read = datetime.fromisoformat(text)
    counts[kind][0] += 1
    if (read - reference) // timedelta(microseconds=1) != expected:
        counts[kind][1] += 1
        if counts[kind][1] <= 3:
            print("differs:", seconds, text, read.isoformat())
print(f"Python {sys.version.split()[0]} datetime.fromisoformat read {counts['micro'][0]} dates in whole "
      f"microseconds (1900-2100), {counts['micro'][1]} read otherwise; {counts['any'][0]} instants anywhere in "
      f"0001-9999, {counts['any'][1]} read otherwise than their digits cut to microseconds")
PYTHON
if ! find "$root/Sources/Bricks" -name '*.swift' -print0 | xargs -0 swiftc -swift-version 6 -module-name BricksTable \
  -package-name Bricks -o "$work/table" "$work/main.swift" >"$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  exit 1
fi
swift --version 2>/dev/null | head -1
"$work/table" "$work/dates.txt"
echo
python3 "$work/read.py" "$work/dates.txt"
