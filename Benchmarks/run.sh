#!/usr/bin/env bash
# Runs the benchmarks of Bricks from a fresh clone, in one command:
#
#   bash Benchmarks/run.sh                 # everything; writes Benchmarks/results/latest.{json,md}
#   bash Benchmarks/run.sh --quick         # a smoke run of a few seconds
#   bash Benchmarks/run.sh --only build,decode
#   bash Benchmarks/run.sh --ahc           # the AsyncHTTPClient round trips (issue 9); writes
#                                          # Benchmarks/results/asynchttpclient.{json,md}
#   bash Benchmarks/run.sh --ahc --quick
#
# Builds bricks-bench in release mode (scratch path Benchmarks/.build) — or, with --ahc,
# bricks-bench-ahc from the package Benchmarks/AsyncHTTPClientBench (scratch path
# Benchmarks/AsyncHTTPClientBench/.build), which alone depends on SwiftNIO; its first release build
# takes 10 to 20 minutes on 2 cores — starts the local httpbin on 127.0.0.1 as the test command does
# (4 gunicorn workers), runs, and stops the server whatever happens. A run with more arguments
# writes Benchmarks/results/partial.{json,md}.tmp (partial-ahc.… with --ahc) instead, so that only
# full runs replace the committed results.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/httpbin.sh

package=Benchmarks product=bricks-bench results=latest partial=partial measured=(Sources Package.swift)
if [ "${1:-}" = "--ahc" ]; then
  shift
  package=Benchmarks/AsyncHTTPClientBench product=bricks-bench-ahc results=asynchttpclient partial=partial-ahc
  measured+=(Transports/AsyncHTTPClient/Sources)
fi
scratch=$package/.build
echo "==> swift build -c release --product $product"
swift build -c release --package-path "$package" --scratch-path "$scratch" --product "$product" 2>&1
bench="$(swift build -c release --package-path "$package" --scratch-path "$scratch" --show-bin-path)/$product"

if [ $# -eq 0 ]; then
  json=Benchmarks/results/$results.json
  markdown=Benchmarks/results/$results.md
else
  json=Benchmarks/results/$partial.json.tmp
  markdown=Benchmarks/results/$partial.md.tmp
fi

export BRICKS_HTTPBIN_WORKERS="${BRICKS_HTTPBIN_WORKERS:-4}"
trap httpbin_stop EXIT
httpbin_start

BRICKS_BENCH_SWIFT_VERSION="$(swift --version 2>/dev/null | head -n 1)"
BRICKS_BENCH_COMMIT="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if ! git diff --quiet HEAD -- "${measured[@]}" 2>/dev/null; then
  BRICKS_BENCH_COMMIT="$BRICKS_BENCH_COMMIT with uncommitted changes"
fi
export BRICKS_BENCH_SWIFT_VERSION BRICKS_BENCH_COMMIT

echo "==> $product $*"
"$bench" --output "$json" --markdown "$markdown" "$@"
echo "==> wrote $json and $markdown"
