#!/usr/bin/env python3
"""Serves recorded HTTP exchanges (the fixture format of ReplayTransport) over real HTTP.

    python3 scripts/fixture-server.py Sources/BricksExample/Fixtures
    swift run bricks-example --base-url http://127.0.0.1:PORT

Loads every `*.json` in the given folders (or the given files): each is a JSON list of exchanges
with `method`, `path` (with its query), `status`, `headers` and `response`. Listens on 127.0.0.1
(port 0, the default, picks a free port) and prints its base URL, `http://127.0.0.1:PORT`, as the
first line on standard output, so that a caller can read where it is.

A request is answered by the first recording with the same method and path whose query has the
same items in any order (names and values percent-decoded); the request body is not compared.
The answer is the recorded status, headers and body, except that:
- absolute URLs in `Link` and `Location` headers are re-pointed at this server (same path and
  query), so that pagination by `Link` header stays on it;
- `Content-Length` is recomputed and hop-by-hop headers (`Connection`, `Transfer-Encoding`) are
  dropped.
A request no recording answers gets a 404 with a GitHub-style JSON body naming it.

Options:
  --port N           the port to listen on (default 0: any free port)
  --lifetime SECONDS stop by itself after this long (default: run until interrupted)
  --quiet            do not log requests to standard error

Standard library only; stops on SIGINT or SIGTERM.
"""
import http.server
import json
import pathlib
import re
import signal
import sys
import threading
import urllib.parse

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"}
ABSOLUTE_URL = re.compile(r"https?://[^/\s<>;,\"]+(?=[/?<>;,\"\s]|$)")


def request_key(method, target):
    """(METHOD, path, sorted query items): what a request and a recording must share."""
    parts = urllib.parse.urlsplit(target)
    path = urllib.parse.unquote(parts.path) or "/"
    query = sorted(urllib.parse.parse_qsl(parts.query, keep_blank_values=True))
    return method.upper(), path, tuple(query)


def body_bytes(exchange):
    """The recorded response body as bytes: JSON re-encoded, text as UTF-8, binary from hex."""
    value = exchange.get("response")
    if value is None:
        return b""
    if isinstance(value, str):
        if exchange.get("responseIsBinary"):
            return bytes.fromhex(value)
        return value.encode("utf-8")
    return json.dumps(value, ensure_ascii=False).encode("utf-8")


def load(paths):
    """Every exchange of the fixture files in `paths` (folders are searched for `*.json`)."""
    files = []
    for path in map(pathlib.Path, paths):
        files += sorted(path.glob("*.json")) if path.is_dir() else [path]
    exchanges = []
    for file in files:
        recorded = json.loads(file.read_text(encoding="utf-8"))
        if not isinstance(recorded, list):
            sys.exit(f"fixture-server: {file} is not a list of exchanges")
        exchanges += recorded
    return exchanges


class FixtureHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body leave at once, without a delayed-ACK stall
    exchanges = []
    quiet = False

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        key = request_key(self.command, self.path)
        exchange = next(
            (e for e in self.exchanges if request_key(e.get("method", "GET"), e.get("path", "/")) == key), None)
        if exchange is None:
            body = json.dumps({
                "message": f"fixture-server has no recording for {self.command} {self.path}",
                "documentation_url": "scripts/fixture-server.py",
            }).encode("utf-8")
            self.reply(404, {"content-type": "application/json; charset=utf-8"}, body)
            return
        origin = f"http://{self.server.server_address[0]}:{self.server.server_address[1]}"
        headers = {}
        for name, value in (exchange.get("headers") or {}).items():
            if name.lower() in HOP_BY_HOP or value is None:
                continue
            value = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
            if name.lower() in ("link", "location"):
                value = ABSOLUTE_URL.sub(origin, value)
            headers[name] = value
        self.reply(int(exchange.get("status", 200)), headers, body_bytes(exchange))

    def reply(self, status, headers, body):
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = answer

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


def main():
    args = sys.argv[1:]
    port, lifetime, paths = 0, None, []
    while args:
        argument = args.pop(0)
        if argument == "--port" and args:
            port = int(args.pop(0))
        elif argument == "--lifetime" and args:
            lifetime = float(args.pop(0))
        elif argument == "--quiet":
            FixtureHandler.quiet = True
        elif argument in ("-h", "--help"):
            print(__doc__)
            return
        elif argument.startswith("-"):
            sys.exit(f"fixture-server: unknown option {argument}; see --help")
        else:
            paths.append(argument)
    if not paths:
        sys.exit("fixture-server: name a folder of fixtures, such as Sources/BricksExample/Fixtures")
    FixtureHandler.exchanges = load(paths)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), FixtureHandler)
    server.daemon_threads = True
    stop = lambda *_: threading.Thread(target=server.shutdown, daemon=True).start()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A parent may start us with these signals blocked (a test runner's threads often do), which
    # would leave them pending until the lifetime ends.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    if lifetime is not None:
        timer = threading.Timer(lifetime, stop)
        timer.daemon = True
        timer.start()
    print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
    print(f"fixture-server: {len(FixtureHandler.exchanges)} recorded exchanges", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
