#!/usr/bin/env bash
# Runs the whole test suite from a fresh clone: installs a local httpbin (PyPI, in .venv), starts
# two instances on 127.0.0.1, builds the DocC documentation (0 warnings, every public symbol
# documented), runs every test with warnings as errors, checks the docs' code, runs the suite again
# under ThreadSanitizer, checks that the benchmarks compile, runs the AsyncHTTPClient transport
# package's tests (the whole integration suite again, on that transport), the fuzz targets briefly
# (scripts/fuzz.sh), the integrations' and the OpenAPI generator's (Generator/test.sh), then the
# release check (scripts/release-check.sh: every package released into a temporary folder and
# used by URL and version from a package outside the tree), and stops the servers whatever
# happens. CI runs exactly this (.ci/run).
#
#   bash scripts/test.sh                           # everything (about 47 minutes from a fresh clone on 2 cores, 2026-12-03)
#   BRICKS_SKIP_TSAN=1 bash scripts/test.sh        # without the ThreadSanitizer passes
#   BRICKS_SKIP_PACKAGES=1 bash scripts/test.sh    # the root package only (benchmarks and transport skipped)
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step says how long the run has taken when it starts, so that a slow step shows in CI's log.
step() { printf '==> [%dm%02ds] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
step "every line of Sources/ compiles on Linux, but for the few listed in Docs/Linux.md (the count may not grow)"
python3 scripts/count-apple-only-lines.py
source scripts/httpbin.sh

source scripts/sse.sh
source scripts/hostile.sh
trap 'httpbin_stop; sse_stop; hostile_stop' EXIT
httpbin_start
sse_start
hostile_start
# The integration tests fail, rather than skip, when this is set and no server is given.
export BRICKS_REQUIRE_INTEGRATION=1

# Also checks that every public symbol is documented (from the symbol graphs; this replaced
# scripts/check-docs.py here, which the AsyncHTTPClient transport package still uses). The flags are
# those of the swift test below, which reuses the Bricks and BricksTesting modules built here.
step "the documentation builds with docc, 0 warnings"
bash scripts/build-docs.sh -Xswiftc -warnings-as-errors

# Unit tests first (in parallel), then the integration tests one at a time, so that neither the
# CPU-heavy property tests nor each other stretch their timing assertions (timeouts, Retry-After).
step "swift test: unit tests (warnings are errors)"
swift test -Xswiftc -warnings-as-errors --skip IntegrationTests
step "the public API: no break against api/ (the recorded release) unless CHANGELOG.md names it"
bash scripts/check-api.sh
step "swift test: integration tests against the local httpbin"
swift test -Xswiftc -warnings-as-errors --filter IntegrationTests --no-parallel

step "an app target with Xcode 26's defaults and a plain one: the same endpoints, real calls from a main-actor view model"
swift test --package-path AppTarget --scratch-path AppTarget/.build -Xswiftc -warnings-as-errors

step "the swift blocks of README.md, Docs/, the DocC catalogs and the doc comments of Sources/ compile, in a plain target and in an app target"
python3 scripts/check-doc-snippets.py
step "the prose: links and anchors resolve, cited steps exist, figures match their results file, no tracker references"
python3 scripts/check-prose.py

if [ "${BRICKS_SKIP_TSAN:-0}" != "1" ]; then
  # One test at a time, so that timing assertions are not starved by the sanitizer's overhead.
  # The hostile-server tests assert memory and time bounds that the sanitizer's shadow memory and
  # slowdown would break; they run in the plain passes above.
  step "swift test under ThreadSanitizer"
  log=$(mktemp)
  status=0
  swift test --sanitize=thread --scratch-path .build-tsan --no-parallel --skip HostileServerTests 2>&1 | tee "$log" || status=$?
  reports=$(grep -c "WARNING: ThreadSanitizer" "$log" || true)
  rm -f "$log"
  echo "ThreadSanitizer: $reports reports"
  if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then
    echo "the ThreadSanitizer pass failed" >&2
    exit 1
  fi
fi

# Stop this script's servers first: the transport package starts its own.
httpbin_stop
sse_stop
hostile_stop

if [ "${BRICKS_SKIP_PACKAGES:-0}" != "1" ]; then
  step "the benchmarks still compile (they run with: bash Benchmarks/run.sh)"
  swift build --package-path Benchmarks --scratch-path Benchmarks/.build --product bricks-bench \
    -Xswiftc -warnings-as-errors

  # About 3 minutes from a fresh clone, the sanitized build included (173 s on 2 busy cores).
  step "the fuzz targets: each for 5 s under AddressSanitizer (the long run: bash scripts/fuzz.sh --long)"
  BRICKS_FUZZ_TIMEOUT=10 bash scripts/fuzz.sh 5

  step "the AsyncHTTPClient transport: its tests, and the whole integration suite on it"
  bash Transports/AsyncHTTPClient/test.sh

  step "the integrations: swift-log, swift-metrics, swift-distributed-tracing, swift-http-types"
  bash Integrations/test.sh

  step "the OpenAPI generator: its tests, GitHub's and Stripe's descriptions generated and built"
  bash Generator/test.sh

  # Last: it builds in the transport's folder (SwiftNIO built there above, not again) and starts its
  # own httpbin. 6 min 35 s of CPU (18 min on 2 cores shared with four other builds, 2026-12-03;
  # resolving 76 s, Bricks, the generator's tool and the consumer built; the transport's own step
  # took 9 min 38 s of CPU in the same conditions).
  step "the release check: every package released, then depended on by URL and version from outside the tree"
  bash scripts/release-check.sh
fi
step "every step passed"
