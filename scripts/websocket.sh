# Starts and stops the local WebSocket server (scripts/websocket-server.py, PyPI's `websockets`
# pinned in scripts/websocket-requirements.txt and installed into the root .venv) on 127.0.0.1 for
# the WebSocket integration tests. Source it, then: websocket_start (exports BRICKS_WEBSOCKET_URL,
# the conforming server, and BRICKS_WEBSOCKET_HOSTILE_URL, the one that writes frames by hand) and
# websocket_stop (also safe to call from a trap when nothing was started).

BRICKS_WEBSOCKET_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$(dirname "${BASH_SOURCE[0]}")/wait-until.sh"
BRICKS_VENV="${BRICKS_VENV:-$BRICKS_WEBSOCKET_ROOT/.venv}"
BRICKS_WEBSOCKET_PID=""
BRICKS_WEBSOCKET_PORT_FILE=""

websocket_install() {
  local requirements="$BRICKS_WEBSOCKET_ROOT/scripts/websocket-requirements.txt"
  local stamp="$BRICKS_VENV/.websocket-requirements"
  if [ ! -x "$BRICKS_VENV/bin/python" ]; then
    echo "==> creating $BRICKS_VENV"
    python3 -m venv "$BRICKS_VENV"
  fi
  if ! cmp -s "$requirements" "$stamp"; then
    echo "==> installing websockets from PyPI"
    "$BRICKS_VENV/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$stamp"
  fi
}

websocket_start() {
  websocket_install
  local logdir="${TMPDIR:-/tmp}"
  BRICKS_WEBSOCKET_PORT_FILE=$(mktemp "$logdir/bricks-websocket-ports.XXXXXX")
  rm -f "$BRICKS_WEBSOCKET_PORT_FILE"
  local log="$logdir/bricks-websocket-$$.log"
  "$BRICKS_VENV/bin/python" "$BRICKS_WEBSOCKET_ROOT/scripts/websocket-server.py" \
    --port-file "$BRICKS_WEBSOCKET_PORT_FILE" >"$log" 2>&1 &
  BRICKS_WEBSOCKET_PID=$!
  wait_until "the WebSocket server" "$BRICKS_WEBSOCKET_PID" 100 "$log" -- test -s "$BRICKS_WEBSOCKET_PORT_FILE" || return 1
  local ports
  read -r -a ports <"$BRICKS_WEBSOCKET_PORT_FILE"
  export BRICKS_WEBSOCKET_URL="http://127.0.0.1:${ports[0]}"
  export BRICKS_WEBSOCKET_HOSTILE_URL="http://127.0.0.1:${ports[1]}"
  echo "==> WebSocket server at $BRICKS_WEBSOCKET_URL, hostile one at $BRICKS_WEBSOCKET_HOSTILE_URL"
}

websocket_stop() {
  if [ -n "$BRICKS_WEBSOCKET_PID" ]; then
    kill -TERM "$BRICKS_WEBSOCKET_PID" 2>/dev/null || true
    wait "$BRICKS_WEBSOCKET_PID" 2>/dev/null || true
  fi
  [ -n "$BRICKS_WEBSOCKET_PORT_FILE" ] && rm -f "$BRICKS_WEBSOCKET_PORT_FILE"
  BRICKS_WEBSOCKET_PID=""
  BRICKS_WEBSOCKET_PORT_FILE=""
}
