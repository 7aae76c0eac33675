#!/usr/bin/env python3
"""Writes the fuzz targets' seed inputs into Fuzz/Corpus/TARGET/, each in its target's input format
(see the target's doc comment): cases from the unit tests (Tests/BricksTests), the hostile server's
routes (scripts/hostile-server.py) and the shared GitHub fixtures. Run it again after changing a
target's input format: python3 Fuzz/make-seeds.py
"""
import hashlib
import json
import os

ROOT = os.path.dirname(os.path.abspath(__file__))


def fields(*pairs):
    return b"\n".join(f"{name}:{value}".encode() for name, value in pairs)


SEEDS = {
    # status byte, 4 limit bytes (count, bytes hi/lo, body hi/lo ...), flag, name:value lines
    "head": [
        bytes([1, 10, 2, 88, 0, 100, 0]) + fields(("Content-Length", "5"), ("Content-Length", "7")),  # /conflicting-length
        bytes([1, 10, 2, 88, 0, 100, 0]) + fields(("Content-Length", "5, 5"), ("Content-Type", "text/plain")),
        bytes([1, 3, 0, 50, 0, 2, 0]) + fields(("X-F0", "v"), ("X-F1", "v"), ("X-F2", "v"), ("X-F3", "v")),  # /many-headers
        bytes([1, 10, 2, 88, 0, 10, 0]) + fields(("Content-Length", "209715200")),  # /declared-length
        bytes([1, 10, 2, 88, 0, 10, 0]) + fields(("content-length", " 12 ")),
        bytes([2, 10, 2, 88, 0, 10, 1]) + fields(("Content-Length", "99999999999999999999")),
        bytes([1, 10, 2, 88, 0, 10, 0]) + fields(("Content-Length", "+5"), ("Age", "2147483648")),
    ],
    # line limit, event limit, cut count and cuts (two bytes each), stream
    "sse": [
        bytes([40, 100, 2, 0, 3, 0, 9]) + b"retry: 0\n\nid: 1\ndata: {\"n\": 1}\n\n",  # /sse/storm
        bytes([40, 100, 1, 0, 5]) + b"\xef\xbb\xbfdata: a\r\ndata: b\r\n\r\n: comment\rdata:c\r\r",
        bytes([8, 8, 0]) + b"data: 0123456789\n\n",
        bytes([40, 100, 3, 0, 1, 0, 2, 0, 7]) + b"event: update\nid: \x00x\ndata\n\nretry: 99999999999999999999\ndata:\n\n",
        bytes([40, 20, 0]) + b"data: x\ndata: y\ndata: z\n\n",
    ],
    # line limit, cut count and cuts, body
    "lines": [
        bytes([40, 1, 0, 7]) + b"{\"n\": 1}\n{\"n\": 2}\r\n\n[1,2]\r\nnull\n",  # /jsonl
        bytes([8, 0]) + b"{\"a\":\"0123456789\"}\n",
        bytes([40, 2, 0, 4, 0, 5]) + b"\"a\"\r\r\n{}\r",
        bytes([40, 0]) + b"{\"n\": 1}\nnot json\n{\"n\": 3}\n",
    ],
    # page byte, base byte, page number byte, X-Next-Page line, Link value
    "link": [
        bytes([0, 0, 9]) + b"10\n<https://api.example.com/items?page=2>; rel=\"next\", <https://api.example.com/items?page=5>; rel=\"last\"",
        bytes([4, 1, 9]) + b"\n<https://api.example.com/v3/repos/o/r/issues?per_page=2&page=4>; rel=\"next\"",
        bytes([1, 2, 9]) + b"x\n</a/b/?page=2>; rel=next, <?page=3>; rel=\"prev last\"",
        bytes([0, 0, 9]) + b"\n<https://evil.example/items?page=2>; rel=\"next\"",
        bytes([3, 0, 9]) + b"\n<//evil.example/x>; rel*=UTF-8''next; title*=UTF-8'de'n%c3%a4chste",
        bytes([2, 0, 9]) + b"3\n<a,b;c>; rel=\"next\"; x=\"q\\\"uote\", <>; rel=next",
    ],
    # status, request-time, now (two bytes), six components (two bytes each), name:value lines
    "cache": [
        bytes([0, 5, 0, 60] + [0, 1] * 6) + fields(("Cache-Control", "max-age=60, public"), ("Date", "Sun, 06 Nov 1994 08:49:37 GMT")),
        bytes([0, 5, 1, 0] + [0, 2] * 6) + fields(("Expires", "Sunday, 06-Nov-94 08:49:37 GMT"), ("Date", "Sun Nov  6 08:49:37 1994")),
        bytes([8, 5, 1, 0] + [0, 3] * 6) + fields(("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Age", "99999999999999999999")),
        bytes([0, 0, 0, 0] + [0, 4] * 6) + fields(("Cache-Control", "no-cache=\"a,b\", max-age=\"10\""), ("Vary", "Accept, *"), ("Accept", "a  b")),
        bytes([0, 0, 0, 0] + [0, 5] * 6) + fields(("cache-control", "max-age=-1, stale-if-error=2147483648"), ("Expires", "0")),
    ],
    # mode byte, then per mode
    "diskcache": [
        bytes([0]) + b"BRICKS-CACHE 1\n" + bytes(8) + bytes(32),
        bytes([2]) + json.dumps({"variants": [{"url": "https://example.com/item", "statusCode": 200, "fields": [["Age", "5"], ["Cache-Control", "max-age=60"]],
                                               "varied": {}, "requestTime": 0, "responseTime": 0, "freshness": 60, "initialAge": 0}],
                                 "bodyLengths": [2]}).encode() + b"\x00{}",
        bytes([7]) + json.dumps({"variants": [{"url": "https://example.com/item", "statusCode": 200, "fields": [["A", "b", "c"]],
                                               "varied": {"accept": None}, "requestTime": -1e308, "responseTime": 1e308, "freshness": 1e308, "initialAge": 1e308}],
                                 "bodyLengths": [0]}).encode() + b"\x00",
        bytes([4, 0, 7, 0, 1, 2]) + b"Content-Type\x00text/plain\x00https://example.com/\x00\x00\x10" + b"body\xff",
    ],
    # status, time (two bytes), attempt, jitter, name:value lines
    "ratelimit": [
        bytes([2, 0, 0, 5, 128]) + fields(("Retry-After", "120"), ("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "1700000060")),
        bytes([1, 0, 0, 5, 128]) + fields(("Retry-After", "Sun, 06 Nov 1994 08:49:37 GMT")),
        bytes([0, 0, 0, 5, 128]) + fields(("RateLimit", "\"default\";r=50;t=30"), ("RateLimit-Policy", "\"default\";q=100;w=60")),
        bytes([0, 0, 0, 5, 128]) + fields(("RateLimit", "limit=100, remaining=50, reset=30"), ("RateLimit-Remaining", "1e9")),
        bytes([3, 0, 0, 255, 255]) + fields(("Retry-After", "99999999999999999999"), ("X-RateLimit-Reset", "99999999999999999999.5")),
    ],
    # offset, validator, known length, truncation, Content-Range line, name:value lines
    "range": [
        bytes([2, 0, 2, 1]) + b"bytes 100-999/1000\n" + fields(("Content-Length", "900"), ("ETag", "\"v1\"")),  # /resumable
        bytes([0, 1, 0, 9]) + b"bytes 0-9/*\n" + fields(("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT")),
        bytes([2, 0, 2, 2]) + b"bytes */1000\n" + fields(("Content-Length", "0")),
        bytes([0, 0, 0, 0]) + b"bytes 0-9223372036854775806/9223372036854775807\n" + fields(("ETag", "\"v1\"")),
        bytes([2, 0, 1, 3]) + b"bytes 100-999/2000\n" + fields(("Content-Length", "5"), ("Content-Encoding", "gzip")),  # total, short
    ],
    # base byte, flag, URL, path, segments, query name/value pairs (NUL-separated)
    "url": [
        bytes([0, 0]) + b"https://api.github.com/repos/apple/swift?per_page=100#x\x00/search\x00a b/c%d/./..\x00q\x00swift lang+\x00page\x00\x7f",
        bytes([1, 1]) + b"HTTP://user:pw@host/\x00items\x00\x00&=\x00#?\x00",
        bytes([2, 0]) + b"https://[::1]:8443//a//?&&b=1\x00\x00\xc3\xa9\xf0\x9f\x98\x80\x00",
        bytes([3, 1]) + b"https://:80/\x00%zz\x00\x00x\x00%\x00",
    ],
    # NUL-separated texts
    "header": [
        b"Authorization\x00Bearer abc\x00X-Bad\x00a\r\nInjected: 1\x00Bad Name\x00v\x00a=b\x00c=d; Expires=Wed, 21 Oct 2015 07:28:00 GMT",
        b"\x00empty name\x00X\x00\x09tab\x7f\x00\xc3\xa9\x00\xc3\xa9",
    ],
    # prefix, then (choice byte, name, value) triples
    "redaction": [
        b"see \x00\x01token\x00abc\x00\x00page\x00two\x00\x05key\x00a&b=c#d",
        b"<https://x.example/?a=1\x00\x41\x00x;y\x00\x00next\x00/a?token=t\x00\x03\x00v,w",
    ],
    # style, boundary, NUL-separated texts
    "encoders": [
        bytes([0]) + b"Bricks-abc\x00title\x00Holiday\x00photo\x00beach.jpg\x00image/jpeg\x00JPEG--Bricks-abc\x00",
        bytes([1]) + b"x\x00a\"b\x00c\r\nd\x00\x00\x00e\x00\x00text/plain\x00--x\r\n\x00a b\x00+&=%\x00",
        bytes([2]) + b"\x00\x00\x00\x00\x00",
    ],
}


def main():
    for target, inputs in SEEDS.items():
        directory = os.path.join(ROOT, "Corpus", target)
        os.makedirs(directory, exist_ok=True)
        # Regression inputs (what the fuzzer found, kept by hand) stay; the generated seeds are
        # written again.
        for name in os.listdir(directory):
            if not name.startswith("regression-"):
                os.remove(os.path.join(directory, name))
        for data in inputs:
            name = "seed-" + hashlib.sha1(data).hexdigest()[:12]
            with open(os.path.join(directory, name), "wb") as file:
                file.write(data)
    # The GitHub fixtures' Link headers, as Link inputs.
    fixtures = os.path.join(ROOT, "..", "Tests", "BricksTests", "Fixtures", "GitHub")
    for folder, _, names in os.walk(fixtures):
        for name in names:
            if not name.endswith(".json"):
                continue
            try:
                with open(os.path.join(folder, name), encoding="utf-8") as file:
                    text = file.read()
            except (OSError, UnicodeDecodeError):
                continue
            start = text.find("<https://api.github.com")
            if start < 0:
                continue
            value = text[start:text.find('"', text.find('rel=\\"last\\"', start) + 12) if 'rel=\\"last\\"' in text[start:] else start + 400]
            data = bytes([4, 1, 9]) + b"\n" + value.replace('\\"', '"').encode()
            with open(os.path.join(ROOT, "Corpus", "link", "github-" + hashlib.sha1(data).hexdigest()[:12]), "wb") as file:
                file.write(data)


if __name__ == "__main__":
    main()
