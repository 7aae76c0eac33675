#!/usr/bin/env python3
"""Fails when a public symbol has no doc comment, reading the symbol graphs the compiler wrote
(scripts/build-docs.sh extracts them with -minimum-access-level public).

What the compiler sees as public is checked, however it is spelled: declarations written
`public` or `open`, protocol requirements, enum cases, members of a `public extension`, and
nested types. A symbol is documented when its own declaration carries a `///` or `/** */`
comment; the graphs are extracted with -skip-inherited-docs, so a conformance does not borrow the
protocol's comment. Not checked: extension blocks themselves (`swift.extension`: an extension has
no page of its own) and symbols the compiler made rather than the source (they have no source
location: the `$current` projection of a `@TaskLocal`, synthesized conformances).

This is a superset of what scripts/check-docs.py checks by reading the source text, so it replaces
that script for the root package (scripts/test.sh); check-docs.py stays for the AsyncHTTPClient
transport package, whose test script does not build symbol graphs.

Usage: python3 scripts/check-symbol-docs.py SYMBOL_GRAPH_DIR...   (each: *.symbols.json files)
       python3 scripts/check-symbol-docs.py --list SYMBOL_GRAPH_DIR...   (every checked symbol)
"""
import json
import pathlib
import sys
from urllib.parse import unquote, urlparse


def checked_symbols(folder):
    for path in sorted(pathlib.Path(folder).glob("*.symbols.json")):
        for symbol in json.loads(path.read_text(encoding="utf-8"))["symbols"]:
            if symbol["kind"]["identifier"] == "swift.extension" or "location" not in symbol:
                continue
            if symbol["accessLevel"] not in ("public", "open"):
                continue
            location = symbol["location"]
            file = unquote(urlparse(location["uri"]).path)
            yield file, location["position"]["line"] + 1, symbol


def relative(file):
    try:
        return str(pathlib.Path(file).resolve().relative_to(pathlib.Path.cwd().resolve()))
    except ValueError:
        return file


def main():
    args = sys.argv[1:]
    listing = args[:1] == ["--list"]
    folders = args[1:] if listing else args
    if not folders:
        sys.exit(__doc__)
    missing, count = [], 0
    for folder in folders:
        for file, line, symbol in checked_symbols(folder):
            count += 1
            name = "/".join(symbol["pathComponents"])
            kind = symbol["kind"]["displayName"].lower()
            if listing:
                print(f"{relative(file)}:{line}: {kind} {name}")
            elif not symbol.get("docComment"):
                missing.append(f"{relative(file)}:{line}: {kind} {name}")
    if listing:
        return
    if count == 0:
        sys.exit("check-symbol-docs: no symbols found; were the symbol graphs extracted?")
    if missing:
        print("Public symbols without a doc comment:")
        print("\n".join(sorted(set(missing))))
        sys.exit(1)
    print(f"check-symbol-docs: all {count} public symbols have a doc comment")


if __name__ == "__main__":
    main()
