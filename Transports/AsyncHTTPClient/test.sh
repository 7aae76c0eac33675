#!/usr/bin/env bash
# Builds and tests the AsyncHTTPClient transport package from a fresh clone: starts the root's
# local httpbin servers (scripts/httpbin.sh, PyPI packages in the root .venv), runs this package's
# unit tests and the root integration suite on AsyncHTTPClientTransport with warnings as errors
# (AsyncHTTPClient and its dependencies build cleanly with them), and stops the servers whatever
# happens. Extra arguments go to `swift test`, e.g. `--filter AsyncHTTPClientTransportTests`.
set -euo pipefail
cd "$(dirname "$0")"

echo "==> every public symbol of BricksAsyncHTTPClient is documented"
python3 ../../scripts/check-docs.py Sources/BricksAsyncHTTPClient

source ../../scripts/httpbin.sh
trap httpbin_stop EXIT
httpbin_start
# The integration tests fail, rather than skip, when this is set and no server is given.
export BRICKS_REQUIRE_INTEGRATION=1

echo "==> swift test (Transports/AsyncHTTPClient, warnings are errors)"
swift test --scratch-path .build -Xswiftc -warnings-as-errors "$@" 2>&1
