#!/usr/bin/env bash
# Builds and tests the integrations package (BricksLogging, BricksMetrics, BricksTracing,
# BricksHTTPTypes) from a fresh clone: checks that every public symbol is documented, builds with
# warnings as errors (swift-log, swift-metrics, swift-distributed-tracing and swift-http-types
# build cleanly with them), runs the unit tests on StubTransport, then starts the root's local
# httpbin (scripts/httpbin.sh, PyPI packages in the root .venv) for the one integration test,
# and stops it whatever happens.
#
#   bash Integrations/test.sh               # everything
#   BRICKS_TSAN=1 bash Integrations/test.sh # and once more under ThreadSanitizer (a second build)
set -euo pipefail
cd "$(dirname "$0")"

echo "==> every public symbol of the integrations is documented"
python3 ../scripts/check-docs.py Sources/BricksLogging Sources/BricksMetrics Sources/BricksTracing Sources/BricksHTTPTypes

echo "==> swift build (warnings are errors)"
swift build --scratch-path .build --build-tests -Xswiftc -warnings-as-errors "$@"

echo "==> swift test: unit tests"
swift test --scratch-path .build -Xswiftc -warnings-as-errors --skip TracingIntegrationTests "$@"

source ../scripts/httpbin.sh
trap httpbin_stop EXIT
httpbin_start
# The integration test fails, rather than skips, when this is set and no server is given.
export BRICKS_REQUIRE_INTEGRATION=1
echo "==> swift test: the traceparent reaches httpbin"
swift test --scratch-path .build -Xswiftc -warnings-as-errors --filter TracingIntegrationTests "$@"

if [ "${BRICKS_TSAN:-0}" = "1" ]; then
  echo "==> swift test under ThreadSanitizer"
  log=$(mktemp)
  status=0
  swift test --sanitize=thread --scratch-path .build-tsan "$@" 2>&1 | tee "$log" || status=$?
  reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
  rm -f "$log"
  echo "ThreadSanitizer: $reports reports"
  [ "$status" -eq 0 ] && [ "$reports" -eq 0 ] || { echo "the ThreadSanitizer pass failed" >&2; exit 1; }
fi
