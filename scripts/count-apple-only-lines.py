#!/usr/bin/env python3
"""Counts the lines of Sources/ that a Linux build does not compile, and fails when there are more
than ALLOWED.

Every `#if`, `#elseif` and `#else` of every Swift file under Sources/ is evaluated as the Linux
build sees it; a line counts when a branch that Linux leaves out holds it (the directives of such
a branch count too when the branch sits inside another one Linux leaves out). Those lines are
compiled on Apple platforms only, so a defect in them shows on a Mac and nowhere in CI (issue 52
found one). Docs/Linux.md, "Lines compiled on Apple platforms only", lists the ones that remain
and why each cannot compile on Linux.

    python3 scripts/count-apple-only-lines.py           # the count, and each range
    python3 scripts/count-apple-only-lines.py --root R  # another checkout's Sources/

A condition this script does not know (a module, a flag) fails the check with its file and line:
add what it means on Linux to KNOWN_MODULES or FLAGS below.
"""

import argparse
import pathlib
import re
import sys

# The count may go down (lower it here in the same commit); it may not go up.
ALLOWED = 2

# canImport(M) on Linux.
KNOWN_MODULES = {
    "Foundation": True, "FoundationEssentials": True, "FoundationNetworking": True,
    "FoundationXML": True, "Dispatch": True, "Glibc": True, "Musl": False, "Android": False,
    "WinSDK": False, "Darwin": False, "ObjectiveC": False, "UIKit": False, "AppKit": False,
    "SwiftUI": False, "Combine": False, "Security": False, "Network": False, "os": False,
    "CryptoKit": False, "CFNetwork": False,
}
# Bare flags on Linux (-D flags of this package: none).
FLAGS = {"FOUNDATION_FRAMEWORK": False}

DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")
TOKEN = re.compile(r"\s*(&&|\|\||!|\(|\)|[A-Za-z_][A-Za-z0-9_]*\s*\([^()]*\)|[A-Za-z_][A-Za-z0-9_]*)")


class Unknown(Exception):
    pass


def atom(text):
    """The value of one condition on Linux."""
    call = re.fullmatch(r"([A-Za-z_]+)\s*\(\s*(.*?)\s*\)", text)
    if call is None:
        if text in ("true", "false"):
            return text == "true"
        if text in FLAGS:
            return FLAGS[text]
        raise Unknown(f"the flag {text}")
    name, argument = call.groups()
    if name == "canImport":
        module = argument.split(",")[0].strip()
        if module in KNOWN_MODULES:
            return KNOWN_MODULES[module]
        raise Unknown(f"canImport({module})")
    if name == "os":
        return argument == "Linux"
    if name in ("swift", "compiler"):
        return argument.startswith(">=")  # the toolchain in use is newer than any guard here
    if name == "targetEnvironment":
        return False
    raise Unknown(text)


def evaluate(condition):
    """`condition` (`!`, `&&`, `||`, parentheses, atoms) on Linux."""
    condition = condition.split("//")[0].strip()
    tokens, position = [], 0
    while position < len(condition):
        match = TOKEN.match(condition, position)
        if match is None:
            raise Unknown(condition)
        tokens.append(match.group(1).strip())
        position = match.end()
        while position < len(condition) and condition[position].isspace():
            position += 1

    def chain(i, operator, operand, combine):
        value, i = operand(i)
        while i < len(tokens) and tokens[i] == operator:
            right, i = operand(i + 1)
            value = combine(value, right)
        return value, i

    def disjunction(i):
        return chain(i, "||", conjunction, lambda left, right: left or right)

    def conjunction(i):
        return chain(i, "&&", unary, lambda left, right: left and right)

    def unary(i):
        if i >= len(tokens):
            raise Unknown(condition)
        if tokens[i] == "!":
            value, i = unary(i + 1)
            return not value, i
        if tokens[i] == "(":
            value, i = disjunction(i + 1)
            if i >= len(tokens) or tokens[i] != ")":
                raise Unknown(condition)
            return value, i + 1
        return atom(tokens[i]), i + 1

    value, end = disjunction(0)
    if end != len(tokens):
        raise Unknown(condition)
    return value


def left_out(path):
    """The numbers of the lines of `path` that Linux does not compile."""
    lines = path.read_text(encoding="utf-8").splitlines()
    # Each open #if: [active, a branch was taken, the enclosing code is active].
    frames, outside = [], []
    for number, line in enumerate(lines, 1):
        enclosing = all(frame[0] for frame in frames)
        match = DIRECTIVE.match(line)
        if match is None:
            if not enclosing:
                outside.append(number)
            continue
        kind, condition = match.groups()
        try:
            if kind == "if":
                if not enclosing:
                    outside.append(number)
                value = evaluate(condition) if enclosing else False
                frames.append([value, value, enclosing])
                continue
            if not frames:
                raise Unknown(f"#{kind} without #if")
            frame = frames[-1]
            if not frame[2]:
                outside.append(number)
            if kind == "endif":
                frames.pop()
            elif kind == "else":
                frame[0] = frame[2] and not frame[1]
                frame[1] = True
            else:
                value = frame[2] and not frame[1] and evaluate(condition)
                frame[0] = value
                frame[1] = frame[1] or value
        except Unknown as error:
            sys.exit(f"{path}:{number}: cannot tell what {error} means on Linux; "
                     "teach scripts/count-apple-only-lines.py")
    return outside


def ranges(numbers):
    runs = []
    for number in numbers:
        if runs and runs[-1][1] == number - 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(pathlib.Path(__file__).resolve().parent.parent),
                        help="the checkout whose Sources/ is counted (default: this one)")
    arguments = parser.parse_args()
    sources = pathlib.Path(arguments.root) / "Sources"
    total = 0
    for path in sorted(sources.rglob("*.swift")):
        numbers = left_out(path)
        if numbers:
            total += len(numbers)
            print(f"{path.relative_to(arguments.root)}: {len(numbers)} ({ranges(numbers)})")
    print(f"{total} lines of Sources/ are not compiled on Linux (allowed: {ALLOWED})")
    if total > ALLOWED:
        sys.exit(f"the count grew past {ALLOWED}: make the new lines compile on Linux (branch on "
                 "URLSessionTransport.runsOnFoundationNetworking at run time), or fence the "
                 "smallest expression and list it in Docs/Linux.md")
    if total < ALLOWED:
        print(f"fewer than allowed: lower ALLOWED to {total} in scripts/count-apple-only-lines.py")


if __name__ == "__main__":
    main()
