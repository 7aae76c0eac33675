#!/usr/bin/env bash
# Runs the whole test suite from a fresh clone: installs a local httpbin (PyPI, in .venv), starts
# two instances on 127.0.0.1, runs every test with warnings as errors, and stops the servers
# whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/httpbin.sh

trap httpbin_stop EXIT
httpbin_start
# The integration tests fail, rather than skip, when this is set and no server is given.
export BRICKS_REQUIRE_INTEGRATION=1

echo "==> swift test"
swift test -Xswiftc -warnings-as-errors 2>&1
