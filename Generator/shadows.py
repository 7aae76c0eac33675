#!/usr/bin/env python3
"""Writes a Swift file that declares a type for every schema name of a document that the generated
module does not declare itself: the names the generator renamed (`Data` → `NamesData`), declared
in the module as an app's own types would be. Generator/test.sh compiles it beside the output of
Specs/names.yaml, whose schemas are named like the identifiers the output uses, so that a name the
output writes bare, instead of qualified (`Swift.String`, `Bricks.Middleware.Next`), fails the build.

    python3 Generator/shadows.py DOCUMENT GENERATED_FOLDER > GENERATED_FOLDER/Shadows.swift
"""
import pathlib
import re
import sys

# The modules the output qualifies with: a type of one of these names hides the module (the
# generator renames such schemas; an app must not declare one).
MODULES = {"Swift", "Foundation", "Bricks", "FoundationNetworking"}


def main():
    document, folder = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    text = document.read_text(encoding="utf-8")
    schemas = text[text.index("\n  schemas:\n"):]
    names = re.findall(r"^    ([A-Za-z_][A-Za-z0-9_]*):$", schemas, re.M)
    declared = set()
    for file in folder.rglob("*.swift"):
        declared |= set(re.findall(
            r"^(?:public )?(?:nonisolated )?(?:struct|enum|indirect enum|final class|class|protocol|typealias) ([A-Za-z_][A-Za-z0-9_]*)",
            file.read_text(encoding="utf-8"), re.M))
    shadows = [name for name in names if name not in declared and name not in MODULES]
    print("// Types named like what the generated code takes from Swift, Foundation and Bricks (written by Generator/shadows.py).")
    for name in shadows:
        print(f"struct {name} {{}}")


if __name__ == "__main__":
    main()
