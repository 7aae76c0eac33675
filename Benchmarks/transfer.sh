#!/usr/bin/env bash
# Files far larger than memory through Session, on both transports (issue 13): a 1 GiB download to
# disk (SHA-256 checked against the server's), a download cancelled at half way (no file left), a
# download broken by the server at half way and resumed with Range/If-Range, and a 1 GiB upload from
# disk with progress (the server hashes what it receives). Each in a fresh process whose peak RSS
# must stay under 64 MiB (FileTransferBenchmarks.swift).
#
#   bash Benchmarks/transfer.sh                # both transports
#   bash Benchmarks/transfer.sh --urlsession   # or --ahc: one of them
#
# Starts Benchmarks/Server/transfer-server.py on 127.0.0.1 (BRICKS_TRANSFER_BYTES bytes, default
# 1 GiB, in a temporary directory removed on exit), builds the benchmark commands in release mode
# (the same builds as Benchmarks/run.sh), and prints one table per transport, which it also writes
# to Benchmarks/results/transfer.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/wait-until.sh
which=${1:-all}
dir=$(mktemp -d "${TMPDIR:-/tmp}/bricks-transfer.XXXXXX")
server_pid=""
stop() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null || true  # 143: the server ended by our SIGTERM
  fi
  rm -rf "$dir"
}
# The script's own status, not that of stopping the server.
trap 'code=$?; stop; exit $code' EXIT

build() { # package product
  local args=(swift build -c release --package-path "$1" --scratch-path "$1/.build" -Xswiftc -warnings-as-errors)
  "${args[@]}" --product "$2" >&2
  echo "$("${args[@]}" --show-bin-path)/$2"
}
commands=()
[ "$which" != --ahc ] && commands+=("$(build Benchmarks bricks-bench)")
[ "$which" != --urlsession ] && commands+=("$(build Benchmarks/AsyncHTTPClientBench bricks-bench-ahc)")

python3 Benchmarks/Server/transfer-server.py --port-file "$dir/server.json" --dir "$dir" \
  --size "${BRICKS_TRANSFER_BYTES:-1073741824}" &
server_pid=$!
# Making and hashing 1 GiB takes a few seconds.
wait_until "the transfer server" "$server_pid" 600 -- test -s "$dir/server.json"
export BRICKS_TRANSFER_SERVER="$dir/server.json"

status=0
output=Benchmarks/results/transfer.md
{
  echo "# File transfers, $(date -u +%Y-%m-%d), $(git rev-parse --short HEAD), $(swift --version 2>/dev/null | head -n 1)"
  echo
} >"$output.tmp"
for command in "${commands[@]}"; do
  "$command" --transfer | tee -a "$output.tmp" || status=1
  echo >>"$output.tmp"
done
mv "$output.tmp" "$output"
echo "==> wrote $output"
exit $status
