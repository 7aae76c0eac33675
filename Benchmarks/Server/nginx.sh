# The loopback server of the benchmarks: nginx, one worker, serving static files on 127.0.0.1, so
# that the server is never the bottleneck (the local httpbin tops out near 1,400 requests/s on two
# cores; nginx serves the same body many times faster). Source it, then:
#
#   bench_server_start   # exports BRICKS_BENCH_SERVER_URL (http://127.0.0.1:PORT)
#   bench_server_stop    # also safe to call from a trap when nothing was started
#
# It serves, from a temporary directory removed on stop:
#   GET /json       the body of httpbin's GET /json, byte for byte (Benchmarks/Server/json),
#                   Content-Type: application/json
#   GET /large.bin  BRICKS_BENCH_LARGE_BYTES bytes (default 100 MiB), application/octet-stream,
#                   for the streaming memory benchmark
# Nginx comes from the distribution: installed with apt-get when missing.

source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/wait-until.sh"
BRICKS_BENCH_SERVER_DIR=""
BRICKS_BENCH_SERVER_PID=""

bench_server_install() {
  command -v nginx >/dev/null 2>&1 && return 0
  [ -x /usr/sbin/nginx ] && return 0
  echo "==> installing nginx with apt-get"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq nginx-light || $sudo apt-get install -y -qq nginx
}

bench_server_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'
}

bench_server_start() {
  bench_server_install
  local nginx root port
  nginx="$(command -v nginx || echo /usr/sbin/nginx)"
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  BRICKS_BENCH_SERVER_DIR="$(mktemp -d "${TMPDIR:-/tmp}/bricks-bench-nginx.XXXXXX")"
  local dir=$BRICKS_BENCH_SERVER_DIR
  mkdir -p "$dir/www" "$dir/temp"
  cp "$root/json" "$dir/www/json"
  # A sparse file: created at once, read from the page cache.
  truncate -s "${BRICKS_BENCH_LARGE_BYTES:-104857600}" "$dir/www/large.bin"
  # Run as root, nginx's worker switches to an unprivileged user, which must read the files.
  chmod -R a+rX "$dir"
  port=$(bench_server_free_port)
  cat >"$dir/nginx.conf" <<EOF
worker_processes 1;
daemon off;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_requests 10000000;
    keepalive_timeout 300s;
    client_body_temp_path $dir/temp/body;
    proxy_temp_path $dir/temp/proxy;
    fastcgi_temp_path $dir/temp/fastcgi;
    uwsgi_temp_path $dir/temp/uwsgi;
    scgi_temp_path $dir/temp/scgi;
    default_type application/octet-stream;
    server {
        listen 127.0.0.1:$port;
        root $dir/www;
        location = /json {
            types { }
            default_type application/json;
        }
    }
}
EOF
  "$nginx" -e "$dir/error.log" -p "$dir" -c "$dir/nginx.conf" >"$dir/stdout.log" 2>&1 &
  BRICKS_BENCH_SERVER_PID=$!
  wait_until "nginx on port $port" "$BRICKS_BENCH_SERVER_PID" 100 "$dir/stdout.log" "$dir/error.log" -- \
    curl -fsS -o /dev/null "http://127.0.0.1:$port/json" || return 1
  export BRICKS_BENCH_SERVER_URL="http://127.0.0.1:$port"
  echo "==> nginx ($("$nginx" -v 2>&1 | sed 's/.*: //'), 1 worker) at $BRICKS_BENCH_SERVER_URL"
}

bench_server_stop() {
  if [ -n "$BRICKS_BENCH_SERVER_PID" ]; then
    # QUIT: graceful; the master waits for its worker and removes its pid file.
    kill -QUIT "$BRICKS_BENCH_SERVER_PID" 2>/dev/null || true
    wait "$BRICKS_BENCH_SERVER_PID" 2>/dev/null || true
    BRICKS_BENCH_SERVER_PID=""
  fi
  if [ -n "$BRICKS_BENCH_SERVER_DIR" ]; then
    rm -rf "$BRICKS_BENCH_SERVER_DIR"
    BRICKS_BENCH_SERVER_DIR=""
  fi
}
