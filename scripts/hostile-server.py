#!/usr/bin/env python3
"""A deliberately misbehaving HTTP/1.1 server, for regression tests of the client's hardening.

Usage:

    python3 scripts/hostile-server.py --port 0 --tls-port 0 \\
        --port-file /tmp/hostile/ports.json --cert-dir /tmp/hostile/certs

At startup it makes a throwaway private CA and a server certificate for 127.0.0.1 and localhost
with the `openssl` command-line tool, listens on 127.0.0.1 only (plain HTTP on --port, HTTPS on
--tls-port; 0 picks a free port), then writes, atomically, to --port-file

    {"http": P1, "https": P2, "ca": "DIR/ca.pem", "pin_sha256": "<base64>"}

and prints `listening` on standard output. A caller waits for that line (or for the file) and
reads the ports from the file. `pin_sha256` is the base64 of the SHA-256 of the server
certificate's SubjectPublicKeyInfo DER, the value an SPKI pin compares. SIGTERM or SIGINT stops
it cleanly (exit status 0); the port file is removed on the way out, and a stale one is removed
at startup, so that its presence means "ready".

Options:
  --port N            plain HTTP port (default 0: any free port)
  --tls-port N        HTTPS port (default 0: any free port)
  --port-file FILE    where to write the JSON above when ready
  --cert-dir DIR      where the certificates go (created; default: a new temporary folder)
  --timeout SECONDS   how long a connection may sit idle between requests, and how long a send
                      may stall on a client that stops reading, before it is dropped (default 30)
  --lifetime SECONDS  stop by itself after this long (default: run until signalled)
  --quiet             do not log requests to standard error

Files written to --cert-dir (regenerated at every start; the CA's private key is deleted as soon
as the server certificate is signed, so that the CA can sign nothing else):
  ca.pem, ca.der          the private CA's certificate (PEM and DER), the trust anchor to pin
  server.pem, server.key  the server certificate (SAN IP:127.0.0.1, DNS:localhost) and its key
  server-spki.sha256      base64 of SHA-256 of the server certificate's SPKI DER (one line,
                          no trailing newline), the same value as `pin_sha256`

Every route below is served on both ports (TLS does not change any behaviour). The server speaks
HTTP/1.1 with keep-alive unless a route says it closes; a request with `Connection: close` (or an
HTTP/1.0 request without keep-alive) is answered and then the connection is closed. HEAD gets the
same head as GET and no body. Request bodies are read in full before the route runs (by
Content-Length or chunked; `Expect: 100-continue` is honoured). Where a route closes the
connection with a FIN, a TLS connection gets a close_notify alert first (except /truncated).
Limits: request head 256 KiB (431 beyond), request body 64 MiB (413), 512 connections at once
(more are closed at accept), and every query parameter is bounded (400 outside the bounds; a
refusal closes the connection). A streaming reply stops quietly when the client goes away; that
is counted as a disconnect of the path (see /stats).

Routes (query parameters optional unless stated):

  /gzip-bomb?mb=N             200, Content-Encoding: gzip, Content-Type application/octet-stream,
                              Content-Length = the compressed size, X-Decompressed-Length = N MiB
                              in bytes (a hint for the test); the body is gzip of N MiB of
                              zero bytes (default 1024, 0..8192). It is compressed once per N, in
                              a streaming compressor, and kept in memory (1 GiB is about 1 MB
                              compressed; N=1024 is prepared in the background at startup).
  /chunked?mb=N               200, Transfer-Encoding: chunked, N MiB (default 200, 0..16384) of
                              'x' in 64 KiB chunks, then the last chunk.
  /declared-length?bytes=N    200, Content-Length: N (default 209715200, 0..2^34) and that many
                              bytes of 'x', streamed in 64 KiB writes.
  /header-flood?count=N       200 with N (default 17000, 0..1000000) distinct headers
                              `X-F0: v` ... `X-F<N-1>: v`, then Content-Length: 2, body `{}`.
  /long-header?bytes=N        200 with one header line `X-Long: aaa...` exactly N bytes long
                              without its CRLF (default 1048576, 9..67108864), body `{}`.
  /conflicting-length         200 with `Content-Length: 5` and `Content-Length: 7`, a 7-byte body
                              `{"a":1}`; then the connection is closed (no Connection header
                              announces it), so that neither reading can desynchronise a reuse.
  /non-utf8-header            200 with `X-Non-UTF8: ok<0xFF><0xFE>` (raw bytes), body `{}`.
  /drip?bytes=N&interval=S    200, Content-Length: N (default 10, 0..1048576), then waits S
                              seconds (default 1, 0..60) before each single byte of 'x'; N*S may
                              not exceed 3600.
  /truncated                  200, Content-Length: 100, sends 10 bytes `0123456789`, closes (FIN;
                              on TLS without a close_notify alert, as a truncation would look).
  /reset                      reads the request, then closes with an RST (SO_LINGER 0), no reply.
  /redirect-userinfo?to=URL   302 (or `code=` 301/302/303/307/308) with `Location: URL`, the
                              percent-decoded `to` verbatim (required; CR/LF in it is refused),
                              body `{}`.
  /redirect-loop?n=K          302 with `Location: /redirect-loop?n=K+1` (K defaults to 0), forever.
  /echo-headers               200 JSON {"method", "target", "headers": {name: value}, "header_list":
                              [[name, value], ...], "body_length"}: names as received, values
                              decoded as Latin-1, repeated names joined with ", " in `headers`.
  /random?bytes=N&seed=S&piece=P
                              200, Content-Type application/octet-stream, Content-Length: N
                              (default 1048576, 0..67108864) pseudo-random bytes, the same for
                              the same seed S (default 0, 0..4294967295; Python's random.Random(S)
                              .randbytes(N)), and X-CRC32: their CRC-32 (zlib's, decimal), so that
                              a client can check that the bytes it read are the bytes sent. The
                              body goes in writes of 1..P bytes (default 16384, 1..1048576), their
                              sizes drawn from the seed too, so that a client reads it in many
                              pieces of varied sizes.
  /json-deep?depth=N          200 JSON of N nested arrays `[[[...]]]` (default 10000, 1..10000000),
                              streamed.
  /post-once                  200 JSON {"heads", "bodies", "body_length"}: how many request heads
                              and non-empty bodies this path has received (this one included) and
                              this request's body size. With `fail=reset` or `fail=close` the
                              request is read and counted, then the connection is reset or closed
                              without a reply (a client must not silently re-send the POST).
  /reply-and-close?wait=MS    201 with the request's body as its body (Content-Type
                              application/octet-stream), a Content-Length and no Connection
                              field, even when the request asked to close; then, MS
                              milliseconds later (default 0, 0..1000: the time a proxy takes to
                              pass the server's close on), the connection is closed without
                              reading on (a FIN, or an RST if the client's next request is
                              already there unread). A client that keeps the connection (nothing
                              in the reply says it ends) and sends its next request on it at once
                              finds it closed as it sends, as with a server that honours a
                              request's `Connection: close` without saying so.
  /keepalive-close-trap       200 JSON {"connection", "request_on_connection", "method",
                              "body_length"} with `Connection: keep-alive` and `Keep-Alive:
                              timeout=60`. When it is the FIRST request on its connection, the
                              server closes the connection right after the reply, so that a client
                              reusing it for its next request (a POST) finds it closed as it
                              sends. With `mode=next` the server instead keeps the connection open
                              until the client's next request head arrives on it, reads and counts
                              that request (its record says "answered": false), and resets the
                              connection without a reply: the request surely reached the server,
                              and a client must not re-send a non-idempotent one. A later request
                              on the same connection gets the reply and keeps the connection.
  /resumable?bytes=N&cut=K&lie=MODE&version=V
                              A resource for resumed downloads: N bytes (default 8388608,
                              1..2^30), byte i of version V (default 1, 1..2) being
                              (i * 31 + 7 * V) % 251. Every reply has Content-Type
                              application/octet-stream, Accept-Ranges: bytes, ETag: "vV" (strong)
                              and Last-Modified: Mon, 23 Nov 2026 10:00:00 GMT, and its body goes
                              in 64 KiB writes. Without a Range header: 200, Content-Length: N,
                              the first K bytes (default N/2 rounded down, 0..N), and then, if
                              K < N, the connection is closed as /truncated does (no TLS
                              close_notify); with K = N the whole body, keep-alive (cut= applies
                              only here, lie= does not; HEAD gets the head and keeps the
                              connection). With a Range header, only `bytes=S-` (S a decimal
                              integer) is understood; anything else is answered 416 with
                              Content-Range: bytes */N and Content-Length: 0. Then by MODE
                              (default none):
                                none    if If-Range is present and is neither the ETag "vV" nor
                                        the Last-Modified date exactly: 200, the whole body,
                                        Content-Length: N. Otherwise S >= N is 416 (as above)
                                        and S < N is 206, Content-Range: bytes S-(N-1)/N,
                                        Content-Length: N-S, bytes S..N-1.
                                start0  206, Content-Range: bytes 0-(N-1)/N, Content-Length: N,
                                        the whole body from byte 0 whatever S was.
                                short   206, Content-Range: bytes S-(N-1)/N, but Content-Length:
                                        (N-S)/2 rounded down and only bytes S..S+(N-S)/2-1;
                                        keep-alive.
                                etag    206 with the right Content-Range and Content-Length, but
                                        ETag: "v2" and the bytes of version 2, whatever V and
                                        If-Range are (the resource changed under the client).
                                nocr    206, no Content-Range, Content-Length: N-S, bytes S..N-1.
                                total   206, Content-Range: bytes S-(N-1)/(2N) (a complete length
                                        that disagrees), Content-Length: N-S, bytes S..N-1.
                              In every mode but start0, S >= N is 416. If-Range is only looked at
                              by `none`. The Range and If-Range received are in /stats.
                              SHA-256 of the whole default body (N=8388608): version 1
                              6ae9b6804f4e5b3fa5fd1d0bcb6ceb14aea5bd149f0e183da1b65b4207e5eb8b,
                              version 2
                              79e5fe07f4fbbbceab4adbb242062b63a55fa8f43f89a1f66a91ee5ce43149df.
  /sse/storm?retry=MS         200, Content-Type: text/event-stream, Cache-Control: no-cache,
                              Connection: close, no Content-Length (the body ends when the
                              connection closes, as for every /sse/ route but /sse/html):
                              `retry: MS\\n\\n` (default 0, 0..100000), then one event
                              `id: n\\ndata: {"n": n}\\n\\n`, n being the request's Last-Event-ID
                              plus 1 (Last-Event-ID counts as 0 when absent or not a decimal
                              integer), then the connection is closed: a client that reconnects
                              at once reconnects in a storm. /stats records each request's
                              Last-Event-ID and the time its head arrived (last_event_id, t).
  /sse/retry-once?retry=MS    As /sse/storm, but the `retry: MS` line is sent only when the
                              request has no Last-Event-ID header (the first connection); a
                              reconnection gets only its one event.
  /sse/empty                  200 event stream (as /sse/storm) with only the comment line
                              `: nothing\\n\\n`, then closes: a connection that delivers no event.
  /sse/html                   200, Content-Type: text/html; charset=utf-8, Content-Length, body
                              `<html><body>not an event stream</body></html>`, keep-alive.
  /sse/bad?at=K&kind=KIND&count=C
                              200 event stream (as /sse/storm): C events (default 4, 1..1000)
                              `id: i\\ndata: {"n": i}\\n\\n`, i = 1..C, in one write, then closes;
                              event K (default 3, 1..1000; K > C leaves every event good) has
                              instead the data `{"n": K,` (invalid JSON; KIND json, the default)
                              or `{"n": "<0xFF><0xFE>"}` (raw bytes, invalid UTF-8; KIND utf8).
  /jsonl/bad?at=K&kind=KIND&count=C
                              200, Content-Type: application/x-ndjson, Content-Length, keep-alive:
                              C lines (default 4, 1..1000) `{"n": i}\\n`, i = 1..C, in one write;
                              line K (default 3, 1..1000; K > C leaves every line good) is instead
                              `{"n": K,` (KIND json, the default) or `{"n": "<0xFF><0xFE>"}` (raw
                              bytes, invalid UTF-8; KIND utf8).
  /jsonl/html                 200, Content-Type: text/html, Content-Length, body `<html></html>`.
  /ratelimit?per_second=N&key=K&style=S
                              A rate-limited resource: at most N requests (default 10,
                              1..10000) per key K (default "default"; 1..64 letters, digits, `-`
                              or `_`) in each fixed one-second window of the server's wall clock
                              (the window of time t is floor(t)). A request within the budget
                              gets 200 JSON {"key", "window", "served"} (served: this window's
                              count, this one included); one past it gets 429 with the same
                              JSON and `Retry-After: 1`. Every reply carries the rate-limit
                              fields of STYLE (default ietf), the remaining count never below 0:
                                ietf    `RateLimit-Policy: "default";q=N;w=1` and
                                        `RateLimit: "default";r=REMAINING;t=1` (the latest draft;
                                        t is the seconds to the reset rounded up, so always 1)
                                draft   `RateLimit-Limit: N`, `RateLimit-Remaining`,
                                        `RateLimit-Reset: 1` (the older drafts' trio)
                                github  `X-RateLimit-Limit: N`, `X-RateLimit-Remaining`,
                                        `X-RateLimit-Used`, `X-RateLimit-Resource: core` and
                                        `X-RateLimit-Reset`: the Unix epoch second at which the
                                        window ends.
                              /stats counts, per key, the requests served and refused
                              ("ratelimit": {K: {"served", "refused"}}).
  /stats                      GET: 200 JSON {"paths": {path: {"heads", "bodies", "body_bytes",
                              "response_bytes", "methods": {METHOD: n}, "disconnects",
                              "requests": [...]}}, "connections": {...}, "ratelimit": {...},
                              "monotonic": T}.
                              `heads` counts every request of the path since the last reset;
                              `requests` lists the last 256 of them: method, query (the raw query
                              string), body_length, body_arrived, connection,
                              request_on_connection, tls, answered, disconnected, response_bytes
                              (the bytes of the reply, head included, that the socket accepted: a
                              client that stops reading holds that count at what it took plus the
                              kernel's buffers), done (the route returned or the client went
                              away), range, if_range and last_event_id (the request's Range,
                              If-Range and Last-Event-ID header values, null when absent), t
                              (the server's time.monotonic() in seconds when the head was read),
                              and if_none_match, if_modified_since and authorization (those
                              request header values, null when absent).
                              `monotonic` is the server's time.monotonic() when /stats answered,
                              to relate the t values to now. `connections` counts accepted,
                              rejected (over the limit) and tls_handshake_failures. /stats and
                              /stats/reset are not counted.
  /stats/reset                POST: clears every counter; 200 {"reset": true}.
  /status/N                   status N (200..599) with body {"status": N} (none for 204 and 304).
  /cacheable?cc=C&version=V&vary=H
                              200 JSON {"version": V, "request": n} (n: the requests of this path
                              so far) with `Cache-Control: C` (default max-age=60), `ETag: "vV"`
                              (V default 1), `Last-Modified: Mon, 23 Nov 2026 10:00:00 GMT` and,
                              with vary=, `Vary: H`. A request whose If-None-Match names the
                              current ETag (or, without If-None-Match, whose If-Modified-Since is
                              that date) gets 304 with the same fields and no body. /stats shows
                              the conditional fields each request carried.
  /json                       200 {"ok": true} (the HTTPS check: curl --cacert DIR/ca.pem
                              https://127.0.0.1:P2/json).
  anything else               404 {"error": "not found", "path": ...}.

Standard library only (plus the `openssl` tool at startup). Nothing listens beyond 127.0.0.1.
"""
import argparse
import base64
import collections
import hashlib
import http
import itertools
import json
import os
import pathlib
import random
import re
import secrets
import select
import signal
import socket
import ssl
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
import zlib

KiB = 1 << 10
MiB = 1 << 20
STREAM_PIECE = 64 * KiB
MAX_HEAD = 256 * KiB
MAX_BODY = 64 * MiB
MAX_CONNECTIONS = 512
REQUEST_LOG = 256
BOMB_CACHE_LIMIT = 64 * MiB
RESUMABLE_LAST_MODIFIED = "Mon, 23 Nov 2026 10:00:00 GMT"
RESUMABLE_LIES = ("none", "start0", "short", "etag", "nocr", "total")
# Byte i of version v of /resumable is (i * 31 + 7 * v) % 251, so the content repeats every 251
# bytes: one block per version, a whole number of periods long enough that any 64 KiB piece,
# whatever its offset in the period, is a slice of it.
PATTERN_PERIOD = 251
PATTERN_BLOCKS = {
    version: bytes((i * 31 + 7 * version) % PATTERN_PERIOD
                   for i in range(PATTERN_PERIOD * (STREAM_PIECE // PATTERN_PERIOD + 2)))
    for version in (1, 2)
}


# --------------------------------------------------------------------------------------------
# Errors that end a request or a connection


class ClientGone(Exception):
    """The client closed or reset the connection, or stopped reading past the timeout."""


class Stopping(Exception):
    """The server is shutting down."""


class BadRequest(Exception):
    """A request this server will not process; answered with `status` and then closed."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


# --------------------------------------------------------------------------------------------
# Counters


class Stats:
    """Per-path counters of what arrived, shared by every connection (under one lock)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.paths = {}
        self.connections = collections.Counter()
        self.windows = {}
        self.ratelimit = {}

    def reset(self):
        with self.lock:
            self.paths = {}
            self.connections = collections.Counter()
            self.windows = {}
            self.ratelimit = {}

    def rate_limit(self, key, per_second, now):
        """Counts a request of `key` in the one-second window of `now` (wall clock); returns the
        window, how many requests it has had (this one included) and whether this one is served."""
        window = int(now)
        with self.lock:
            current, count = self.windows.get(key, (window, 0))
            if current != window:
                count = 0
            count += 1
            self.windows[key] = (window, count)
            served = count <= per_second
            counts = self.ratelimit.setdefault(key, {"served": 0, "refused": 0})
            counts["served" if served else "refused"] += 1
            return window, count, served

    def connection(self, event):
        with self.lock:
            self.connections[event] += 1

    def head(self, path, method, connection, number, tls, query="", fields=None):
        """Counts a request head; returns its record, which the later events update. `fields`
        (see `Request.fields`) adds the request's Range, If-Range, Last-Event-ID and time."""
        with self.lock:
            entry = self.paths.get(path)
            if entry is None:
                entry = self.paths[path] = {
                    "heads": 0, "bodies": 0, "body_bytes": 0, "response_bytes": 0,
                    "methods": collections.Counter(),
                    "disconnects": 0, "requests": collections.deque(maxlen=REQUEST_LOG),
                }
            entry["heads"] += 1
            entry["methods"][method] += 1
            record = {
                "method": method, "query": query, "body_length": 0, "body_arrived": False,
                "connection": connection, "request_on_connection": number, "tls": tls,
                "answered": True, "disconnected": False, "response_bytes": 0, "done": False,
                "range": None, "if_range": None, "last_event_id": None, "t": time.monotonic(),
                "if_none_match": None, "if_modified_since": None, "authorization": None,
            }
            record.update(fields or {})
            entry["requests"].append(record)
            return entry, record

    def body(self, counted, length):
        entry, record = counted
        with self.lock:
            record["body_length"] = length
            if length > 0:
                record["body_arrived"] = True
                entry["bodies"] += 1
                entry["body_bytes"] += length

    def disconnect(self, counted):
        entry, record = counted
        with self.lock:
            if not record["disconnected"]:
                record["disconnected"] = True
                entry["disconnects"] += 1

    def sent(self, counted, length):
        entry, record = counted
        with self.lock:
            record["response_bytes"] += length
            entry["response_bytes"] += length

    def done(self, counted):
        with self.lock:
            counted[1]["done"] = True

    def unanswered(self, counted):
        with self.lock:
            counted[1]["answered"] = False

    def numbers(self, counted):
        with self.lock:
            return counted[0]["heads"], counted[0]["bodies"]

    def snapshot(self):
        with self.lock:
            paths = {
                path: {
                    "heads": e["heads"], "bodies": e["bodies"], "body_bytes": e["body_bytes"],
                    "response_bytes": e["response_bytes"],
                    "methods": dict(e["methods"]), "disconnects": e["disconnects"],
                    "requests": [dict(r) for r in e["requests"]],
                }
                for path, e in sorted(self.paths.items())
            }
            connections = {"accepted": 0, "rejected": 0, "tls_handshake_failures": 0}
            connections.update(self.connections)
            ratelimit = {key: dict(counts) for key, counts in sorted(self.ratelimit.items())}
            return {"paths": paths, "connections": connections, "ratelimit": ratelimit,
                    "monotonic": time.monotonic()}


# --------------------------------------------------------------------------------------------
# Gzip bombs, compressed once per size


class Bombs:
    """gzip of N MiB of zeros, compressed once per N with a streaming compressor and kept."""

    def __init__(self):
        self.lock = threading.Lock()
        self.ready = collections.OrderedDict()
        self.building = {}

    def get(self, mebibytes):
        with self.lock:
            if mebibytes in self.ready:
                return self.ready[mebibytes]
            event = self.building.get(mebibytes)
            builder = event is None
            if builder:
                event = self.building[mebibytes] = threading.Event()
        if not builder:
            event.wait()
            with self.lock:
                data = self.ready.get(mebibytes)
            return data if data is not None else self.get(mebibytes)
        try:
            data = self.compress(mebibytes)
            with self.lock:
                self.ready[mebibytes] = data
                while sum(map(len, self.ready.values())) > BOMB_CACHE_LIMIT and len(self.ready) > 1:
                    self.ready.popitem(last=False)
            return data
        finally:
            with self.lock:
                del self.building[mebibytes]
            event.set()

    @staticmethod
    def compress(mebibytes):
        # wbits 31: a gzip wrapper; Z_RLE finds the runs of zeros quickly and compresses them as
        # densely as deflate can (about 1:1030).
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31, 9, zlib.Z_RLE)
        zeros = bytes(MiB)
        pieces = [compressor.compress(zeros) for _ in range(mebibytes)]
        pieces.append(compressor.flush())
        return b"".join(pieces)


# --------------------------------------------------------------------------------------------
# One connection: buffered reads, guarded writes


class Connection:
    def __init__(self, server, sock, number, tls):
        self.server = server
        self.sock = sock
        self.number = number
        self.tls = tls
        self.buffer = bytearray()
        self.counted = None  # the counters of the request being answered, for `send`

    def _fill(self):
        if self.server.stop.is_set():
            raise Stopping()
        try:
            data = self.sock.recv(64 * KiB)
        except OSError as error:  # timeouts, resets and TLS errors alike
            raise ClientGone() from error
        if not data:
            raise ClientGone()
        self.buffer += data

    def read_head(self):
        """The next request head without its final CRLF CRLF, or None when the client closed
        (or went idle past the timeout) between requests."""
        while self.buffer[:2] == b"\r\n":  # RFC 9112 allows empty lines before a request
            del self.buffer[:2]
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                head = bytes(self.buffer[:end])
                del self.buffer[:end + 4]
                return head
            if len(self.buffer) > MAX_HEAD:
                raise BadRequest(431, "request head larger than 256 KiB")
            try:
                self._fill()
            except ClientGone:
                if self.buffer.strip(b"\r\n"):
                    raise
                return None
            while self.buffer[:2] == b"\r\n":
                del self.buffer[:2]

    def read_exact(self, count):
        while len(self.buffer) < count:
            self._fill()
        data = bytes(self.buffer[:count])
        del self.buffer[:count]
        return data

    def read_line(self, limit=8 * KiB):
        while True:
            end = self.buffer.find(b"\r\n")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 2]
                return line
            if len(self.buffer) > limit:
                raise BadRequest(400, "line too long in chunked body")
            self._fill()

    def send(self, data):
        if self.server.stop.is_set():
            raise Stopping()
        try:
            self.sock.sendall(data)
        except OSError as error:
            raise ClientGone() from error
        if self.counted is not None:
            self.server.stats.sent(self.counted, len(data))

    def pause(self, seconds):
        """Waits `seconds`, returning early only by raising: ClientGone as soon as the client
        closes (plain sockets; a TLS socket notices on the next send), Stopping on shutdown."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return
            step = min(remaining, 0.25)
            if self.server.stop.is_set():
                raise Stopping()
            if self.tls or self.buffer:
                self.server.stop.wait(step)
                continue
            poller = select.poll()
            poller.register(self.sock, select.POLLIN)
            if poller.poll(step * 1000):
                try:
                    peeked = self.sock.recv(1, socket.MSG_PEEK)
                except OSError as error:
                    raise ClientGone() from error
                if not peeked:
                    raise ClientGone()
                self.server.stop.wait(step)  # the client sent something early; keep waiting

    def reset(self):
        """Closes with an RST instead of a FIN."""
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
        self.close(graceful=False)

    def close(self, graceful=True):
        """Closes with a FIN; on TLS, `graceful` sends a close_notify alert first (without
        waiting for the client's), otherwise the TLS stream just stops, as if truncated."""
        if graceful and self.tls:
            try:
                self.sock.settimeout(0)  # one SSL_shutdown: send ours, do not wait for theirs
                self.sock.unwrap()
            except (OSError, ValueError):
                pass
        try:
            self.sock.close()
        except OSError:
            pass

    def drain(self):
        """After a refusal: lets the client finish sending (up to 4 MiB or 1 s, discarded), so
        that closing does not reset the connection before it has read the refusal."""
        deadline, discarded = time.monotonic() + 1.0, 0
        try:
            if not self.tls:
                self.sock.shutdown(socket.SHUT_WR)
            while discarded < 4 * MiB and time.monotonic() < deadline:
                self.sock.settimeout(max(0.01, deadline - time.monotonic()))
                data = self.sock.recv(64 * KiB)
                if not data:
                    return
                discarded += len(data)
        except (OSError, ValueError):
            pass


# --------------------------------------------------------------------------------------------
# Requests


class Request:
    def __init__(self, connection, method, target, version, headers, number):
        self.connection = connection
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers  # [(name, value)] as str, decoded as Latin-1
        self.number = number  # 1 for the first request on its connection
        self.received = time.monotonic()  # parse_head runs as soon as the head has been read
        split = urllib.parse.urlsplit(target)
        self.path = split.path or "/"
        self.query = urllib.parse.parse_qs(split.query, keep_blank_values=True, encoding="latin-1")
        tokens = {t.strip().lower() for t in self.header("connection", "").split(",")}
        self.wants_close = "close" in tokens or (
            version == "HTTP/1.0" and "keep-alive" not in tokens)
        self.head_only = method == "HEAD"
        self.body = b""
        self.status = None
        self.counted = None

    def header(self, name, default=None):
        values = [v for n, v in self.headers if n.lower() == name]
        return ", ".join(values) if values else default

    def fields(self):
        """What /stats records of this request beyond the counters."""
        return {"range": self.header("range"), "if_range": self.header("if-range"),
                "last_event_id": self.header("last-event-id"), "t": self.received,
                "if_none_match": self.header("if-none-match"),
                "if_modified_since": self.header("if-modified-since"),
                "authorization": self.header("authorization")}

    def text(self, name, default=None):
        values = self.query.get(name)
        return values[0] if values else default

    def integer(self, name, default, low, high):
        value = self.text(name)
        if value is None:
            return default
        try:
            number = int(value)
        except ValueError:
            raise BadRequest(400, f"{name} must be an integer") from None
        if not low <= number <= high:
            raise BadRequest(400, f"{name} must be between {low} and {high}")
        return number

    def number_param(self, name, default, low, high):
        value = self.text(name)
        if value is None:
            return default
        try:
            number = float(value)
        except ValueError:
            raise BadRequest(400, f"{name} must be a number") from None
        if not low <= number <= high:  # also refuses nan
            raise BadRequest(400, f"{name} must be between {low} and {high}")
        return number

    def response_head(self, status, headers, end=True, announce_close=True):
        """Status line and header lines (str or bytes, sent as they are), each with its CRLF, and
        the blank line that ends the head unless `end` is false (more header lines follow).
        `Connection: close` is added when the request asked to close, unless `announce_close`
        is false."""
        self.status = status
        try:
            reason = http.HTTPStatus(status).phrase
        except ValueError:
            reason = "Unknown"
        lines = [f"HTTP/1.1 {status} {reason}".encode("latin-1"), b"Server: hostile-server"]
        for name, value in headers:
            lines.append(_bytes(name) + b": " + _bytes(value))
        if self.wants_close and announce_close:
            lines.append(b"Connection: close")
        return b"\r\n".join(lines) + (b"\r\n\r\n" if end else b"\r\n")

    def reply(self, status, body=b"", content_type="application/json", headers=(),
              announce_close=True):
        """A complete response with a Content-Length (`announce_close`: see response_head)."""
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode("utf-8")
        fields = list(headers)
        if content_type and status not in (204, 304):
            fields.append(("Content-Type", content_type))
        if status not in (204, 304):
            fields.append(("Content-Length", str(len(body))))
        else:
            body = b""
        data = self.response_head(status, fields, announce_close=announce_close)
        self.connection.send(data if self.head_only else data + body)


def _bytes(value):
    return value if isinstance(value, bytes) else str(value).encode("latin-1")


def parse_head(connection, head, number):
    lines = head.split(b"\r\n")
    try:
        method, target, version = lines[0].decode("ascii").split(" ")
    except (UnicodeDecodeError, ValueError):
        raise BadRequest(400, "malformed request line") from None
    if version not in ("HTTP/1.1", "HTTP/1.0") or not method.isalpha() or not target:
        raise BadRequest(400, "malformed request line")
    headers = []
    for line in lines[1:]:
        name, colon, value = line.partition(b":")
        if not colon or not name or name != name.strip() or b" " in name:
            raise BadRequest(400, "malformed header line")
        headers.append((name.decode("latin-1"), value.strip(b" \t").decode("latin-1")))
    return Request(connection, method.upper(), target, version, headers, number)


def read_body(request):
    connection = request.connection
    encoding = request.header("transfer-encoding")
    if encoding is not None:
        if encoding.split(",")[-1].strip().lower() != "chunked":
            raise BadRequest(400, "unsupported Transfer-Encoding")
        if request.header("expect", "").lower() == "100-continue":
            connection.send(b"HTTP/1.1 100 Continue\r\n\r\n")
        pieces, total = [], 0
        while True:
            line = connection.read_line()
            try:
                size = int(line.split(b";")[0].strip(), 16)
            except ValueError:
                raise BadRequest(400, "malformed chunk size") from None
            if size < 0:
                raise BadRequest(400, "malformed chunk size")
            if size == 0:
                while connection.read_line():  # trailers, up to the blank line
                    pass
                return b"".join(pieces)
            total += size
            if total > MAX_BODY:
                raise BadRequest(413, "request body larger than 64 MiB")
            pieces.append(connection.read_exact(size))
            if connection.read_exact(2) != b"\r\n":
                raise BadRequest(400, "chunk not followed by CRLF")
    lengths = {v.strip() for n, v in request.headers if n.lower() == "content-length"}
    if not lengths:
        return b""
    if len(lengths) != 1 or not all(c in "0123456789" for c in next(iter(lengths))) \
            or not next(iter(lengths)):
        raise BadRequest(400, "invalid Content-Length")
    length = int(next(iter(lengths)))
    if length > MAX_BODY:
        raise BadRequest(413, "request body larger than 64 MiB")
    if length and request.header("expect", "").lower() == "100-continue":
        connection.send(b"HTTP/1.1 100 Continue\r\n\r\n")
    return connection.read_exact(length)


# --------------------------------------------------------------------------------------------
# Routes. Each takes the request (body already read) and returns None to keep the connection,
# "close" to close it (FIN, after a TLS close_notify), "abort" to close it without a close_notify,
# "reset" to reset it (RST) or "drop-next" (see the trap).

ROUTES = {}


def route(path):
    def register(function):
        ROUTES[path] = function
        return function
    return register


def stream_x(request, total, byte=b"x"):
    """Sends `total` copies of `byte` in 64 KiB writes."""
    piece = byte * STREAM_PIECE
    view = memoryview(piece)
    remaining = total
    while remaining > 0:
        count = min(remaining, STREAM_PIECE)
        request.connection.send(view[:count])
        remaining -= count


@route("/gzip-bomb")
def gzip_bomb(request):
    mebibytes = request.integer("mb", 1024, 0, 8192)
    data = request.connection.server.bombs.get(mebibytes)
    head = request.response_head(200, [
        ("Content-Type", "application/octet-stream"), ("Content-Encoding", "gzip"),
        ("Content-Length", str(len(data))), ("X-Decompressed-Length", str(mebibytes * MiB)),
    ])
    request.connection.send(head)
    if not request.head_only:
        view = memoryview(data)
        for start in range(0, len(data), STREAM_PIECE):
            request.connection.send(view[start:start + STREAM_PIECE])


@route("/chunked")
def chunked(request):
    mebibytes = request.integer("mb", 200, 0, 16384)
    request.connection.send(request.response_head(200, [
        ("Content-Type", "application/octet-stream"), ("Transfer-Encoding", "chunked"),
    ]))
    if request.head_only:
        return None
    chunk = b"%x\r\n" % STREAM_PIECE + b"x" * STREAM_PIECE + b"\r\n"
    for _ in range(mebibytes * (MiB // STREAM_PIECE)):
        request.connection.send(chunk)
    request.connection.send(b"0\r\n\r\n")
    return None


@route("/declared-length")
def declared_length(request):
    count = request.integer("bytes", 209715200, 0, 1 << 34)
    request.connection.send(request.response_head(200, [
        ("Content-Type", "application/octet-stream"), ("Content-Length", str(count)),
    ]))
    if not request.head_only:
        stream_x(request, count)


@route("/random")
def random_bytes(request):
    count = request.integer("bytes", MiB, 0, 64 * MiB)
    seed = request.integer("seed", 0, 0, 0xFFFFFFFF)
    piece = request.integer("piece", 16 * KiB, 1, MiB)
    generator = random.Random(seed)
    data = generator.randbytes(count)
    request.connection.send(request.response_head(200, [
        ("Content-Type", "application/octet-stream"), ("Content-Length", str(count)),
        ("X-CRC32", str(zlib.crc32(data))),
    ]))
    if request.head_only:
        return None
    view = memoryview(data)
    start = 0
    while start < count:
        end = min(count, start + generator.randint(1, piece))
        request.connection.send(view[start:end])
        start = end
    return None


@route("/header-flood")
def header_flood(request):
    count = request.integer("count", 17000, 0, 1000000)
    request.connection.send(request.response_head(200, [], end=False))
    for start in range(0, count, 4096):  # in batches, so that a million lines take little memory
        lines = b"".join(b"X-F%d: v\r\n" % i for i in range(start, min(count, start + 4096)))
        request.connection.send(lines)
    tail = b"Content-Type: application/json\r\nContent-Length: 2\r\n\r\n"
    request.connection.send(tail if request.head_only else tail + b"{}")


@route("/long-header")
def long_header(request):
    count = request.integer("bytes", MiB, 9, 64 * MiB)
    request.connection.send(request.response_head(200, [], end=False) + b"X-Long: ")
    stream_x(request, count - len(b"X-Long: "), b"a")
    tail = b"\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n"
    request.connection.send(tail if request.head_only else tail + b"{}")


@route("/conflicting-length")
def conflicting_length(request):
    head = request.response_head(200, [
        ("Content-Type", "application/json"), ("Content-Length", "5"), ("Content-Length", "7"),
    ])
    request.connection.send(head if request.head_only else head + b'{"a":1}')
    return "close"


@route("/non-utf8-header")
def non_utf8_header(request):
    request.reply(200, b"{}", headers=[(b"X-Non-UTF8", b"ok\xff\xfe")])


@route("/drip")
def drip(request):
    count = request.integer("bytes", 10, 0, MiB)
    interval = request.number_param("interval", 1.0, 0.0, 60.0)
    if count * interval > 3600:
        raise BadRequest(400, "bytes * interval may not exceed 3600 seconds")
    request.connection.send(request.response_head(200, [
        ("Content-Type", "application/octet-stream"), ("Content-Length", str(count)),
    ]))
    if request.head_only:
        return None
    for _ in range(count):
        request.connection.pause(interval)
        request.connection.send(b"x")
    return None


@route("/truncated")
def truncated(request):
    head = request.response_head(200, [
        ("Content-Type", "application/octet-stream"), ("Content-Length", "100"),
    ])
    request.connection.send(head if request.head_only else head + b"0123456789")
    return "abort"


@route("/reset")
def reset(request):
    request.status = "RST"
    return "reset"


@route("/redirect-userinfo")
def redirect_userinfo(request):
    target = request.text("to")
    if not target:
        raise BadRequest(400, "to= is required")
    if "\r" in target or "\n" in target:
        raise BadRequest(400, "to= may not contain CR or LF")
    code = request.integer("code", 302, 301, 308)
    if code not in (301, 302, 303, 307, 308):
        raise BadRequest(400, "code must be 301, 302, 303, 307 or 308")
    request.reply(code, b"{}", headers=[("Location", target.encode("latin-1"))])


@route("/redirect-loop")
def redirect_loop(request):
    n = request.integer("n", 0, -(1 << 62), 1 << 62)
    request.reply(302, b"{}", headers=[("Location", f"/redirect-loop?n={n + 1}")])


@route("/echo-headers")
def echo_headers(request):
    merged = {}
    for name, value in request.headers:
        merged[name] = f"{merged[name]}, {value}" if name in merged else value
    request.reply(200, {
        "method": request.method, "target": request.target, "headers": merged,
        "header_list": [[n, v] for n, v in request.headers], "body_length": len(request.body),
    })


@route("/json-deep")
def json_deep(request):
    depth = request.integer("depth", 10000, 1, 10000000)
    request.connection.send(request.response_head(200, [
        ("Content-Type", "application/json"), ("Content-Length", str(2 * depth)),
    ]))
    if request.head_only:
        return None
    for bracket in (b"[", b"]"):
        piece = bracket * STREAM_PIECE
        remaining = depth
        while remaining > 0:
            count = min(remaining, STREAM_PIECE)
            request.connection.send(piece[:count])
            remaining -= count
    return None


@route("/post-once")
def post_once(request):
    failure = request.text("fail", "none")
    if failure not in ("none", "reset", "close"):
        raise BadRequest(400, "fail must be none, reset or close")
    if failure != "none":
        request.connection.server.stats.unanswered(request.counted)
        request.status = failure.upper()
        return failure
    heads, bodies = request.connection.server.stats.numbers(request.counted)
    request.reply(200, {"heads": heads, "bodies": bodies, "body_length": len(request.body)})
    return None


@route("/reply-and-close")
def reply_and_close(request):
    wait = request.integer("wait", 0, 0, 1000)
    request.reply(201, request.body, content_type="application/octet-stream",
                  announce_close=False)
    time.sleep(wait / 1000)
    return "close"


@route("/keepalive-close-trap")
def keepalive_close_trap(request):
    mode = request.text("mode", "close")
    if mode not in ("close", "next"):
        raise BadRequest(400, "mode must be close or next")
    keep = [("Connection", "keep-alive"), ("Keep-Alive", "timeout=60")]
    if request.wants_close:
        keep = []
    request.reply(200, {
        "connection": request.connection.number, "request_on_connection": request.number,
        "method": request.method, "body_length": len(request.body),
    }, headers=keep)
    if request.number != 1 or request.wants_close:
        return None
    return "close" if mode == "close" else "drop-next"


# /resumable: a resource for resumed downloads, honest or lying about its ranges


def stream_pattern(request, version, start, end):
    """Sends bytes start..end-1 of version `version` of the /resumable content in 64 KiB
    writes, each a slice of the precomputed block (never the whole content in memory)."""
    view = memoryview(PATTERN_BLOCKS[version])
    position = start
    while position < end:
        count = min(end - position, STREAM_PIECE)
        offset = position % PATTERN_PERIOD
        request.connection.send(view[offset:offset + count])
        position += count


@route("/resumable")
def resumable(request):
    size = request.integer("bytes", 8 * MiB, 1, 1 << 30)
    cut = request.integer("cut", size // 2, 0, size)
    version = request.integer("version", 1, 1, 2)
    lie = request.text("lie", "none")
    if lie not in RESUMABLE_LIES:
        raise BadRequest(400, "lie must be " + ", ".join(RESUMABLE_LIES))
    etag = f'"v{version}"'

    def send(status, fields, body_version=version, start=0, end=size, tag=etag):
        request.connection.send(request.response_head(status, [
            ("Content-Type", "application/octet-stream"), ("Accept-Ranges", "bytes"),
            ("ETag", tag), ("Last-Modified", RESUMABLE_LAST_MODIFIED), *fields,
        ]))
        if not request.head_only:
            stream_pattern(request, body_version, start, end)

    spec = request.header("range")
    if spec is None:
        send(200, [("Content-Length", size)], end=cut)
        return "abort" if cut < size and not request.head_only else None
    match = re.fullmatch(r"bytes=([0-9]{1,30})-", spec)
    start = int(match.group(1)) if match else None
    if lie == "start0" and start is not None:
        send(206, [("Content-Range", f"bytes 0-{size - 1}/{size}"), ("Content-Length", size)])
        return None
    validator = request.header("if-range")
    if lie == "none" and start is not None and validator is not None \
            and validator not in (etag, RESUMABLE_LAST_MODIFIED):
        send(200, [("Content-Length", size)])
        return None
    if start is None or start >= size:
        send(416, [("Content-Range", f"bytes */{size}"), ("Content-Length", 0)], end=0)
        return None
    rest = size - start
    content_range = ("Content-Range", f"bytes {start}-{size - 1}/{size}")
    if lie == "short":
        send(206, [content_range, ("Content-Length", rest // 2)], start=start,
             end=start + rest // 2)
    elif lie == "etag":
        send(206, [content_range, ("Content-Length", rest)], body_version=2, start=start,
             tag='"v2"')
    elif lie == "nocr":
        send(206, [("Content-Length", rest)], start=start)
    elif lie == "total":
        send(206, [("Content-Range", f"bytes {start}-{size - 1}/{size * 2}"),
                   ("Content-Length", rest)], start=start)
    else:
        send(206, [content_range, ("Content-Length", rest)], start=start)
    return None


# Server-Sent Events and JSON Lines that misbehave


def sse_head(request):
    """The head of an event stream delimited by closing the connection."""
    return request.response_head(200, [
        ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"),
        *([] if request.wants_close else [("Connection", "close")]),
    ])


def last_event_number(request):
    """The request's Last-Event-ID as an integer; 0 when it is absent or not an integer."""
    value = request.header("last-event-id")
    if value is None or not re.fullmatch(r"-?[0-9]{1,30}", value):
        return 0
    return int(value)


def sse_one_event(request, retry):
    """`retry: MS` (unless `retry` is None), then the event after Last-Event-ID; closes."""
    n = last_event_number(request) + 1
    body = b"" if retry is None else b"retry: %d\n\n" % retry
    body += b'id: %d\ndata: {"n": %d}\n\n' % (n, n)
    head = sse_head(request)
    request.connection.send(head if request.head_only else head + body)
    return "close"


@route("/sse/storm")
def sse_storm(request):
    return sse_one_event(request, request.integer("retry", 0, 0, 100000))


@route("/sse/retry-once")
def sse_retry_once(request):
    retry = request.integer("retry", 0, 0, 100000)
    first = request.header("last-event-id") is None
    return sse_one_event(request, retry if first else None)


@route("/sse/empty")
def sse_empty(request):
    head = sse_head(request)
    request.connection.send(head if request.head_only else head + b": nothing\n\n")
    return "close"


@route("/sse/html")
def sse_html(request):
    request.reply(200, b"<html><body>not an event stream</body></html>",
                  content_type="text/html; charset=utf-8")


def bad_records(request, good, bad_json, bad_utf8):
    """count= records good(i), i = 1..count, except that record at= is bad_json(i) or
    bad_utf8(i) (kind=json or utf8); at= beyond count leaves every record good."""
    count = request.integer("count", 4, 1, 1000)
    at = request.integer("at", 3, 1, 1000)
    kind = request.text("kind", "json")
    if kind not in ("json", "utf8"):
        raise BadRequest(400, "kind must be json or utf8")
    bad = bad_json if kind == "json" else bad_utf8
    return b"".join(bad(i) if i == at else good(i) for i in range(1, count + 1))


@route("/sse/bad")
def sse_bad(request):
    body = bad_records(request,
                       lambda i: b'id: %d\ndata: {"n": %d}\n\n' % (i, i),
                       lambda i: b'id: %d\ndata: {"n": %d,\n\n' % (i, i),
                       lambda i: b'id: %d\ndata: {"n": "\xff\xfe"}\n\n' % i)
    head = sse_head(request)
    request.connection.send(head if request.head_only else head + body)
    return "close"


@route("/jsonl/bad")
def jsonl_bad(request):
    body = bad_records(request,
                       lambda i: b'{"n": %d}\n' % i,
                       lambda i: b'{"n": %d,\n' % i,
                       lambda i: b'{"n": "\xff\xfe"}\n')
    request.reply(200, body, content_type="application/x-ndjson")


@route("/jsonl/html")
def jsonl_html(request):
    request.reply(200, b"<html></html>", content_type="text/html")


@route("/ratelimit")
def rate_limited(request):
    per_second = request.integer("per_second", 10, 1, 10000)
    key = request.text("key", "default")
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", key):
        raise BadRequest(400, "key must be 1..64 letters, digits, - or _")
    style = request.text("style", "ietf")
    if style not in ("ietf", "draft", "github"):
        raise BadRequest(400, "style must be ietf, draft or github")
    window, count, served = request.connection.server.stats.rate_limit(key, per_second, time.time())
    remaining = max(0, per_second - count)
    if style == "ietf":
        fields = [("RateLimit-Policy", f'"default";q={per_second};w=1'),
                  ("RateLimit", f'"default";r={remaining};t=1')]
    elif style == "draft":
        fields = [("RateLimit-Limit", per_second), ("RateLimit-Remaining", remaining),
                  ("RateLimit-Reset", 1)]
    else:
        fields = [("X-RateLimit-Limit", per_second), ("X-RateLimit-Remaining", remaining),
                  ("X-RateLimit-Used", min(count, per_second)), ("X-RateLimit-Resource", "core"),
                  ("X-RateLimit-Reset", window + 1)]
    if not served:
        fields.append(("Retry-After", 1))
    request.reply(200 if served else 429, {"key": key, "window": window, "served": count},
                  headers=fields)
    return None


@route("/stats")
def stats(request):
    if request.method not in ("GET", "HEAD"):
        request.reply(405, {"error": "use GET"}, headers=[("Allow", "GET, HEAD")])
        return None
    request.reply(200, request.connection.server.stats.snapshot())
    return None


@route("/stats/reset")
def stats_reset(request):
    if request.method != "POST":
        request.reply(405, {"error": "use POST"}, headers=[("Allow", "POST")])
        return None
    request.connection.server.stats.reset()
    request.reply(200, {"reset": True})
    return None


CACHE_LAST_MODIFIED = "Mon, 23 Nov 2026 10:00:00 GMT"


@route("/cacheable")
def cacheable(request):
    """A resource for HTTP caches: see the docstring's /cacheable."""
    control = request.text("cc", "max-age=60")
    if "\r" in control or "\n" in control:
        raise BadRequest(400, "cc may not contain CR or LF")
    version = request.integer("version", 1, 0, 1 << 30)
    etag = '"v%d"' % version
    headers = [("Cache-Control", control), ("ETag", etag), ("Last-Modified", CACHE_LAST_MODIFIED)]
    vary = request.text("vary")
    if vary:
        if any(c in vary for c in "\r\n"):
            raise BadRequest(400, "vary may not contain CR or LF")
        headers.append(("Vary", vary))
    served = request.connection.server.stats.numbers(request.counted)[0]
    match = request.header("if-none-match")
    since = request.header("if-modified-since")
    if (match is not None and etag in [t.strip() for t in match.split(",")]) or (
            match is None and since == CACHE_LAST_MODIFIED):
        request.connection.send(request.response_head(304, headers + [("Content-Length", "0")]))
        return None
    request.reply(200, {"version": version, "request": served}, headers=headers)
    return None


@route("/json")
def json_ok(request):
    request.reply(200, {"ok": True})


def status(request, code):
    request.reply(code, {"status": code})


def not_found(request):
    request.reply(404, {"error": "not found", "path": request.path})


def dispatch(request):
    handler = ROUTES.get(request.path)
    if handler is not None:
        return handler(request)
    if request.path.startswith("/status/"):
        code = request.path[len("/status/"):]
        if code.isdigit() and 200 <= int(code) <= 599:
            return status(request, int(code))
        raise BadRequest(400, "status must be 200..599")
    return not_found(request)


# --------------------------------------------------------------------------------------------
# The server: two listeners, a thread per connection


class Server:
    def __init__(self, tls_context, timeout, quiet):
        self.tls_context = tls_context
        self.timeout = timeout
        self.quiet = quiet
        self.stop = threading.Event()
        self.stats = Stats()
        self.bombs = Bombs()
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self.ids = itertools.count(1)
        self.active = set()
        self.threads = set()
        self.lock = threading.Lock()

    def log(self, message):
        if not self.quiet:
            print(f"hostile-server: {message}", file=sys.stderr, flush=True)

    def run(self, listeners):
        """Accepts until `stop` is set; `listeners` maps each listening socket to whether it is
        the TLS one."""
        for listener in listeners:
            listener.setblocking(False)
        while not self.stop.is_set():
            readable, _, _ = select.select(list(listeners), [], [], 0.2)
            for listener in readable:
                try:
                    sock, _ = listener.accept()
                except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                    continue
                if not self.slots.acquire(blocking=False):
                    self.stats.connection("rejected")
                    sock.close()
                    continue
                self.stats.connection("accepted")
                thread = threading.Thread(target=self.serve, args=(sock, listeners[listener]),
                                          daemon=True)
                with self.lock:
                    self.threads.add(thread)
                thread.start()
        for listener in listeners:
            listener.close()
        with self.lock:
            active, threads = list(self.active), list(self.threads)
        for sock in active:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        deadline = time.monotonic() + 3
        for thread in threads:
            thread.join(max(0, deadline - time.monotonic()))

    def serve(self, sock, tls):
        number = next(self.ids)
        try:
            sock.setblocking(True)
            sock.settimeout(self.timeout)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self.lock:
                self.active.add(sock)
            if tls:
                try:
                    wrapped = self.tls_context.wrap_socket(sock, server_side=True)
                except (ssl.SSLError, OSError) as error:
                    self.stats.connection("tls_handshake_failures")
                    self.log(f"#{number} TLS handshake failed: {error}")
                    sock.close()
                    return
                with self.lock:
                    self.active.discard(sock)
                    self.active.add(wrapped)
                sock = wrapped
            self.converse(Connection(self, sock, number, tls))
        except Exception:  # a bug here must not take the server down
            traceback.print_exc()
            try:
                sock.close()
            except OSError:
                pass
        finally:
            with self.lock:
                self.active.discard(sock)
                self.threads.discard(threading.current_thread())
            self.slots.release()

    def converse(self, connection):
        count = 0
        outcome = "close"
        try:
            while not self.stop.is_set():
                try:
                    head = connection.read_head()
                    if head is None:
                        return
                    count += 1
                    request = parse_head(connection, head, count)
                except BadRequest as error:
                    outcome = self.refuse(connection, error)
                    return
                outcome = self.handle(request)
                if outcome == "drop-next":
                    outcome = self.drop_next(connection, count + 1)
                    return
                if outcome is not None or request.wants_close:
                    return
        except (ClientGone, Stopping):
            outcome = "abort"
        finally:
            if outcome == "reset":
                connection.reset()
            else:
                if outcome == "refused":
                    connection.drain()
                connection.close(graceful=outcome != "abort")

    def handle(self, request):
        """Reads the body, runs the route, logs; returns the route's outcome."""
        counted = not request.path.startswith("/stats")
        if counted:
            request.counted = self.stats.head(request.path, request.method,
                                              request.connection.number, request.number,
                                              request.connection.tls,
                                              urllib.parse.urlsplit(request.target).query,
                                              request.fields())
        request.connection.counted = request.counted
        try:
            request.body = read_body(request)
            if counted:
                self.stats.body(request.counted, len(request.body))
            outcome = dispatch(request)
        except BadRequest as error:
            outcome = self.refuse(request.connection, error, request)
        except ClientGone:
            if counted:
                self.stats.disconnect(request.counted)
            self.log(f"#{request.connection.number} {request.method} {request.target}: "
                     f"client went away")
            raise
        finally:
            request.connection.counted = None
            if counted:
                self.stats.done(request.counted)
        self.log(f"#{request.connection.number} {request.method} {request.target} -> "
                 f"{request.status}")
        return outcome

    def drop_next(self, connection, number):
        """Waits for the next request on `connection`, counts it, and resets without a reply."""
        try:
            head = connection.read_head()
            if head is None:
                return "close"
            request = parse_head(connection, head, number)
        except BadRequest:
            return "reset"
        if not request.path.startswith("/stats"):
            request.counted = self.stats.head(request.path, request.method, connection.number,
                                              number, connection.tls,
                                              urllib.parse.urlsplit(request.target).query,
                                              request.fields())
            self.stats.unanswered(request.counted)
            try:
                connection.sock.settimeout(1.0)  # whatever of the body arrives promptly
                self.stats.body(request.counted, len(read_body(request)))
            except (BadRequest, ClientGone):
                pass
        self.log(f"#{connection.number} {request.method} {request.target} -> RST (trap)")
        return "reset"

    def refuse(self, connection, error, request=None):
        body = json.dumps({"error": error.message}).encode("utf-8")
        head = (f"HTTP/1.1 {error.status} {http.HTTPStatus(error.status).phrase}\r\n"
                f"Server: hostile-server\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode("latin-1")
        if request is not None:
            request.status = error.status
        try:
            connection.send(head + body)
        except (ClientGone, Stopping):
            return "abort"
        return "refused"


# --------------------------------------------------------------------------------------------
# Certificates, made with the openssl tool

OPENSSL_CONFIG = """\
[req]
distinguished_name = dn
prompt = no
[dn]
CN = hostile-server
[ca_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[server_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1, DNS:localhost
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
"""


def openssl(*arguments):
    result = subprocess.run(["openssl", *map(str, arguments)], capture_output=True)
    if result.returncode != 0:
        sys.exit(f"hostile-server: openssl {arguments[0]} failed:\n"
                 f"{result.stderr.decode(errors='replace')}")
    return result.stdout


def make_certificates(directory):
    """Writes ca.pem, ca.der, server.pem, server.key and server-spki.sha256 into `directory`;
    returns the base64 SHA-256 of the server certificate's SubjectPublicKeyInfo."""
    directory.mkdir(parents=True, exist_ok=True)
    ca_pem, ca_der = directory / "ca.pem", directory / "ca.der"
    server_pem, server_key = directory / "server.pem", directory / "server.key"
    with tempfile.TemporaryDirectory(prefix="hostile-server-ca-") as scratch:
        scratch = pathlib.Path(scratch)
        config, ca_key = scratch / "openssl.cnf", scratch / "ca.key"
        request = scratch / "server.csr"
        config.write_text(OPENSSL_CONFIG)
        openssl("req", "-x509", "-new", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", 30,
                "-subj", "/CN=Bricks hostile-server test CA", "-config", config,
                "-extensions", "ca_ext", "-keyout", ca_key, "-out", ca_pem)
        openssl("req", "-new", "-newkey", "rsa:2048", "-nodes", "-sha256", "-subj", "/CN=localhost",
                "-config", config, "-keyout", server_key, "-out", request)
        openssl("x509", "-req", "-in", request, "-CA", ca_pem, "-CAkey", ca_key,
                "-set_serial", f"0x{secrets.randbits(63):x}", "-days", 30, "-sha256",
                "-extfile", config, "-extensions", "server_ext", "-out", server_pem)
    os.chmod(server_key, 0o600)
    openssl("x509", "-in", ca_pem, "-outform", "DER", "-out", ca_der)
    public_key = openssl("x509", "-in", server_pem, "-noout", "-pubkey").decode("ascii")
    # A PEM "PUBLIC KEY" block is the SubjectPublicKeyInfo DER in base64.
    body = "".join(line for line in public_key.splitlines()
                   if line and not line.startswith("-----"))
    pin = base64.b64encode(hashlib.sha256(base64.b64decode(body)).digest()).decode("ascii")
    (directory / "server-spki.sha256").write_text(pin)
    return pin


# --------------------------------------------------------------------------------------------


def main():
    parser = argparse.ArgumentParser(description="A deliberately misbehaving HTTP server "
                                     "for hardening tests (see the top of this file).")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--tls-port", type=int, default=0)
    parser.add_argument("--port-file")
    parser.add_argument("--cert-dir")
    parser.add_argument("--timeout", type=float, default=30.0)
    parser.add_argument("--lifetime", type=float)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()

    port_file = pathlib.Path(args.port_file) if args.port_file else None
    if port_file is not None and port_file.exists():
        port_file.unlink()
    cert_dir = pathlib.Path(args.cert_dir or tempfile.mkdtemp(prefix="hostile-server-certs-"))
    cert_dir = cert_dir.resolve()
    pin = make_certificates(cert_dir)

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_dir / "server.pem", cert_dir / "server.key")
    context.set_alpn_protocols(["http/1.1"])

    plain = socket.create_server(("127.0.0.1", args.port), backlog=128)
    secure = socket.create_server(("127.0.0.1", args.tls_port), backlog=128)
    server = Server(context, args.timeout, args.quiet)

    def stop(*_):
        server.stop.set()
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    # A parent may start us with these signals blocked (a test runner's threads often do).
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    if args.lifetime is not None:
        timer = threading.Timer(args.lifetime, stop)
        timer.daemon = True
        timer.start()
    # The default bomb is ready before a test asks for it (about 4 s of one core).
    threading.Thread(target=server.bombs.get, args=(1024,), daemon=True).start()

    ports = {"http": plain.getsockname()[1], "https": secure.getsockname()[1],
             "ca": str(cert_dir / "ca.pem"), "pin_sha256": pin}
    if port_file is not None:
        port_file.parent.mkdir(parents=True, exist_ok=True)
        partial = port_file.with_name(port_file.name + ".partial")
        partial.write_text(json.dumps(ports) + "\n")
        os.replace(partial, port_file)
    print("listening", flush=True)
    server.log(f"http://127.0.0.1:{ports['http']} https://127.0.0.1:{ports['https']} "
               f"ca={ports['ca']} pin={pin}")
    try:
        server.run({plain: False, secure: True})
    finally:
        if port_file is not None:
            try:
                port_file.unlink()
            except FileNotFoundError:
                pass
        server.log("stopped")


if __name__ == "__main__":
    main()
