#!/usr/bin/env python3
"""Counts the lines of endpoint declarations in a Markdown file, as issue 14 counts them.

A counted line is a line of a ```swift block that is
  - not blank,
  - not a comment only (`//`, `///`, or a line inside or of a `/* … */` comment),
  - not a lone closing brace `}`,
  - not an import (`import X`, `@testable import X`).
Only the blocks between `<!-- count: NAME -->` and `<!-- /count -->` are counted, under NAME;
a name may have several regions, which add up (for example the app-wide part and the endpoints,
shown apart). Prose between the blocks is not counted.

Usage: python3 scripts/count-endpoint-lines.py Docs/GettingStarted.md [more.md…]
Prints one line per name, in the order met, and exits 1 when a file has no region or an
unclosed one.
"""
import re
import sys

START = re.compile(r"^<!--\s*count:\s*(\S+)\s*-->\s*$")
END = re.compile(r"^<!--\s*/count\s*-->\s*$")
IMPORT = re.compile(r"^(@testable\s+)?import\s+\S+")


def counted(line, in_comment):
    """Whether `line` counts, and whether a `/* … */` comment is still open after it."""
    text = line.strip()
    if in_comment:
        return False, "*/" not in text
    if text.startswith("/*"):
        return False, "*/" not in text
    if not text or text.startswith("//") or text == "}" or IMPORT.match(text):
        return False, False
    return True, False


def count(path):
    """{name: counted lines} for the regions of one Markdown file, in order."""
    totals = {}
    name = None
    in_swift = False
    in_comment = False
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            stripped = line.strip()
            if not in_swift and (match := START.match(stripped)):
                if name:
                    sys.exit(f"{path}:{number}: count region {match[1]} opened inside {name}")
                name = match[1]
                totals.setdefault(name, 0)
            elif not in_swift and END.match(stripped):
                name = None
            elif stripped.startswith("```"):
                in_swift = not in_swift and stripped[3:].strip() == "swift"
                in_comment = False
            elif in_swift and name:
                yes, in_comment = counted(line, in_comment)
                totals[name] += yes
    if name:
        sys.exit(f"{path}: count region {name} is not closed with <!-- /count -->")
    return totals


def main():
    paths = sys.argv[1:]
    if not paths:
        sys.exit(__doc__)
    status = 0
    for path in paths:
        totals = count(path)
        if not totals:
            print(f"{path}: no <!-- count: NAME --> region")
            status = 1
        for name, lines in totals.items():
            print(f"{path}: {name}: {lines} counted lines")
    sys.exit(status)


if __name__ == "__main__":
    main()
