#!/usr/bin/env python3
"""Checks scripts/sse-server.py end to end: starts it on a free port, exercises every endpoint with a
small event-stream reader of its own, stops it with SIGTERM, and fails loudly on any difference.

    python3 scripts/sse-server-check.py        # prints one line per check; exit status 0 when all pass

Standard library only; takes a few seconds.
"""
import http.client
import json
import os
import pathlib
import signal
import socket
import subprocess
import sys
import tempfile
import time

SERVER = pathlib.Path(__file__).with_name("sse-server.py")


def parse_events(body):
    """The events of a whole event-stream body (the standard's rules, without retry handling)."""
    text = body.decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines, current, index = [], [], 0
    while index < len(text):
        character = text[index]
        if character in "\r\n":
            lines.append("".join(current))
            current = []
            if character == "\r" and text[index + 1:index + 2] == "\n":
                index += 1
        else:
            current.append(character)
        index += 1
    events, data, kind, last_id, id_buffer = [], "", "", "", ""
    for line in lines:
        if line == "":
            last_id = id_buffer
            if data:
                events.append({"event": kind or "message", "data": data[:-1], "id": last_id})
            data, kind = "", ""
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data":
            data += value + "\n"
        elif name == "event":
            kind = value
        elif name == "id" and "\0" not in value:
            id_buffer = value
    return events


class Check:
    def __init__(self, port):
        self.port = port

    def request(self, method, path, headers=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request(method, path, headers=headers or {})
        return connection, connection.getresponse()

    def json(self, method, path):
        connection, response = self.request(method, path)
        body = response.read()
        connection.close()
        return response.status, json.loads(body) if body else None

    def stream(self, path, headers=None):
        """(status, headers, body, whether the body ended normally) of a GET, read to the close.

        Read from the socket directly, since http.client does not tell a chunked body that was
        cut from one that ended.
        """
        with socket.create_connection(("127.0.0.1", self.port), timeout=10) as connection:
            fields = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
            connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{fields}\r\n".encode())
            data = b""
            while chunk := connection.recv(65536):
                data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        response_headers = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            response_headers[name.strip().lower()] = value.strip()
        if response_headers.get("transfer-encoding") != "chunked":
            return int(status_line.split()[1]), response_headers, rest, True
        body = b""
        while True:
            size_line, separator, rest = rest.partition(b"\r\n")
            if not separator:
                return int(status_line.split()[1]), response_headers, body, False
            size = int(size_line, 16)
            if size == 0:
                return int(status_line.split()[1]), response_headers, body, True
            body += rest[:size]
            rest = rest[size + 2:]


def expect(condition, message):
    if not condition:
        sys.exit(f"FAILED: {message}")
    print(f"ok: {message}")


def main():
    with tempfile.TemporaryDirectory() as folder:
        port_file = os.path.join(folder, "port")
        server = subprocess.Popen(
            [sys.executable, str(SERVER), "--port", "0", "--port-file", port_file, "--quiet"],
            stdout=subprocess.PIPE, text=True)
        try:
            first = server.stdout.readline().strip()
            expect(first.startswith("listening on "), f"the server announces its port ({first!r})")
            port = int(first.split()[-1])
            expect(pathlib.Path(port_file).read_text().strip() == str(port), "the port file holds the port")
            run(Check(port), server)
        finally:
            if server.poll() is None:
                server.kill()
                server.wait()


def run(check, server):
    # /events
    status, headers, body, complete = check.stream("/events?count=3")
    expect(status == 200 and headers.get("content-type") == "text/event-stream"
           and headers.get("cache-control") == "no-cache", "/events: status and headers")
    expect(complete and headers.get("transfer-encoding") == "chunked", "/events: a complete chunked body")
    lines = body.decode().split("\n")
    expect(lines[:2] == ["retry: 100", ""] and lines.count(": keep-alive") == 2,
           "/events: retry first, keep-alives between")
    expect(parse_events(body) == [{"event": "tick", "data": json.dumps({"n": n}), "id": str(n)} for n in (1, 2, 3)],
           "/events: ids 1...3, type tick, JSON data")
    status, headers, body, complete = check.stream("/events?count=2&chunked=0")
    expect(status == 200 and "transfer-encoding" not in headers and "content-length" not in headers
           and len(parse_events(body)) == 2, "/events?chunked=0: a body delimited by the close")

    # /multiline
    _, _, body, complete = check.stream("/multiline")
    _, expected = check.json("GET", "/multiline/expected")
    expect(complete and body.startswith(b"\xef\xbb\xbf") and b"\r\n" in body and b"\r\r" in body,
           "/multiline: BOM, CRLF and CR")
    expect(parse_events(body) == expected and len(expected) == 4, "/multiline: the events match /multiline/expected")

    # /drop, resumed with Last-Event-ID until the end
    check.json("POST", "/reset")
    received, last_id, connections = [], None, 0
    while connections < 10:
        connections += 1
        headers = {"Last-Event-ID": last_id} if last_id else {}
        _, _, body, complete = check.stream("/drop?after=3&total=10", headers)
        events = parse_events(body)
        received += [int(e["id"]) for e in events]
        last_id = events[-1]["id"] if events else last_id
        if complete:
            break
        expect(len(events) == 3, f"/drop: connection {connections} cut after 3 events, before the terminating chunk")
    expect(received == list(range(1, 11)) and connections == 4, "/drop: ids 1...10 over 4 connections, then a normal end")
    _, stats = check.json("GET", "/stats")
    expect(stats["connections"].get("/drop") == 4 and stats["drops"] == 3
           and stats["last_event_ids"] == [None, "3", "6", "9"], "/stats: connections, drops and Last-Event-IDs")
    try:
        check.stream("/drop?after=1&total=2&reset=1")
        reset = False
    except ConnectionResetError:
        reset = True
    expect(reset, "/drop?reset=1: the connection is reset")
    status, _, body, _ = check.stream("/drop?after=3&total=10", {"Last-Event-ID": "10"})
    expect(status == 204 and body == b"", "/drop: 204 once the last id was received")

    # /slow
    start = time.monotonic()
    connection, response = check.request("GET", "/slow?count=1&delay=0.5")
    headers_after = time.monotonic() - start
    first_line = response.readline()
    first_event_after = None
    while first_line:
        if first_line.startswith(b"id:"):
            first_event_after = time.monotonic() - start
            break
        first_line = response.readline()
    response.read()
    connection.close()
    expect(headers_after < 0.4 and first_event_after is not None and first_event_after >= 0.45,
           f"/slow: headers after {headers_after:.2f} s, first event after {first_event_after or 0:.2f} s")

    # /infinite, left by the client
    check.json("POST", "/reset")
    connection, response = check.request("GET", "/infinite")
    seen = 0
    while seen < 3:
        if response.readline().startswith(b"id:"):
            seen += 1
    response.close()  # the response holds the socket open until it is closed too
    connection.close()
    deadline = time.monotonic() + 3
    stats = check.json("GET", "/stats")[1]
    while stats["disconnects"] == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
        stats = check.json("GET", "/stats")[1]
    expect(stats["disconnects"] == 1 and stats["disconnects_by_path"] == {"/infinite": 1},
           "/infinite: the client's leaving is counted")

    # errors and reset
    expect(check.json("GET", "/events?count=x")[0] == 400, "a bad parameter is a 400")
    expect(check.json("GET", "/events?delay=nan")[0] == 400, "a NaN delay is a 400")
    expect(check.json("GET", "/nowhere")[0] == 404, "an unknown path is a 404")
    expect(check.json("POST", "/reset")[0] == 204 and check.json("GET", "/stats")[1]["connections"] == {},
           "/reset clears the statistics")

    # SIGTERM with a stream open
    connection, response = check.request("GET", "/infinite")
    response.readline()
    start = time.monotonic()
    server.send_signal(signal.SIGTERM)
    status = server.wait(timeout=5)
    connection.close()
    expect(status == 0 and time.monotonic() - start < 3, f"SIGTERM stops the server (status {status})")


if __name__ == "__main__":
    main()
