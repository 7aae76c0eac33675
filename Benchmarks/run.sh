#!/usr/bin/env bash
# Runs the benchmarks of Bricks from a fresh clone, in one command:
#
#   bash Benchmarks/run.sh                 # everything; writes Benchmarks/results/latest.{json,md}
#   bash Benchmarks/run.sh --quick         # a smoke run of a few seconds
#   bash Benchmarks/run.sh --only build,decode
#
# Builds bricks-bench in release mode (scratch path Benchmarks/.build), starts the local httpbin on
# 127.0.0.1 as the test command does (4 gunicorn workers), runs, and stops the server whatever
# happens. A run with arguments writes Benchmarks/results/partial.{json,md}.tmp instead, so that
# only full runs replace the committed results.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/httpbin.sh

scratch=Benchmarks/.build
echo "==> swift build -c release --product bricks-bench"
swift build -c release --package-path Benchmarks --scratch-path "$scratch" --product bricks-bench 2>&1
bench="$(swift build -c release --package-path Benchmarks --scratch-path "$scratch" --show-bin-path)/bricks-bench"

if [ $# -eq 0 ]; then
  json=Benchmarks/results/latest.json
  markdown=Benchmarks/results/latest.md
else
  json=Benchmarks/results/partial.json.tmp
  markdown=Benchmarks/results/partial.md.tmp
fi

export BRICKS_HTTPBIN_WORKERS="${BRICKS_HTTPBIN_WORKERS:-4}"
trap httpbin_stop EXIT
httpbin_start

BRICKS_BENCH_SWIFT_VERSION="$(swift --version 2>/dev/null | head -n 1)"
BRICKS_BENCH_COMMIT="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if ! git diff --quiet HEAD -- Sources Package.swift 2>/dev/null; then
  BRICKS_BENCH_COMMIT="$BRICKS_BENCH_COMMIT with uncommitted changes"
fi
export BRICKS_BENCH_SWIFT_VERSION BRICKS_BENCH_COMMIT

echo "==> bricks-bench $*"
"$bench" --output "$json" --markdown "$markdown" "$@"
echo "==> wrote $json and $markdown"
