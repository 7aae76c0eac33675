#!/usr/bin/env python3
"""Fails when a public symbol of Bricks or BricksTesting has no /// doc comment.

Checked: every declaration written with `public` or `open`, every requirement inside a public
protocol, and every case of a public enum. A declaration is documented when the lines just above
it (attributes skipped) end a `///` comment or a `/** */` block.

The root package's CI checks the same thing, and more, from the compiler's symbol graphs
(scripts/check-symbol-docs.py, run by scripts/build-docs.sh); this script stays for packages whose
tests build no symbol graphs (Transports/AsyncHTTPClient/test.sh).

Usage: python3 scripts/check-docs.py [source folders…]   (default: Sources/Bricks Sources/BricksTesting)
"""
import pathlib
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?!import\b|extension\b)"
)
REQUIREMENT = re.compile(
    r"^\s*(?:static\s+|mutating\s+)*(?:var|let|func|associatedtype|typealias|init|subscript)\b"
)
ENUM_CASE = re.compile(r"^\s*case\s+[A-Za-z_`]")
CONTAINER = re.compile(r"\b(?:public|open)\s+(?:final\s+)?(protocol|enum)\s")


def documented(lines, index):
    i = index - 1
    while i >= 0 and (lines[i].strip().startswith("@") or lines[i].strip() == ""):
        if lines[i].strip() == "":
            return False
        i -= 1
    if i < 0:
        return False
    above = lines[i].strip()
    return above.startswith("///") or above.endswith("*/")


def check(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    missing = []
    depth = 0
    containers = []  # (kind, depth inside its braces)
    for index, line in enumerate(lines):
        code = line.split("//")[0] if "///" not in line else ""
        stripped = line.strip()
        inside = containers[-1] if containers and containers[-1][1] == depth else None
        needs = False
        if DECLARATION.match(line):
            needs = True
        elif inside and inside[0] == "protocol" and REQUIREMENT.match(line):
            needs = True
        elif inside and inside[0] == "enum" and ENUM_CASE.match(line) and not stripped.endswith(":"):
            needs = True
        if needs and not documented(lines, index):
            missing.append(f"{path}:{index + 1}: {stripped}")
        match = CONTAINER.search(code)
        opened = code.count("{")
        closed = code.count("}")
        if match and opened > closed:
            containers.append((match.group(1), depth + 1))
        depth += opened - closed
        while containers and containers[-1][1] > depth:
            containers.pop()
    return missing


def main():
    roots = sys.argv[1:] or ["Sources/Bricks", "Sources/BricksTesting"]
    missing = []
    count = 0
    for root in roots:
        for path in sorted(pathlib.Path(root).rglob("*.swift")):
            count += 1
            missing += check(path)
    if missing:
        print("Public symbols without a /// doc comment:")
        print("\n".join(missing))
        sys.exit(1)
    print(f"check-docs: every public symbol in {count} files is documented")


if __name__ == "__main__":
    main()
