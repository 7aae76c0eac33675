#!/usr/bin/env python3
"""Writes a reshaped copy of an OpenAPI document, for measuring how generation time grows with it
(Generator/generation-time.sh). Python 3.11 with PyYAML (for a YAML document).

    python3 Generator/reshape.py DOCUMENT OUTPUT.json [--inline] [--copies N]

--inline    every `#/components/schemas/…` reference replaced by the schema it names, so the document
            holds no schema reference (a schema met again inside itself becomes `{"type": "object"}`,
            where the recursion would never end); the components' schemas are left out. A document
            whose schemas refer to each other so much that the copy would pass 5 million objects
            and lists (Stripe's) is refused, exit status 3.
--copies N  every path N times (`/copy2/…`, `/copy3/…`), each operationId with the copy's suffix:
            N times the operations, the schemas once.
"""
import argparse
import json
import sys

SCHEMA_PREFIX = "#/components/schemas/"
NODE_BUDGET = 5_000_000
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def read(path):
    with open(path, encoding="utf-8") as file:
        if path.endswith(".json"):
            return json.load(file)
        import yaml  # only a YAML document needs PyYAML

        return yaml.safe_load(file)


def inlined(document):
    schemas = document.get("components", {}).get("schemas", {})
    made = 0

    def visit(node, seen):
        nonlocal made
        if isinstance(node, (dict, list)):
            made += 1
            if made > NODE_BUDGET:
                print(f"reshape.py: every schema inlined passes {NODE_BUDGET:,} objects and lists", file=sys.stderr)
                sys.exit(3)
        if isinstance(node, dict):
            reference = node.get("$ref")
            if isinstance(reference, str) and reference.startswith(SCHEMA_PREFIX):
                name = reference[len(SCHEMA_PREFIX):]
                if name in seen or name not in schemas:
                    return {"type": "object"}
                return visit(schemas[name], seen | {name})
            return {key: visit(value, seen) for key, value in node.items()}
        if isinstance(node, list):
            return [visit(value, seen) for value in node]
        return node

    result = {key: visit(value, frozenset()) for key, value in document.items() if key != "components"}
    components = {key: value for key, value in document.get("components", {}).items() if key != "schemas"}
    if components:
        result["components"] = visit(components, frozenset())
    return result


def copied(document, copies):
    paths = {}
    for copy in range(1, copies + 1):
        for path, item in document.get("paths", {}).items():
            if copy == 1:
                paths[path] = item
                continue
            item = json.loads(json.dumps(item, default=str))
            for method, operation in item.items():
                if method in METHODS and isinstance(operation, dict) and "operationId" in operation:
                    operation["operationId"] = f"{operation['operationId']}_copy{copy}"
            paths[f"/copy{copy}{path}"] = item
    return {**document, "paths": paths}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("document")
    parser.add_argument("output")
    parser.add_argument("--inline", action="store_true")
    parser.add_argument("--copies", type=int, default=1)
    arguments = parser.parse_args()
    if arguments.copies < 1:
        sys.exit("--copies takes 1 or more")
    document = read(arguments.document)
    if arguments.inline:
        document = inlined(document)
    document = copied(document, arguments.copies)
    with open(arguments.output, "w", encoding="utf-8") as file:
        json.dump(document, file, default=str)


if __name__ == "__main__":
    main()
