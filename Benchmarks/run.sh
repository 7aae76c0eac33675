#!/usr/bin/env bash
# Runs the benchmarks of Bricks from a fresh clone, in one command:
#
#   bash Benchmarks/run.sh                 # everything; writes Benchmarks/results/latest.{json,md}
#   bash Benchmarks/run.sh --quick         # a smoke run of a few seconds
#   bash Benchmarks/run.sh --only build,decode
#   bash Benchmarks/run.sh --ahc           # the AsyncHTTPClient round trips (issue 9); writes
#                                          # Benchmarks/results/asynchttpclient.{json,md}
#   bash Benchmarks/run.sh --ahc --quick
#   bash Benchmarks/run.sh --websocket     # a Bricks WebSocket endpoint vs raw SwiftNIO (issue 42),
#                                          # on a SwiftNIO server of its own (no nginx); writes
#                                          # Benchmarks/results/websocket.md
#   bash Benchmarks/run.sh --websocket --quick
#
# Builds bricks-bench in release mode (scratch path Benchmarks/.build) — or, with --ahc,
# bricks-bench-ahc from the package Benchmarks/AsyncHTTPClientBench (scratch path
# Benchmarks/AsyncHTTPClientBench/.build), which alone depends on SwiftNIO; its first release build
# takes 10 to 20 minutes on 2 cores — starts nginx on 127.0.0.1 (Benchmarks/Server/nginx.sh: one
# worker, static files, installed with apt-get when missing; httpbin was the bottleneck of the round
# trips), exports its URL as BRICKS_BENCH_SERVER_URL, runs, and stops the server whatever happens.
# No benchmark needs httpbin's behaviour, so none is started. A run with more arguments
# writes Benchmarks/results/partial.{json,md}.tmp (partial-ahc.… with --ahc) instead, so that only
# full runs replace the committed results.
set -euo pipefail
cd "$(dirname "$0")/.."
source Benchmarks/Server/nginx.sh

package=Benchmarks product=bricks-bench results=latest partial=partial measured=(Sources Package.swift)
if [ "${1:-}" = "--ahc" ]; then
  shift
  package=Benchmarks/AsyncHTTPClientBench product=bricks-bench-ahc results=asynchttpclient partial=partial-ahc
  measured+=(Transports/AsyncHTTPClient/Sources)
fi
websocket=0
if [ "${1:-}" = "--websocket" ]; then
  shift
  websocket=1
  package=Benchmarks/AsyncHTTPClientBench product=bricks-bench-websocket results=websocket partial=partial-websocket
  measured+=(Transports/AsyncHTTPClient/Sources)
fi
scratch=$package/.build
# Warnings are errors, as in CI: the same flags every time, so that a check build and a run share
# one release build (a change of flags rebuilds SwiftNIO).
build=(swift build -c release --package-path "$package" --scratch-path "$scratch" -Xswiftc -warnings-as-errors)
echo "==> ${build[*]} --product $product"
for attempt in 1 2 3; do
  # pipefail: the status is swift build's.
  if "${build[@]}" --product "$product" 2>&1 | tee "${TMPDIR:-/tmp}/bricks-bench-build.log"; then break; fi
  [ $attempt -lt 3 ] || exit 1
  log="${TMPDIR:-/tmp}/bricks-bench-build.log"
  if grep -q "was modified during the build" "$log"; then
    # A source file saved during the build (an editor in the same checkout): build again.
    echo "==> a source file changed during the build; building again"
  elif grep -q "because of missing inputs" "$log"; then
    # A source file of the root package was renamed or removed since the last build of this
    # scratch path, which still lists it until the package's manifest is newer: plan again.
    echo "==> a source file was renamed or removed since the last build; planning again"
    touch "$package/Package.swift"
  else
    exit 1
  fi
done
bench="$("${build[@]}" --show-bin-path)/$product"

if [ $# -eq 0 ]; then
  json=Benchmarks/results/$results.json
  markdown=Benchmarks/results/$results.md
else
  json=Benchmarks/results/$partial.json.tmp
  markdown=Benchmarks/results/$partial.md.tmp
fi

if [ $websocket -eq 0 ]; then
  trap bench_server_stop EXIT
  bench_server_start
fi

BRICKS_BENCH_SWIFT_VERSION="$(swift --version 2>/dev/null | head -n 1)"
BRICKS_BENCH_COMMIT="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if ! git diff --quiet HEAD -- "${measured[@]}" 2>/dev/null; then
  BRICKS_BENCH_COMMIT="$BRICKS_BENCH_COMMIT with uncommitted changes"
fi
export BRICKS_BENCH_SWIFT_VERSION BRICKS_BENCH_COMMIT

echo "==> $product $*"
if [ $websocket -eq 1 ]; then
  # The WebSocket benchmark starts its own server and writes Markdown only.
  "$bench" --markdown "$markdown" "$@"
  echo "==> wrote $markdown"
  exit 0
fi
"$bench" --output "$json" --markdown "$markdown" "$@"
echo "==> wrote $json and $markdown"
