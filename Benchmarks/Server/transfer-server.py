#!/usr/bin/env python3
"""The loopback server of the file-transfer benchmark (Benchmarks/transfer.sh): one large file to
download, with ranges and a connection that breaks on purpose, and an upload sink that hashes what
it receives. Standard library only; listens on 127.0.0.1.

    GET  /file              the file (random bytes, made at start-up): Content-Length, ETag,
                            Last-Modified, Accept-Ranges: bytes, X-Content-SHA256 (hex)
    GET  /file?drop=N       the same head, then only N bytes of the body, then the connection is
                            closed: an interrupted download (a request with Range is served whole,
                            so that the resumed request completes)
    GET  /file  + Range: bytes=A- (or A-B), with or without If-Range
                            206 with Content-Range when If-Range is absent or matches the ETag
                            (or the Last-Modified date), else 200 with the whole file
    PUT|POST /upload        reads the body (Content-Length or chunked), answers
                            {"bytes": N, "sha256": "hex"}
    GET  /log               the requests so far, as JSON: [{"method", "path", "range", "ifRange"}]
    POST /log/reset         forgets them
"""

import argparse
import email.utils
import hashlib
import json
import os
import socket
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

MiB = 1024 * 1024


class State:
    def __init__(self, path, size):
        self.path = path
        self.size = size
        digest = hashlib.sha256()
        with open(path, "rb") as file:
            while True:
                block = file.read(4 * MiB)
                if not block:
                    break
                digest.update(block)
        self.sha256 = digest.hexdigest()
        self.etag = '"%s"' % self.sha256[:16]
        self.last_modified = email.utils.formatdate(os.path.getmtime(path), usegmt=True)
        self.lock = threading.Lock()
        self.log = []

    def record(self, entry):
        with self.lock:
            self.log.append(entry)


def make_file(directory, size):
    path = os.path.join(directory, "file.bin")
    with open(path, "wb") as file:
        left = size
        while left > 0:
            block = os.urandom(min(left, 4 * MiB))
            file.write(block)
            left -= len(block)
    return path


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "BricksTransfer/1"
    state = None

    def log_message(self, format, *args):
        pass

    def reply_json(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlsplit(self.path)
        state = self.state
        state.record({
            "method": "GET", "path": url.path, "range": self.headers.get("Range"),
            "ifRange": self.headers.get("If-Range"),
        })
        if url.path == "/log":
            with state.lock:
                entries = list(state.log)
            return self.reply_json(200, entries)
        if url.path != "/file":
            return self.reply_json(404, {"error": "not found"})
        query = parse_qs(url.query)
        drop = int(query["drop"][0]) if "drop" in query and not self.headers.get("Range") else None
        start, end = 0, state.size - 1
        status = 200
        requested = self.headers.get("Range")
        if_range = self.headers.get("If-Range")
        if requested and (if_range is None or if_range in (state.etag, state.last_modified)):
            try:
                unit, _, span = requested.partition("=")
                first, _, last = span.partition("-")
                if unit.strip() != "bytes" or "," in span:
                    raise ValueError(requested)
                start = int(first)
                end = min(int(last), state.size - 1) if last else state.size - 1
                if start > end:
                    raise ValueError(requested)
                status = 206
            except ValueError:
                self.send_response(416)
                self.send_header("Content-Range", "bytes */%d" % state.size)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
        length = end - start + 1
        self.send_response(status)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(length))
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("ETag", state.etag)
        self.send_header("Last-Modified", state.last_modified)
        self.send_header("X-Content-SHA256", state.sha256)
        if status == 206:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, end, state.size))
        self.end_headers()
        self.wfile.flush()
        to_send = length if drop is None else min(drop, length)
        with open(state.path, "rb") as file:
            offset = start
            left = to_send
            while left > 0:
                sent = os.sendfile(self.connection.fileno(), file.fileno(), offset, min(left, 4 * MiB))
                if sent == 0:
                    break
                offset += sent
                left -= sent
        if drop is not None:
            # The interrupted download: the connection ends before the body does.
            self.close_connection = True
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def read_into(self, digest, left):
        """Reads `left` bytes of the body into `digest`; returns how many."""
        received = 0
        while left > 0:
            block = self.rfile.read(min(left, MiB))
            if not block:
                raise ConnectionError("the body ended early")
            digest.update(block)
            received += len(block)
            left -= len(block)
        return received

    def read_body(self, digest):
        if self.headers.get("Transfer-Encoding", "").lower() != "chunked":
            return self.read_into(digest, int(self.headers.get("Content-Length", "0")))
        received = 0
        while True:
            size = int(self.rfile.readline().split(b";")[0].strip(), 16)
            if size == 0:
                while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                    pass
                return received
            received += self.read_into(digest, size)
            self.rfile.readline()

    def do_PUT(self):
        url = urlsplit(self.path)
        self.state.record({"method": self.command, "path": url.path, "range": None, "ifRange": None})
        if url.path == "/log/reset":
            with self.state.lock:
                self.state.log = []
            return self.reply_json(200, {})
        if url.path != "/upload":
            return self.reply_json(404, {"error": "not found"})
        digest = hashlib.sha256()
        received = self.read_body(digest)
        self.reply_json(200, {"bytes": received, "sha256": digest.hexdigest()})

    do_POST = do_PUT


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port-file", required=True, help="where to write the port, once listening")
    parser.add_argument("--size", type=int, default=1024 * MiB, help="the file's size in bytes")
    parser.add_argument("--dir", help="where to make the file (default: a temporary directory)")
    arguments = parser.parse_args()
    directory = arguments.dir or tempfile.mkdtemp(prefix="bricks-transfer-")
    Handler.state = State(make_file(directory, arguments.size), arguments.size)
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    with open(arguments.port_file + ".tmp", "w") as file:
        json.dump({"port": server.server_address[1], "size": arguments.size, "sha256": Handler.state.sha256}, file)
    os.rename(arguments.port_file + ".tmp", arguments.port_file)
    print("transfer server on 127.0.0.1:%d, %d bytes, sha256 %s" % (
        server.server_address[1], arguments.size, Handler.state.sha256), file=sys.stderr)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
