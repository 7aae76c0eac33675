#!/usr/bin/env python3
"""A local Server-Sent Events server for testing streaming clients (Python 3.11 standard library only).

    python3 scripts/sse-server.py --port 0 --port-file /tmp/sse.port
    curl -N "http://127.0.0.1:$(cat /tmp/sse.port)/events?count=3"

Listens on 127.0.0.1 only. Prints `listening on PORT` as its first line on standard output (and
writes PORT to --port-file, atomically, when given). Stops cleanly on SIGTERM or SIGINT.

Streams are `text/event-stream` (`Cache-Control: no-cache`, `Connection: close`), sent with chunked
transfer encoding, flushed event by event; a stream that ends normally ends with the terminating
chunk. Add `chunked=0` to any stream's query for a body delimited by the connection's close instead
(no `Content-Length`, no `Transfer-Encoding`).

Endpoints:
  GET /events?count=N&delay=S      `retry: 100` first, then N events (`id: <i>`, `event: tick`,
                                   `data: {"n": <i>}`, i = 1...N), one every S seconds (the first at
                                   once), a `: keep-alive` comment line between two events; then
                                   the stream ends. Defaults: count=3, delay=0.
  GET /slow?count=N&delay=S        The same, but the headers go at once and each event (the first
                                   too) S seconds after the previous one: time to first event = S.
                                   Defaults: count=3, delay=1.
  GET /multiline                   A fixed stream with a leading byte order mark, events whose data
                                   has two `data:` lines, some with LF line ends, some CRLF, one CR
                                   only, sent in pieces that split the BOM, a CRLF and a UTF-8
                                   character between writes. GET /multiline/expected returns the
                                   events a conforming parser dispatches, as JSON.
  GET /drop?after=K&total=N        Resumable stream of events with ids 1...N (`event: tick`,
                                   `data: {"n": <id>}`), `retry: 100` first (`retry=MS` changes it).
                                   Starts after the request's `Last-Event-ID` (0 without one). After
                                   K events on one connection it cuts the connection: no terminating
                                   chunk, then a TCP shutdown (add `reset=1` for a TCP reset
                                   instead). Once id N is sent the stream ends normally; a request
                                   whose Last-Event-ID is already N or more gets 204 No Content (the
                                   answer that tells an EventSource to stop reconnecting).
                                   Defaults: after=3, total=10, delay=0.
  GET /infinite?interval=S         Events (`id: <i>`, `event: tick`) every S seconds (default 0.05)
                                   until the client disconnects (counted in /stats), the server
                                   stops, or --max-stream-seconds pass.
  GET /stats                       JSON: {"connections": {path: count}, "disconnects": n (streams the
                                   client left before their end), "disconnects_by_path": {...},
                                   "drops": n (connections /drop cut), "completed": {path: count},
                                   "last_event_ids": [Last-Event-ID of each stream request, or null],
                                   "requests": [the latest 1000 stream requests with their outcome]}
  POST /reset                      Clears the statistics (204).

Bounds: count <= 100000, delay and interval <= 60 s (interval >= 0.01), at most 64 requests at a
time (503 beyond), 30 s socket timeout, streams end after --max-stream-seconds (default 600).

Options:
  --port N                 the port (default 0: any free port)
  --port-file PATH         write the port there once listening
  --lifetime SECONDS       stop by itself after this long
  --max-stream-seconds S   the longest any one stream lasts (default 600)
  --quiet                  do not log requests to standard error
"""
import http.server
import io
import json
import os
import select
import signal
import socket
import struct
import sys
import threading
import time
import urllib.parse

HOST = "127.0.0.1"
MAX_COUNT = 100_000
MAX_DELAY = 60.0
MAX_CONCURRENT = 64
LOG_LIMIT = 1000
BOM = b"\xef\xbb\xbf"

# /multiline: the pieces written one by one (short pauses between them), and the events they make.
MULTILINE_PIECES = [
    BOM[:2],
    BOM[2:] + b": events with two data lines; LF, CRLF and CR line ends\n",
    b"id: m1\nevent: multi\ndata: first line\ndata: second line\n\n",
    b"id: m2\r\nevent: multi\r\ndata: alpha\r\ndata: beta\r",
    b"\n\r\n",
    b"id: m3\revent: multi\rdata: carriage\rdata: returns\r\r",
    b"id: m4\r\ndata: {\"text\": \"Gr\xc3",
    b"\xbc\xc3\x9fe \xf0\x9f\x98\x80\"}\r\ndata:  two spaces\r\n\r\n",
    b": a comment, then an event that no blank line ends (it is discarded)\ndata: never dispatched\n",
]
MULTILINE_EXPECTED = [
    {"event": "multi", "data": "first line\nsecond line", "id": "m1"},
    {"event": "multi", "data": "alpha\nbeta", "id": "m2"},
    {"event": "multi", "data": "carriage\nreturns", "id": "m3"},
    {"event": "message", "data": "{\"text\": \"Grüße 😀\"}\n two spaces", "id": "m4"},
]


class Stats:
    """What the server saw, for /stats; thread-safe."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.connections = {}
            self.completed = {}
            self.disconnects_by_path = {}
            self.disconnects = 0
            self.drops = 0
            self.last_event_ids = []
            self.requests = []

    def opened(self, path, last_event_id):
        with self.lock:
            self.connections[path] = self.connections.get(path, 0) + 1
            self.last_event_ids.append(last_event_id)
            del self.last_event_ids[:-LOG_LIMIT]
            record = {"path": path, "last_event_id": last_event_id, "events_sent": 0, "outcome": "streaming"}
            self.requests.append(record)
            del self.requests[:-LOG_LIMIT]
            return record

    def closed(self, path, record, outcome, events_sent):
        with self.lock:
            record["outcome"] = outcome
            record["events_sent"] = events_sent
            if outcome == "completed":
                self.completed[path] = self.completed.get(path, 0) + 1
            elif outcome == "client disconnected":
                self.disconnects += 1
                self.disconnects_by_path[path] = self.disconnects_by_path.get(path, 0) + 1
            elif outcome == "dropped":
                self.drops += 1

    def snapshot(self):
        with self.lock:
            return {
                "connections": dict(self.connections),
                "disconnects": self.disconnects,
                "disconnects_by_path": dict(self.disconnects_by_path),
                "drops": self.drops,
                "completed": dict(self.completed),
                "last_event_ids": list(self.last_event_ids),
                "requests": [dict(r) for r in self.requests],
            }


class ClientGone(Exception):
    """The client closed the connection (or a write to it failed)."""


class Stream:
    """The body of one event-stream response: framed as chunks (or not), flushed per write."""

    def __init__(self, handler, chunked):
        self.handler = handler
        self.chunked = chunked

    def send(self, data):
        if self.client_gone():
            raise ClientGone()
        try:
            if self.chunked:
                self.handler.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")
            else:
                self.handler.wfile.write(data)
            self.handler.wfile.flush()
        except OSError as error:  # BrokenPipeError, ConnectionResetError, timeouts
            raise ClientGone() from error

    def end(self):
        """Ends the body normally: the terminating chunk (or just the close)."""
        if self.chunked:
            try:
                self.handler.wfile.write(b"0\r\n\r\n")
                self.handler.wfile.flush()
            except OSError as error:
                raise ClientGone() from error

    def cut(self, reset=False):
        """Ends the connection abruptly: no terminating chunk, then a TCP shutdown (or reset)."""
        connection = self.handler.connection
        try:
            if reset:
                # Closed at once with a zero linger time: the kernel sends a RST. (The buffered
                # reader and writer hold the socket open until they are closed too.)
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                self.handler.rfile.close()
                self.handler.wfile.close()
                connection.close()
                # http.server still flushes and closes these after the handler returns.
                self.handler.rfile, self.handler.wfile = io.BytesIO(), io.BytesIO()
            else:
                connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.handler.close_connection = True

    def client_gone(self):
        """Whether the client has closed its side (readable, and a peek reads nothing)."""
        connection = self.handler.connection
        try:
            readable, _, _ = select.select([connection], [], [], 0)
            if not readable:
                return False
            return connection.recv(1, socket.MSG_PEEK) == b""
        except (OSError, ValueError):
            return True


def event(identifier, data, name="tick"):
    return f"id: {identifier}\nevent: {name}\ndata: {data}\n\n".encode("utf-8")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    timeout = 30
    server_version = "sse-server/1"
    quiet = False
    stats = Stats()
    stopping = threading.Event()
    slots = threading.BoundedSemaphore(MAX_CONCURRENT)
    max_stream_seconds = 600.0

    # MARK: routing

    def do_GET(self):
        self.route("GET")

    def do_POST(self):
        self.route("POST")

    def route(self, method):
        if not self.slots.acquire(blocking=False):
            self.reply_json(503, {"error": "too many requests at once"})
            return
        try:
            self.discard_request_body()
            url = urllib.parse.urlsplit(self.path)
            query = dict(urllib.parse.parse_qsl(url.query))
            routes = {
                ("GET", "/events"): lambda: self.counted_stream(url.path, query, default_delay=0.0, first_waits=False),
                ("GET", "/slow"): lambda: self.counted_stream(url.path, query, default_delay=1.0, first_waits=True),
                ("GET", "/multiline"): lambda: self.multiline(url.path, query),
                ("GET", "/multiline/expected"): lambda: self.reply_json(200, MULTILINE_EXPECTED),
                ("GET", "/drop"): lambda: self.drop(url.path, query),
                ("GET", "/infinite"): lambda: self.infinite(url.path, query),
                ("GET", "/stats"): lambda: self.reply_json(200, self.stats.snapshot()),
                ("POST", "/reset"): self.reset,
                ("GET", "/"): lambda: self.reply_text(200, __doc__),
            }
            action = routes.get((method, url.path))
            if action is None:
                known = any(path == url.path for _, path in routes)
                self.reply_json(405 if known else 404, {"error": f"no {method} {url.path}"})
                return
            try:
                action()
            except BadRequest as error:
                self.reply_json(400, {"error": str(error)})
        finally:
            self.slots.release()

    def discard_request_body(self):
        length = self.headers.get("Content-Length")
        if length and length.isdigit():
            self.rfile.read(min(int(length), 1 << 20))

    # MARK: endpoints

    def counted_stream(self, path, query, default_delay, first_waits):
        count = number(query, "count", 3, int, 0, MAX_COUNT)
        delay = number(query, "delay", default_delay, float, 0.0, MAX_DELAY)
        stream, record = self.start_stream(path, query)
        sent = 0
        try:
            stream.send(b"retry: 100\n\n")
            for n in range(1, count + 1):
                if n > 1 or first_waits:
                    if not self.pause(delay, stream):
                        return self.finish_stream(path, record, "server stopped", sent)
                if n > 1:
                    stream.send(b": keep-alive\n")
                stream.send(event(n, json.dumps({"n": n})))
                sent += 1
            stream.end()
            self.finish_stream(path, record, "completed", sent)
        except ClientGone:
            self.finish_stream(path, record, "client disconnected", sent)

    def multiline(self, path, query):
        stream, record = self.start_stream(path, query)
        try:
            for piece in MULTILINE_PIECES:
                stream.send(piece)
                if not self.pause(0.01, stream):
                    return self.finish_stream(path, record, "server stopped", 0)
            stream.end()
            self.finish_stream(path, record, "completed", len(MULTILINE_EXPECTED))
        except ClientGone:
            self.finish_stream(path, record, "client disconnected", 0)

    def drop(self, path, query):
        after = number(query, "after", 3, int, 1, MAX_COUNT)
        total = number(query, "total", 10, int, 0, MAX_COUNT)
        delay = number(query, "delay", 0.0, float, 0.0, MAX_DELAY)
        retry = number(query, "retry", 100, int, 0, 3_600_000)
        reset = query.get("reset") == "1"
        header = self.headers.get("Last-Event-ID")
        start = int(header) if header and header.strip().isdigit() else 0
        if start >= total:
            self.finish_stream(path, self.stats.opened(path, header), "no content", 0)
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            return
        stream, record = self.start_stream(path, query)
        sent = 0
        try:
            stream.send(b"retry: %d\n\n" % retry)
            for identifier in range(start + 1, total + 1):
                if sent == after:
                    stream.cut(reset=reset)
                    return self.finish_stream(path, record, "dropped", sent)
                if sent > 0 and not self.pause(delay, stream):
                    return self.finish_stream(path, record, "server stopped", sent)
                stream.send(event(identifier, json.dumps({"n": identifier})))
                sent += 1
            stream.end()
            self.finish_stream(path, record, "completed", sent)
        except ClientGone:
            self.finish_stream(path, record, "client disconnected", sent)

    def infinite(self, path, query):
        interval = number(query, "interval", 0.05, float, 0.01, MAX_DELAY)
        stream, record = self.start_stream(path, query)
        deadline = time.monotonic() + self.max_stream_seconds
        sent = 0
        try:
            while True:
                stream.send(event(sent + 1, json.dumps({"n": sent + 1})))
                sent += 1
                if not self.pause(interval, stream):
                    return self.finish_stream(path, record, "server stopped", sent)
                if time.monotonic() >= deadline:
                    stream.end()
                    return self.finish_stream(path, record, "time limit", sent)
        except ClientGone:
            self.finish_stream(path, record, "client disconnected", sent)

    def reset(self):
        self.stats.reset()
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    # MARK: helpers

    def start_stream(self, path, query):
        chunked = query.get("chunked", "1") != "0"
        record = self.stats.opened(path, self.headers.get("Last-Event-ID"))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.wfile.flush()
        self.close_connection = True
        return Stream(self, chunked), record

    def finish_stream(self, path, record, outcome, sent):
        self.stats.closed(path, record, outcome, sent)

    def pause(self, seconds, stream):
        """Waits, watching for the client leaving; False if the server is stopping."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return not self.stopping.is_set()
            if self.stopping.wait(min(remaining, 0.05)):
                return False
            if stream.client_gone():
                raise ClientGone()

    def reply_json(self, status, value):
        self.reply(status, "application/json", json.dumps(value, indent=1, ensure_ascii=False).encode("utf-8") + b"\n")

    def reply_text(self, status, text):
        self.reply(status, "text/plain; charset=utf-8", text.encode("utf-8"))

    def reply(self, status, content_type, body):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class BadRequest(Exception):
    pass


def number(query, name, default, kind, low, high):
    """Query parameter `name` as `kind` within [low, high]; BadRequest otherwise."""
    text = query.get(name)
    if text is None:
        return default
    try:
        value = kind(text)
    except ValueError:
        raise BadRequest(f"{name} must be a number, not {text!r}") from None
    if not (low <= value <= high):  # NaN fails this too
        raise BadRequest(f"{name} must be between {low} and {high}")
    return value


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    args = sys.argv[1:]
    port, port_file, lifetime = 0, None, None
    while args:
        argument = args.pop(0)
        try:
            if argument == "--port" and args:
                port = int(args.pop(0))
            elif argument == "--port-file" and args:
                port_file = args.pop(0)
            elif argument == "--lifetime" and args:
                lifetime = float(args.pop(0))
            elif argument == "--max-stream-seconds" and args:
                Handler.max_stream_seconds = float(args.pop(0))
            elif argument == "--quiet":
                Handler.quiet = True
            elif argument in ("-h", "--help"):
                print(__doc__)
                return
            else:
                sys.exit(f"sse-server: unknown option {argument}; see --help")
        except ValueError:
            sys.exit(f"sse-server: {argument} needs a number; see --help")

    stop = Handler.stopping
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())

    server = Server((HOST, port), Handler)
    bound = server.server_address[1]
    if port_file:
        temporary = f"{port_file}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(f"{bound}\n")
        os.replace(temporary, port_file)
    print(f"listening on {bound}", flush=True)

    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    serving.start()
    deadline = None if lifetime is None else time.monotonic() + lifetime
    while not stop.wait(0.2):
        if deadline is not None and time.monotonic() >= deadline:
            stop.set()
    # Streams see `stop` within 50 ms and end; give them a moment, then close.
    server.shutdown()
    time.sleep(0.1)
    server.server_close()
    if not Handler.quiet:
        print("stopped", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
