#!/usr/bin/env python3
"""A local WebSocket server for the WebSocket integration tests: PyPI's `websockets` (pinned in
scripts/websocket-requirements.txt) for conforming conversations, and a raw socket server beside
it that writes frames by hand for the hostile ones.

    .venv/bin/python scripts/websocket-server.py --port-file /tmp/ws.ports
    # the file holds "WS_PORT RAW_PORT"

Listens on 127.0.0.1 only, on two free ports. Stops cleanly on SIGTERM or SIGINT.

Conforming endpoints (ws://127.0.0.1:WS_PORT):
  /echo                     every message back, text as text, binary as binary.
  /chat/ROOM                every text message, as JSON {"from": NAME, "text": TEXT}, to every
                            client in ROOM (NAME is the `name` query item, "anonymous" without one).
  /close?code=C&reason=R    closes at once with C (default 1000) and R (default empty).
  /close-after?count=N&code=C   echoes N messages, then closes with C (default 1000).
  /drop?after=N             echoes N messages, then drops the TCP connection without a close frame.
  /resume/KEY               connection 1 of KEY: sends "first", then drops the connection; every
                            later one: sends "again N" (N = connection number), echoes until the
                            client sends "done", then closes with 1000.
  /status/CODE              refuses the handshake with CODE and the body "refused with CODE".
  /auth                     refuses with 401 and {"error": "bad token"} unless
                            `Authorization: Bearer good`; then echoes.
  /fragmented?size=N&parts=K   sends one text message of N bytes ("a"...) in K frames, then echoes.
  /large?size=N             sends one binary message of N bytes, then echoes.
  /flood?count=N&size=S     sends N text messages of S bytes ("000123..." numbered), then closes
                            with 1000. The library waits while the socket is full.
  /subprotocol              accepts the first of chat.v2, chat.v1 the client offers; echoes.
  /headers                  sends the handshake's headers as one JSON text message, then echoes.

Hostile endpoints (ws://127.0.0.1:RAW_PORT), each after a valid handshake unless said otherwise:
  /oversized-frame          a binary frame header announcing 2^40 bytes, then 64 KiB of them.
  /fragment-flood           a text frame with FIN clear, then 1 KiB continuation frames forever.
  /empty-fragment-flood     a text frame with FIN clear, then empty continuation frames forever.
  /invalid-utf8             a text frame holding the bytes FF FE.
  /masked                   a masked text frame.
  /reserved-opcode          a frame with opcode 3.
  /reserved-bit             a text frame with RSV1 set.
  /long-control             a ping frame of 126 bytes.
  /invalid-close-code       a close frame with code 1005 (which may not be sent).
  /no-handshake             reads the request and never answers.
  /no-pong                  completes the handshake, then reads and ignores everything.
  /bad-accept               answers 101 with a wrong Sec-WebSocket-Accept.
"""

import argparse
import asyncio
import base64
import hashlib
import json
import os
import signal
import struct
import sys
import urllib.parse
from http import HTTPStatus

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

rooms: dict[str, set] = {}
resume_counts: dict[str, int] = {}


def query(path: str) -> tuple[str, dict[str, str]]:
    parts = urllib.parse.urlsplit(path)
    return parts.path, dict(urllib.parse.parse_qsl(parts.query))


async def echo(connection):
    try:
        async for message in connection:
            await connection.send(message)
    except ConnectionClosed:
        pass


async def process_request(connection, request):
    path, _ = query(request.path)
    if path.startswith("/status/"):
        code = int(path.rsplit("/", 1)[1])
        return connection.respond(HTTPStatus(code), f"refused with {code}\n")
    if path == "/auth" and request.headers.get("Authorization") != "Bearer good":
        response = connection.respond(HTTPStatus.UNAUTHORIZED, json.dumps({"error": "bad token"}))
        return response
    return None


async def handler(connection):
    path, items = query(connection.request.path)
    if path in ("/echo", "/auth", "/subprotocol"):
        await echo(connection)
    elif path == "/headers":
        await connection.send(json.dumps(dict(connection.request.headers.raw_items())))
        await echo(connection)
    elif path.startswith("/chat/"):
        room = rooms.setdefault(path, set())
        room.add(connection)
        name = items.get("name", "anonymous")
        try:
            async for message in connection:
                text = json.dumps({"from": name, "text": message})
                for member in list(room):
                    try:
                        await member.send(text)
                    except ConnectionClosed:
                        pass
        except ConnectionClosed:
            pass
        finally:
            room.discard(connection)
    elif path == "/close":
        await connection.close(int(items.get("code", "1000")), items.get("reason", ""))
    elif path == "/close-after":
        count = int(items.get("count", "1"))
        for _ in range(count):
            await connection.send(await connection.recv())
        await connection.close(int(items.get("code", "1000")), items.get("reason", ""))
    elif path == "/drop":
        after = int(items.get("after", "0"))
        for _ in range(after):
            await connection.send(await connection.recv())
        connection.transport.abort()
    elif path.startswith("/resume/"):
        number = resume_counts.get(path, 0) + 1
        resume_counts[path] = number
        if number == 1:
            await connection.send("first")
            await asyncio.sleep(0.05)
            connection.transport.abort()
            return
        await connection.send(f"again {number}")
        try:
            async for message in connection:
                if message == "done":
                    await connection.close(1000, "bye")
                    return
                await connection.send(message)
        except ConnectionClosed:
            pass
    elif path == "/fragmented":
        size = int(items.get("size", "1000"))
        parts = max(int(items.get("parts", "10")), 1)
        step = -(-size // parts)
        await connection.send(["a" * min(step, size - i) for i in range(0, size, step)])
        await echo(connection)
    elif path == "/large":
        await connection.send(os.urandom(int(items.get("size", "1048576"))))
        await echo(connection)
    elif path == "/flood":
        count = int(items.get("count", "100000"))
        size = max(int(items.get("size", "16")), 6)
        try:
            for i in range(count):
                await connection.send(str(i).zfill(size))
            await connection.close(1000, "flood over")
        except ConnectionClosed:
            pass
    else:
        await connection.close(1008, f"no endpoint {path}")


def select_subprotocol(connection, subprotocols):
    for name in ("chat.v2", "chat.v1"):
        if name in subprotocols:
            return name
    return None


# ---- the hostile server: frames written by hand ----


def frame(opcode: int, payload: bytes, fin: bool = True, rsv1: bool = False, mask: bytes | None = None) -> bytes:
    first = (0x80 if fin else 0) | (0x40 if rsv1 else 0) | opcode
    length = len(payload)
    mask_bit = 0x80 if mask else 0
    if length < 126:
        header = struct.pack("!BB", first, mask_bit | length)
    elif length < 65536:
        header = struct.pack("!BBH", first, mask_bit | 126, length)
    else:
        header = struct.pack("!BBQ", first, mask_bit | 127, length)
    if mask:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        header += mask
    return header + payload


async def read_request(reader) -> tuple[str, dict[str, str]]:
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    target = lines[0].split(" ")[1]
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            name, value = line.split(":", 1)
            headers[name.strip().lower()] = value.strip()
    return target, headers


def accept_reply(key: str, correct: bool = True) -> bytes:
    accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
    if not correct:
        accept = base64.b64encode(b"not the right answer").decode()
    return (
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Accept: {accept}\r\n\r\n"
    ).encode()


async def drain_forever(reader):
    while await reader.read(65536):
        pass


async def hostile(reader, writer):
    try:
        target, headers = await read_request(reader)
        path, _ = query(target)
        key = headers.get("sec-websocket-key", "")
        if path == "/no-handshake":
            await drain_forever(reader)
            return
        # The 101 and the first hostile frames go out together, with no pause between them: the
        # client must take frames that arrive in the same read as its 101.
        writer.write(accept_reply(key, correct=path != "/bad-accept"))
        if path == "/oversized-frame":
            writer.write(struct.pack("!BBQ", 0x82, 127, 1 << 40) + b"x" * 65536)
        elif path == "/fragment-flood":
            writer.write(frame(0x1, b"a" * 1024, fin=False))
            chunk = frame(0x0, b"a" * 1024, fin=False) * 64
            while True:
                writer.write(chunk)
                await writer.drain()
        elif path == "/empty-fragment-flood":
            writer.write(frame(0x1, b"", fin=False))
            chunk = frame(0x0, b"", fin=False) * 1024
            while True:
                writer.write(chunk)
                await writer.drain()
        elif path == "/invalid-utf8":
            writer.write(frame(0x1, b"ok \xff\xfe"))
        elif path == "/masked":
            writer.write(frame(0x1, b"hidden", mask=b"\x01\x02\x03\x04"))
        elif path == "/reserved-opcode":
            writer.write(frame(0x3, b"what"))
        elif path == "/reserved-bit":
            writer.write(frame(0x1, b"compressed?", rsv1=True))
        elif path == "/long-control":
            writer.write(frame(0x9, b"p" * 126))
        elif path == "/invalid-close-code":
            writer.write(frame(0x8, struct.pack("!H", 1005) + b"nope"))
        await writer.drain()
        await drain_forever(reader)
    except (ConnectionError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
        pass
    finally:
        writer.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port-file", help="write 'WS_PORT RAW_PORT' to this file once listening")
    arguments = parser.parse_args()
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
    async with serve(
        handler, "127.0.0.1", 0, process_request=process_request, select_subprotocol=select_subprotocol,
        max_size=None, ping_interval=None,
    ) as server:
        raw = await asyncio.start_server(hostile, "127.0.0.1", 0)
        ports = f"{server.sockets[0].getsockname()[1]} {raw.sockets[0].getsockname()[1]}"
        print(f"listening on {ports}", flush=True)
        if arguments.port_file:
            temporary = arguments.port_file + ".tmp"
            with open(temporary, "w") as file:
                file.write(ports + "\n")
            os.replace(temporary, arguments.port_file)
        async with raw:
            await stop
    sys.exit(0)


if __name__ == "__main__":
    asyncio.run(main())
