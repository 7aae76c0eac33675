#!/usr/bin/env python3
"""Type-checks the ```swift code blocks of README.md, Docs/*.md and the DocC catalogs' pages
(Sources/*/*.docc/*.md) against the built modules.

Each Markdown file's swift blocks are joined, in order, into one `main.swift` (so a file's blocks
may build on each other and may use top-level `try await`; a block of statements only that
declares again a name an earlier block declared, as two examples that both say
`let session = …`, is wrapped in `do { }`), prefixed with the imports every
snippet may use, and type-checked with swiftc in Swift 6 mode. A block right after the line
`<!-- snippet: skip -->` is not checked: use that for deliberately partial code, Package.swift
lines, or code of other libraries. Code a page assumes but does not show (a model type, a
`session`) goes in a hidden block, compiled in its place among the others:

    <!-- snippet:
    struct User: Decodable, Sendable { let login: String }
    let session = Session(transport: StubTransport())
    -->

Usage: python3 scripts/check-doc-snippets.py [--build-path .build/debug] [files…]
Needs `swift build` first, so that the Bricks and BricksTesting modules exist.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

PRELUDE = """import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Bricks
import BricksTesting
"""
BLOCK = re.compile(
    r"^(<!-- snippet: skip -->\n)?```swift[ \t]*\n(.*?)^```[ \t]*$|^<!-- snippet:[ \t]*\n(.*?)^-->", re.S | re.M)


DECLARATION = re.compile(
    r"^(?:@|public |final |struct |enum |class |actor |protocol |extension |func |typealias )", re.M)


TOP_LEVEL_NAME = re.compile(r"^(?:let|var)\s+([A-Za-z_][A-Za-z0-9_]*)", re.M)


def scoped(code, declared):
    """Wraps a block of statements in `do { }` when it declares again a top-level name of an
    earlier block; otherwise leaves it at top level and remembers the names it declares."""
    names = set(TOP_LEVEL_NAME.findall(code))
    if not DECLARATION.search(code) and names & declared:
        return "do {\n" + code + "}\n"
    declared |= names
    return code


def main():
    args = sys.argv[1:]
    build = pathlib.Path(".build/debug")
    if args[:1] == ["--build-path"]:
        build = pathlib.Path(args[1])
        args = args[2:]
    files = [pathlib.Path(a) for a in args] or [
        pathlib.Path("README.md"), *sorted(pathlib.Path("Docs").glob("*.md")),
        *sorted(pathlib.Path("Sources").glob("*/*.docc/*.md"))]
    modules = build / "Modules"
    if not (modules / "Bricks.swiftmodule").exists():
        sys.exit(f"check-doc-snippets: {modules}/Bricks.swiftmodule not found; run swift build first")
    failures = 0
    checked = 0
    for path in files:
        declared = set()
        blocks = [
            scoped(code or hidden, declared)
            for skip, code, hidden in BLOCK.findall(path.read_text(encoding="utf-8"))
            if not skip
        ]
        if not blocks:
            continue
        with tempfile.TemporaryDirectory() as folder:
            source = pathlib.Path(folder) / "main.swift"
            source.write_text(PRELUDE + "\n".join(blocks), encoding="utf-8")
            result = subprocess.run(
                ["swiftc", "-typecheck", "-swift-version", "6", "-I", str(modules), str(source)],
                capture_output=True, text=True)
        checked += len(blocks)
        if result.returncode != 0:
            failures += 1
            print(f"--- {path}: its swift blocks do not compile:")
            print(result.stderr.replace(str(source), f"{path}(joined blocks)"))
    if failures:
        sys.exit(1)
    print(f"check-doc-snippets: {checked} swift blocks in {len(files)} files compile")


if __name__ == "__main__":
    main()
