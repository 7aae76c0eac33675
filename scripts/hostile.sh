# Starts and stops the deliberately misbehaving server (scripts/hostile-server.py, standard library
# and the openssl tool only) on 127.0.0.1 for HostileServerTests. Source it, then: hostile_start
# (exports BRICKS_HOSTILE_PORTS, the JSON file with its ports, CA and pin) and hostile_stop (also
# safe to call from a trap when nothing was started).

BRICKS_HOSTILE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$(dirname "${BASH_SOURCE[0]}")/wait-until.sh"
BRICKS_HOSTILE_PID=""
BRICKS_HOSTILE_DIR=""

hostile_start() {
  BRICKS_HOSTILE_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bricks-hostile.XXXXXX")
  local log="$BRICKS_HOSTILE_DIR/server.log"
  # Idle connections are dropped after 30 s; the server stops by itself after 2 hours at most.
  python3 "$BRICKS_HOSTILE_ROOT/scripts/hostile-server.py" --port 0 --tls-port 0 \
    --port-file "$BRICKS_HOSTILE_DIR/ports.json" --cert-dir "$BRICKS_HOSTILE_DIR/certs" \
    --timeout 30 --lifetime 7200 --quiet >"$log" 2>&1 &
  BRICKS_HOSTILE_PID=$!
  wait_until "the hostile server" "$BRICKS_HOSTILE_PID" 300 "$log" -- test -s "$BRICKS_HOSTILE_DIR/ports.json" || return 1
  export BRICKS_HOSTILE_PORTS="$BRICKS_HOSTILE_DIR/ports.json"
  echo "==> hostile server: $(cat "$BRICKS_HOSTILE_PORTS")"
}

hostile_stop() {
  if [ -n "$BRICKS_HOSTILE_PID" ]; then
    kill -TERM "$BRICKS_HOSTILE_PID" 2>/dev/null || true
    wait "$BRICKS_HOSTILE_PID" 2>/dev/null || true
  fi
  [ -n "$BRICKS_HOSTILE_DIR" ] && rm -rf "$BRICKS_HOSTILE_DIR"
  BRICKS_HOSTILE_PID=""
  BRICKS_HOSTILE_DIR=""
}
