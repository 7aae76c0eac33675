# Starts and stops the local Server-Sent Events server (scripts/sse-server.py, standard library
# only) on 127.0.0.1 for the streaming integration tests. Source it, then: sse_start (exports
# BRICKS_SSE_URL) and sse_stop (also safe to call from a trap when nothing was started).

BRICKS_SSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$(dirname "${BASH_SOURCE[0]}")/wait-until.sh"
BRICKS_SSE_PID=""
BRICKS_SSE_PORT_FILE=""

sse_start() {
  local logdir="${TMPDIR:-/tmp}"
  BRICKS_SSE_PORT_FILE=$(mktemp "$logdir/bricks-sse-port.XXXXXX")
  rm -f "$BRICKS_SSE_PORT_FILE"
  local log="$logdir/bricks-sse-$$.log"
  # A stream never outlives a test run by much: the server ends any stream after 120 s.
  python3 "$BRICKS_SSE_ROOT/scripts/sse-server.py" --port 0 --port-file "$BRICKS_SSE_PORT_FILE" \
    --max-stream-seconds 120 --quiet >"$log" 2>&1 &
  BRICKS_SSE_PID=$!
  wait_until "the SSE server" "$BRICKS_SSE_PID" 100 "$log" -- test -s "$BRICKS_SSE_PORT_FILE" || return 1
  export BRICKS_SSE_URL="http://127.0.0.1:$(tr -d '[:space:]' <"$BRICKS_SSE_PORT_FILE")"
  echo "==> SSE server at $BRICKS_SSE_URL"
}

sse_stop() {
  if [ -n "$BRICKS_SSE_PID" ]; then
    kill -TERM "$BRICKS_SSE_PID" 2>/dev/null || true
    wait "$BRICKS_SSE_PID" 2>/dev/null || true
  fi
  [ -n "$BRICKS_SSE_PORT_FILE" ] && rm -f "$BRICKS_SSE_PORT_FILE"
  BRICKS_SSE_PID=""
  BRICKS_SSE_PORT_FILE=""
}
