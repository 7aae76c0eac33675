#!/usr/bin/env python3
"""Writes the generator target's seeds into Fuzz/GeneratorFuzz/Corpus/generator/: the generator's
test documents (Generator/Tests/BricksOpenAPIGeneratorTests/Specs) and slices of the shared
real-world documents (/work/shared/specs/corpus, or $BRICKS_SPECS_CORPUS): one path item each, with
the components it references, as small documents in the source's own syntax (JSON or YAML).
Regression inputs (`regression-*`) stay. Run: python3 Fuzz/GeneratorFuzz/make-seeds.py
"""
import hashlib
import json
import os
import shutil

import yaml

ROOT = os.path.dirname(os.path.abspath(__file__))
SPECS = os.path.join(ROOT, "..", "..", "Generator", "Tests", "BricksOpenAPIGeneratorTests", "Specs")
CORPUS = os.environ.get("BRICKS_SPECS_CORPUS", "/work/shared/specs/corpus")
LARGEST = 6_000  # bytes of a slice; libFuzzer mutates small inputs faster
PER_DOCUMENT = 3


def references(node, found):
    """Every `#/components/KIND/NAME` reference under `node`."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str) and value.startswith("#/components/"):
                parts = value[len("#/components/"):].split("/")
                if len(parts) == 2:
                    found.add((parts[0], parts[1].replace("~1", "/").replace("~0", "~")))
            else:
                references(value, found)
    elif isinstance(node, list):
        for value in node:
            references(value, found)


def slice_of(document, path):
    """The document reduced to one path item and the components it needs."""
    item = document["paths"][path]
    components = document.get("components") or {}
    needed, seen = set(), set()
    references(item, needed)
    while needed - seen:
        kind, name = (needed - seen).pop()
        seen.add((kind, name))
        references((components.get(kind) or {}).get(name), needed)
    result = {key: document[key] for key in ("openapi", "info", "servers") if key in document}
    result["paths"] = {path: item}
    kept = {}
    for kind, name in sorted(seen):
        if name in (components.get(kind) or {}):
            kept.setdefault(kind, {})[name] = components[kind][name]
    if kept:
        result["components"] = kept
    return result


def write(directory, data):
    name = "seed-" + hashlib.sha1(data).hexdigest()[:12]
    with open(os.path.join(directory, name), "wb") as file:
        file.write(data)


def main():
    directory = os.path.join(ROOT, "Corpus", "generator")
    os.makedirs(directory, exist_ok=True)
    for name in os.listdir(directory):
        if not name.startswith("regression-"):
            os.remove(os.path.join(directory, name))
    for name in sorted(os.listdir(SPECS)):
        with open(os.path.join(SPECS, name), "rb") as file:
            write(directory, file.read())
    if not os.path.isdir(CORPUS):
        return
    for name in sorted(os.listdir(CORPUS)):
        if not name.endswith((".json", ".yaml")):
            continue
        with open(os.path.join(CORPUS, name), encoding="utf-8") as file:
            document = json.load(file) if name.endswith(".json") else yaml.safe_load(file)
        slices = []
        for path in document.get("paths") or {}:
            part = slice_of(document, path)
            if name.endswith(".json"):
                data = json.dumps(part, indent=1, ensure_ascii=False).encode()
            else:
                data = yaml.safe_dump(part, sort_keys=False, allow_unicode=True).encode()
            if len(data) <= LARGEST:
                slices.append(data)
        # The largest slices that fit: the most constructs per seed.
        for data in sorted(slices, key=len, reverse=True)[:PER_DOCUMENT]:
            write(directory, data)


if __name__ == "__main__":
    main()
