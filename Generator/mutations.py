#!/usr/bin/env python3
"""The mutation test of bricks-openapi's tolerance (issue 41): each document of the shared set with
each kind of quirk real documents have injected, generated; each must read (exit 0), warn, and
generate its operations. Generator/mutations.sh runs it and compiles what it wrote.

    python3 Generator/mutations.py --generator PATH --work DIR [--compile-all] DOCUMENT...

Prints a row per document and kind (operations generated, skipped, warnings, seconds) and writes
DIR/<document>-all.json: the document with every kind injected at once, for the compile step.
"""
import argparse
import copy
import json
import os
import re
import subprocess
import sys
import time

import yaml

SCHEMA_TYPES = {"string", "integer", "number", "object", "array", "boolean"}
METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


def load(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if text.lstrip().startswith("{"):
        return json.loads(text)
    return yaml.safe_load(text)


def walk(value, visit, path=()):
    """Calls visit(dict, path) on every object, depth first."""
    if isinstance(value, dict):
        visit(value, path)
        for key, child in list(value.items()):
            walk(child, visit, path + (str(key),))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            walk(child, visit, path + (str(index),))


def operations(doc):
    for path, item in (doc.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        for method, operation in item.items():
            if method in METHODS and isinstance(operation, dict):
                yield path, item, method, operation


def is_schema(node, path):
    return isinstance(node.get("type"), str) and node["type"] in SCHEMA_TYPES and "example" not in path and "examples" not in path


def first_object_schema(doc):
    for name, schema in ((doc.get("components") or {}).get("schemas") or {}).items():
        if isinstance(schema, dict) and isinstance(schema.get("properties"), dict):
            return schema
    return None


def every(n):
    counter = {"i": 0}

    def pick():
        counter["i"] += 1
        return counter["i"] % n == 0

    return pick


# Each kind changes the document in place; returns how many places it changed.

def path_parameter_not_required(doc):
    count = 0
    for path, item, _, operation in operations(doc):
        for holder in (item, operation):
            for parameter in holder.get("parameters") or []:
                if isinstance(parameter, dict) and parameter.get("in") == "path" and "required" in parameter:
                    del parameter["required"]
                    count += 1
    return count


def header_parameter_fields(doc):
    count = 0
    for _, _, _, operation in operations(doc):
        for response in (operation.get("responses") or {}).values():
            if not isinstance(response, dict) or "$ref" in response:
                continue
            headers = response.setdefault("headers", {})
            if not headers:
                headers["X-Quirk"] = {"schema": {"type": "string"}}
            for name, header in headers.items():
                if isinstance(header, dict) and "$ref" not in header:
                    header.update({"allowEmptyValue": True, "in": "header", "name": name})
                    count += 1
            if count > 50:
                return count
    return count


def dangling_example_refs(doc):
    count = 0
    for _, _, _, operation in operations(doc):
        for response in (operation.get("responses") or {}).values():
            if isinstance(response, dict):
                for media in (response.get("content") or {}).values():
                    if isinstance(media, dict) and "schema" in media:
                        media.pop("example", None)
                        media.setdefault("examples", {})["quirk"] = {"$ref": "#/components/examples/QuirkGone"}
                        count += 1
    return count


def dangling_schema_refs(doc):
    count = 0
    for schema in ((doc.get("components") or {}).get("schemas") or {}).values():
        if isinstance(schema, dict) and isinstance(schema.get("properties"), dict):
            schema["properties"]["quirk_ref"] = {"$ref": "#/components/schemas/QuirkDoesNotExist"}
            count += 1
    return count


def wrong_typed_bounds(doc):
    changed = []

    def visit(node, path):
        if not is_schema(node, path):
            return
        for key in ("minimum", "maximum", "minLength", "maxLength", "minItems", "maxItems"):
            if isinstance(node.get(key), (int, float)) and not isinstance(node.get(key), bool):
                node[key] = str(node[key])
                changed.append(path)

    walk(doc, visit)
    if not changed:  # give one schema a bound to get wrong
        schema = first_object_schema(doc)
        if schema is not None:
            schema["properties"]["quirk_bounded"] = {"type": "integer", "minimum": "1", "maxLength": "ten"}
            changed.append(1)
    return len(changed)


def type_lists(doc):
    pick = every(3)
    changed = []

    def visit(node, path):
        if is_schema(node, path) and node["type"] != "object" and pick():
            node["type"] = [node["type"], "null"]
            changed.append(path)

    walk(doc, visit)
    return len(changed)


def nullable(doc):
    pick = every(3)
    changed = []

    def visit(node, path):
        if is_schema(node, path) and pick():
            node["nullable"] = True
            changed.append(path)

    walk(doc, visit)
    schema = first_object_schema(doc)
    if schema is not None:  # also a reference made nullable
        schema["properties"]["quirk_nullable_ref"] = {"allOf": [{"$ref": "#/components/schemas/" + next(iter(doc["components"]["schemas"]))}], "nullable": True}
    return len(changed)


def duplicate_operation_ids(doc):
    ids = [operation.get("operationId") for _, _, _, operation in operations(doc) if operation.get("operationId")]
    if not ids:
        return 0
    count = 0
    for _, _, _, operation in operations(doc):
        if operation.get("operationId") and count % 2 == 1:
            operation["operationId"] = ids[0]
        count += 1
    return count // 2


def mixed_enums(doc):
    changed = []

    def visit(node, path):
        if isinstance(node.get("enum"), list) and node["enum"] and all(isinstance(v, str) for v in node["enum"]):
            node["enum"] = node["enum"] + [1, None, True]
            changed.append(path)

    walk(doc, visit)
    schema = first_object_schema(doc)
    if schema is not None:
        schema["properties"]["quirk_mixed"] = {"enum": ["a", 2, 3.5, None, False]}
    return len(changed) + 1


def empty_schemas(doc):
    pick = every(4)
    count = 0
    for schema in ((doc.get("components") or {}).get("schemas") or {}).values():
        if isinstance(schema, dict) and isinstance(schema.get("properties"), dict):
            for key in list(schema["properties"]):
                if pick():
                    schema["properties"][key] = {}
                    count += 1
    doc.setdefault("components", {}).setdefault("schemas", {})["QuirkEmpty"] = {}
    return count + 1


def circular_schemas(doc):
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    schemas["QuirkLoopA"] = {"$ref": "#/components/schemas/QuirkLoopB"}
    schemas["QuirkLoopB"] = {"$ref": "#/components/schemas/QuirkLoopA"}
    schemas["QuirkItself"] = {"$ref": "#/components/schemas/QuirkItself"}
    schemas["QuirkNode"] = {"type": "object", "properties": {"next": {"$ref": "#/components/schemas/QuirkNode"}, "loop": {"$ref": "#/components/schemas/QuirkLoopA"}}}
    schema = first_object_schema(doc)
    if schema is not None:
        schema["properties"]["quirk_loop"] = {"$ref": "#/components/schemas/QuirkItself"}
        schema["properties"]["quirk_node"] = {"$ref": "#/components/schemas/QuirkNode"}
    return 4


def responses_without_description(doc):
    count = 0
    for _, _, _, operation in operations(doc):
        for response in (operation.get("responses") or {}).values():
            if isinstance(response, dict) and "description" in response:
                del response["description"]
                count += 1
    return count


def other_version_exclusive_bounds(doc):
    is30 = str(doc.get("openapi", "")).startswith("3.0")
    pick = every(2)
    changed = []

    def visit(node, path):
        if is_schema(node, path) and node["type"] in ("integer", "number") and pick():
            if is30:
                node["exclusiveMinimum"] = 0
            else:
                node["minimum"] = 0
                node["exclusiveMinimum"] = True
            changed.append(path)

    walk(doc, visit)
    return len(changed)


def unknown_formats(doc):
    pick = every(4)
    changed = []

    def visit(node, path):
        if is_schema(node, path) and node["type"] == "string" and pick():
            node["format"] = "quirky-format"
            changed.append(path)

    walk(doc, visit)
    return len(changed)


def undeclared_path_variables(doc):
    count = 0
    for path, item, _, operation in operations(doc):
        if "{" not in path:
            continue
        for holder in (item, operation):
            parameters = holder.get("parameters")
            if isinstance(parameters, list):
                kept = [p for p in parameters if not (isinstance(p, dict) and p.get("in") == "path")]
                count += len(parameters) - len(kept)
                holder["parameters"] = kept
    return count


def wrong_typed_values(doc):
    count = 0
    for _, _, _, operation in operations(doc):
        operation["deprecated"] = "no"
        if isinstance(operation.get("tags"), list) and count % 3 == 0:
            operation["summary"] = {"text": operation.get("summary", "")}
        count += 1
    return count


# Names the generated code takes from Swift, Foundation and Bricks, or declares itself (issue 54:
# Intercom's schema `Next` shadowed the `Next` of Bricks' middleware).
LIBRARY_NAMES = [
    "Next", "Middleware", "CallContext", "Session", "RequestHead", "RequestBody", "RawResponse", "ResponseHead",
    "QueryEncoder", "HTTPMethod", "ServerSentEvent", "MultipartFormPart", "JSONResponseType", "GETRequestType",
    "Data", "URL", "Date", "UUID", "URLQueryItem", "JSONDecoder", "NSLock", "String", "Int", "Double", "Bool", "Result",
    "Error", "Set", "Substring", "TaskLocal", "Mirror", "DecodingError", "JSONValue", "Indirect", "OrEmpty", "APIError",
    "Response", "Body", "Event", "Value", "Key", "Swift", "Foundation", "Bricks",
]


def library_names(doc):
    """Component schemas renamed, in order, to the names of LIBRARY_NAMES (their `$ref`s with them),
    and operations given ids of those names."""
    schemas = (doc.get("components") or {}).get("schemas")
    count = 0
    if isinstance(schemas, dict):
        old = [key for key in schemas if key not in LIBRARY_NAMES][:len(LIBRARY_NAMES)]
        renames = dict(zip(old, [name for name in LIBRARY_NAMES if name not in schemas]))
        doc["components"]["schemas"] = {renames.get(key, key): value for key, value in schemas.items()}
        references = {f"#/components/schemas/{key}": f"#/components/schemas/{name}" for key, name in renames.items()}

        def visit(node, path):
            if isinstance(node.get("$ref"), str) and node["$ref"] in references:
                node["$ref"] = references[node["$ref"]]
            mapping = node.get("mapping") if "propertyName" in node else None
            if isinstance(mapping, dict):
                for value, target in list(mapping.items()):
                    if isinstance(target, str):
                        mapping[value] = references.get(target, target)

        walk(doc, visit)
        count += len(renames)
    for index, (_, _, _, operation) in enumerate(operations(doc)):
        if index % 7 == 0:
            operation["operationId"] = LIBRARY_NAMES[(index // 7) % len(LIBRARY_NAMES)]
            count += 1
    return count


KINDS = [
    ("path-parameter-not-required", path_parameter_not_required),
    ("header-with-parameter-fields", header_parameter_fields),
    ("dangling-example-ref", dangling_example_refs),
    ("dangling-schema-ref", dangling_schema_refs),
    ("wrong-typed-bounds", wrong_typed_bounds),
    ("type-lists", type_lists),
    ("nullable", nullable),
    ("duplicate-operation-ids", duplicate_operation_ids),
    ("mixed-type-enums", mixed_enums),
    ("empty-schemas", empty_schemas),
    ("circular-schemas", circular_schemas),
    ("response-without-description", responses_without_description),
    ("other-version-exclusive-bounds", other_version_exclusive_bounds),
    ("unknown-formats", unknown_formats),
    ("undeclared-path-variables", undeclared_path_variables),
    ("wrong-typed-values", wrong_typed_values),
    ("library-names", library_names),
]


def generate(generator, spec, output):
    begin = time.time()
    run = subprocess.run([generator, "generate", spec, "--output", output, "--access-level", "public"],
                         capture_output=True, text=True)
    seconds = time.time() - begin
    summary = re.search(r"(\d+) operations generated, (\d+) skipped.*?; (\d+) warnings", run.stdout + run.stderr)
    if run.returncode != 0 or summary is None:
        return {"ok": False, "seconds": seconds, "error": (run.stderr or run.stdout).strip().splitlines()[-1:]}
    generated, skipped, warnings = map(int, summary.groups())
    return {"ok": True, "seconds": seconds, "generated": generated, "skipped": skipped, "warnings": warnings}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--generator", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--only-all", action="store_true", help="only each document with every kind at once (for the compile)")
    parser.add_argument("documents", nargs="+")
    arguments = parser.parse_args()
    os.makedirs(arguments.work, exist_ok=True)
    failures = 0
    rows = []
    print(f"{'document':32} {'kind':32} {'places':>6} {'ops':>5} {'skip':>5} {'warn':>5} {'s':>6}  result")
    for document in arguments.documents:
        name = os.path.splitext(os.path.basename(document))[0]
        original = load(document)
        spec = os.path.join(arguments.work, f"{name}-clean.json")
        with open(spec, "w") as handle:
            json.dump(original, handle, default=str)
        clean = generate(arguments.generator, spec, os.path.join(arguments.work, "out"))
        print(f"{name:32} {'(none)':32} {0:6} {clean.get('generated', 0):5} {clean.get('skipped', 0):5} {clean.get('warnings', 0):5} {clean['seconds']:6.1f}  {'read' if clean['ok'] else 'REFUSED ' + str(clean.get('error'))}")
        everything = copy.deepcopy(original)
        for kind, mutate in KINDS:
            mutate(everything)
            if arguments.only_all:
                continue
            mutated = copy.deepcopy(original)
            places = mutate(mutated)
            spec = os.path.join(arguments.work, f"{name}-{kind}.json")
            with open(spec, "w") as handle:
                json.dump(mutated, handle, default=str)
            result = generate(arguments.generator, spec, os.path.join(arguments.work, "out"))
            os.remove(spec)
            # What is valid in this version needs no warning: `nullable` in 3.0, `type` lists in 3.1,
            # empty schemas, mixed-type enums and names like the generated code's identifiers in both.
            is30 = str(original.get("openapi", "")).startswith("3.0")
            valid = {"nullable": is30, "type-lists": not is30, "empty-schemas": True, "mixed-type-enums": True, "library-names": True}.get(kind, False)
            ok = result["ok"] and (places == 0 or valid or result["warnings"] > clean.get("warnings", 0))
            failures += 0 if result["ok"] else 1
            status = "read" if result["ok"] else "REFUSED " + str(result.get("error"))
            if result["ok"] and not ok:
                status = "read, no new warning"
            rows.append((name, kind, result))
            print(f"{name:32} {kind:32} {places:6} {result.get('generated', 0):5} {result.get('skipped', 0):5} {result.get('warnings', 0):5} {result['seconds']:6.1f}  {status}", flush=True)
        spec = os.path.join(arguments.work, f"{name}-all.json")
        with open(spec, "w") as handle:
            json.dump(everything, handle, default=str)
        result = generate(arguments.generator, spec, os.path.join(arguments.work, "all", name))
        failures += 0 if result["ok"] else 1
        print(f"{name:32} {'(all kinds at once)':32} {'':6} {result.get('generated', 0):5} {result.get('skipped', 0):5} {result.get('warnings', 0):5} {result['seconds']:6.1f}  {'read' if result['ok'] else 'REFUSED ' + str(result.get('error'))}", flush=True)
    total = len(rows)
    read = sum(1 for _, _, result in rows if result["ok"])
    if arguments.only_all:
        print(f"\n{len(arguments.documents)} documents with every kind at once; {failures} refused")
    else:
        print(f"\n{read} of {total} mutated documents read ({len(arguments.documents)} documents x {len(KINDS)} kinds); {failures} refused")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
