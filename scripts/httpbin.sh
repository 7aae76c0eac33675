# Starts and stops local httpbin servers on 127.0.0.1 for the tests and benchmarks.
# Source it, then: httpbin_start (exports BRICKS_HTTPBIN_URL and BRICKS_HTTPBIN_URL_2) and
# httpbin_stop (also safe to call from a trap when nothing was started).

BRICKS_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$(dirname "${BASH_SOURCE[0]}")/wait-until.sh"
BRICKS_VENV="${BRICKS_VENV:-$BRICKS_ROOT/.venv}"
BRICKS_HTTPBIN_PIDS=()

httpbin_install() {
  local stamp="$BRICKS_VENV/.requirements"
  if [ ! -x "$BRICKS_VENV/bin/python" ]; then
    echo "==> creating $BRICKS_VENV"
    python3 -m venv "$BRICKS_VENV"
  fi
  if ! cmp -s "$BRICKS_ROOT/scripts/httpbin-requirements.txt" "$stamp"; then
    echo "==> installing httpbin and gunicorn from PyPI"
    "$BRICKS_VENV/bin/pip" install --quiet --disable-pip-version-check -r "$BRICKS_ROOT/scripts/httpbin-requirements.txt"
    cp "$BRICKS_ROOT/scripts/httpbin-requirements.txt" "$stamp"
  fi
}

httpbin_free_port() {
  "$BRICKS_VENV/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

# httpbin_launch PORT LOGFILE: starts one server in the background and waits until it answers.
httpbin_launch() {
  local port=$1 log=$2
  "$BRICKS_VENV/bin/gunicorn" --bind "127.0.0.1:$port" --workers "${BRICKS_HTTPBIN_WORKERS:-4}" \
    --worker-class gthread --threads 16 --log-level warning --timeout 120 httpbin:app >"$log" 2>&1 &
  BRICKS_HTTPBIN_PIDS+=($!)
  wait_until "httpbin on port $port" "$!" 200 "$log" -- "$BRICKS_VENV/bin/python" -c \
    "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/get', timeout=1)" || return 1
}

httpbin_start() {
  httpbin_install
  local logdir="${TMPDIR:-/tmp}"
  local port1 port2
  port1=$(httpbin_free_port)
  httpbin_launch "$port1" "$logdir/bricks-httpbin-$port1.log"
  port2=$(httpbin_free_port)
  httpbin_launch "$port2" "$logdir/bricks-httpbin-$port2.log"
  export BRICKS_HTTPBIN_URL="http://127.0.0.1:$port1"
  export BRICKS_HTTPBIN_URL_2="http://127.0.0.1:$port2"
  BRICKS_HTTPBIN_STARTED=1
  echo "==> httpbin at $BRICKS_HTTPBIN_URL and $BRICKS_HTTPBIN_URL_2"
}

httpbin_stop() {
  local pid
  for pid in "${BRICKS_HTTPBIN_PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${BRICKS_HTTPBIN_PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  BRICKS_HTTPBIN_PIDS=()
  # The servers are gone: a later step (the release check) must start its own, not find their URLs.
  [ "${BRICKS_HTTPBIN_STARTED:-0}" = 1 ] && unset BRICKS_HTTPBIN_URL BRICKS_HTTPBIN_URL_2 BRICKS_HTTPBIN_STARTED
  return 0
}
