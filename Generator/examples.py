#!/usr/bin/env python3
"""The helper of Generator/examples.sh: finds a document's examples, checks them against their
schemas, writes the Swift harness that decodes them with the generated types, and prints the table.

    python3 examples.py extract SPEC OUT.json          # the examples, each with its schema verdict
    python3 examples.py harness OUT.json SOURCES NAME MAIN.swift   # the harness over the generated code
    python3 examples.py report OUT.json RESULTS.txt NAME   # one document's row; its reasons on stderr
"""
import json
import re
import sys
from collections import Counter
from pathlib import Path

METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]


def load(path):
    text = Path(path).read_text()
    if path.endswith(".json"):
        return json.loads(text)
    import yaml

    return yaml.safe_load(text)


def pointer_get(document, ref):
    if not ref.startswith("#/"):
        return None
    node = document
    for part in ref[2:].split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit():
            node = node[int(part)]
        else:
            return None
    return node


def resolve(document, node, depth=0):
    """Follows `$ref`s (not into schemas) to the object they name."""
    while isinstance(node, dict) and "$ref" in node and depth < 20:
        node = pointer_get(document, node["$ref"])
        depth += 1
    return node


def is_json(media):
    media = media.split(";")[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


def is_form(media):
    return media.split(";")[0].strip().lower() == "application/x-www-form-urlencoded"


def component_name(schema):
    if isinstance(schema, dict) and isinstance(schema.get("$ref"), str):
        match = re.match(r"#/components/schemas/([^/]+)$", schema["$ref"])
        if match:
            return match.group(1)
    return None


def status_rank(status):
    """The generator's choice of the success response: the lowest 2xx, `2XX`, else `default`."""
    text = str(status)
    if text.isdigit() and 200 <= int(text) < 300:
        return int(text)
    if text.upper() == "2XX":
        return 299
    return None


def chosen_status(document, responses):
    best = None
    for status in responses:
        rank = status_rank(status)
        if rank is not None and (best is None or rank < best[0]):
            best = (rank, str(status))
    if best:
        return best[1]
    return "default" if "default" in responses else None


def is_error(status):
    text = str(status)
    return text == "default" or (text.isdigit() and int(text) >= 400) or text.upper() in ("4XX", "5XX")


def common_error(document):
    """The component the generator makes the API's error type (APITranslator.commonErrorType)."""
    counts = Counter()
    with_errors = 0
    for path, item in (document.get("paths") or {}).items():
        for method in METHODS:
            operation = (item or {}).get(method)
            if not isinstance(operation, dict):
                continue
            found = set()
            for status, response in (operation.get("responses") or {}).items():
                response = resolve(document, response)
                if not is_error(status) or not isinstance(response, dict):
                    continue
                for media, content in (response.get("content") or {}).items():
                    content = resolve(document, content) or {}
                    name = component_name(content.get("schema"))
                    if is_json(media) and name:
                        found.add(name)
            if found:
                with_errors += 1
            counts.update(found)
    if not counts:
        return None
    name, count = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0]
    return name if count * 2 > with_errors else None


# MARK: OpenAPI schema → JSON Schema


def to_json_schema(node, openapi30):
    """OpenAPI 3.0's dialect as JSON Schema: `nullable: true` adds "null" to `type` (and to `enum`),
    `exclusiveMinimum/Maximum: true` become numbers, `x-`/`discriminator`/`xml`/`example` are dropped."""
    if isinstance(node, list):
        return [to_json_schema(item, openapi30) for item in node]
    if not isinstance(node, dict):
        return node
    result = {}
    for key, value in node.items():
        if key in ("discriminator", "xml", "example", "externalDocs") or key.startswith("x-"):
            continue
        if key in ("properties", "patternProperties", "definitions", "$defs", "dependentSchemas"):
            result[key] = {name: to_json_schema(sub, openapi30) for name, sub in (value or {}).items()} if isinstance(value, dict) else value
        elif key in ("enum", "const", "examples", "default", "required"):
            result[key] = value
        else:
            result[key] = to_json_schema(value, openapi30)
    if openapi30:
        if result.pop("nullable", False) is True:
            if "type" in result:
                types = result["type"] if isinstance(result["type"], list) else [result["type"]]
                result["type"] = types + ["null"]
                if "enum" in result and None not in result["enum"]:
                    result["enum"] = result["enum"] + [None]
            elif "$ref" in result or "allOf" in result or "oneOf" in result or "anyOf" in result:
                result = {"anyOf": [{"type": "null"}, result]}
        for bound, exclusive in (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")):
            if result.get(exclusive) is True and bound in result:
                result[exclusive] = result.pop(bound)
            elif result.get(exclusive) is False:
                result.pop(exclusive)
    return result


def make_validator(document):
    try:
        import jsonschema
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
    except ImportError:
        return None
    openapi30 = str(document.get("openapi", "3.0")).startswith("3.0") or "swagger" in document
    root = {"components": to_json_schema(document.get("components") or {}, openapi30)}
    if "definitions" in document:
        root["definitions"] = to_json_schema(document["definitions"], openapi30)
    uri = "urn:document"
    registry = Registry().with_resource(uri, Resource(contents=root, specification=DRAFT202012))
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER

    def validate(schema):
        def run(value):
            converted = to_json_schema(schema, openapi30)
            wrapped = dict(converted) if isinstance(converted, dict) else converted
            if isinstance(wrapped, dict):
                wrapped["$id"] = uri + "#inline"
                wrapped = rebase(wrapped, uri)
            validator = jsonschema.Draft202012Validator(wrapped, registry=registry, format_checker=checker)
            errors = sorted(validator.iter_errors(value), key=lambda e: len(list(e.absolute_path)))
            if not errors:
                return None
            error = errors[0]
            where = "/".join(str(part) for part in error.absolute_path) or "(root)"
            return f"{where}: {error.message[:160]}"

        return run

    return validate


def rebase(node, uri):
    """Points local `$ref`s (`#/components/…`) at the registered document."""
    if isinstance(node, list):
        return [rebase(item, uri) for item in node]
    if not isinstance(node, dict):
        return node
    result = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str) and value.startswith("#/"):
            result[key] = uri + value
        elif key in ("enum", "const", "default", "examples"):
            result[key] = value
        else:
            result[key] = rebase(value, uri)
    return result


# MARK: extract


def same_schema(contents, chosen, media):
    """Whether `media` is the media type the generator takes its type from, or has the same schema."""
    if not chosen:
        return False
    if media == chosen[0]:
        return True
    first, other = contents[chosen[0]] or {}, contents[media] or {}
    return json.dumps(first.get("schema"), sort_keys=True) == json.dumps(other.get("schema"), sort_keys=True)


def extract(spec_path, out_path):
    document = load(spec_path)
    error_component = common_error(document)
    validate = make_validator(document)
    examples = []
    external = 0

    def add(operation_id, method, path, kind, status, media, content, generated):
        nonlocal external
        content = resolve(document, content) or {}
        schema = content.get("schema")
        found = []
        if "example" in content:
            found.append(("example", content["example"]))
        for key, example in (content.get("examples") or {}).items():
            example = resolve(document, example)
            if not isinstance(example, dict):
                continue
            if "externalValue" in example and "value" not in example:
                external += 1
                continue
            if "value" in example:
                found.append((key, example["value"]))
        for key, value in found:
            entry = {
                "id": f"{method.upper()} {path} {kind} {status} {media} {key}",
                "method": method.upper(), "path": path, "operationId": operation_id, "kind": kind,
                "status": status, "media": media, "example": key, "value": value, "generated": generated,
                "schema": schema,
            }
            if isinstance(value, str) and is_json(media) and not (isinstance(schema, dict) and resolve(document, schema).get("type") == "string"):
                # A JSON document given as text (YAML block scalars): decode it when it parses.
                try:
                    entry["value"] = json.loads(value)
                except ValueError:
                    pass
            if schema is not None and validate:
                try:
                    entry["schemaError"] = validate(schema)(entry["value"])
                except Exception as error:  # a schema the validator cannot read: no verdict
                    entry["schemaError"] = None
                    entry["validatorError"] = str(error)[:160]
            examples.append(entry)

    for path, item in (document.get("paths") or {}).items():
        item = resolve(document, item) or {}
        for method in METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            operation_id = operation.get("operationId", "")
            body = resolve(document, operation.get("requestBody"))
            if isinstance(body, dict):
                contents = body.get("content") or {}
                json_media = [m for m in contents if is_json(m)]
                form_media = [m for m in contents if is_form(m)]
                # The generator's body type comes from the first JSON media type, else the form one.
                chosen = json_media[:1] or form_media[:1]
                for media in contents:
                    if is_json(media) or is_form(media):
                        generated = "body" if same_schema(contents, chosen, media) else "media"
                        add(operation_id, method, path, "request", "", media, contents[media], generated)
            responses = operation.get("responses") or {}
            success = chosen_status(document, responses)
            for status, response in responses.items():
                response = resolve(document, response)
                if not isinstance(response, dict):
                    continue
                contents = response.get("content") or {}
                for media, content in contents.items():
                    if not is_json(media):
                        continue
                    if str(status) == success:
                        chosen = [m for m in contents if is_json(m)][:1]
                        generated = "response" if same_schema(contents, chosen, media) else "media"
                    elif is_error(status) and error_component and component_name((resolve(document, content) or {}).get("schema")) == error_component:
                        generated = "error"
                    else:
                        generated = "error-other" if is_error(status) else "status"
                    add(operation_id, method, path, "response", str(status), media, content, generated)
    Path(out_path).write_text(json.dumps({"spec": str(spec_path), "examples": examples, "external": external, "validator": validate is not None}))
    print(f"{len(examples)} examples ({external} externalValue skipped)", file=sys.stderr)


# MARK: harness


def operation_names(sources):
    """`METHOD /path` → (struct name, conformances), from the generated operations' doc comments."""
    names = {}
    pattern = re.compile(r"^\s*/// `([A-Z]+) ([^`]+)`.*\n(?:\s*///.*\n|\s*@available.*\n)*\s*(?:public |internal )?(?:nonisolated )?struct (\w+): ([^{]+)\{", re.M)
    for file in Path(sources).rglob("*.swift"):
        for match in pattern.finditer(file.read_text()):
            names[(match.group(1), match.group(2))] = (match.group(3), match.group(4))
    return names


def harness(out_path, sources, module, main_path):
    data = json.loads(Path(out_path).read_text())
    names = operation_names(sources)
    cases = {}
    for entry in data["examples"]:
        found = names.get((entry["method"], entry["path"]))
        reasons = {
            "media": "no generated type: another media type of the same body or status, with a schema of its own",
            "status": "no generated type: another success status than the one the endpoint decodes",
            "error-other": "no generated type: an error response whose schema is not the API's error type",
        }
        if entry["generated"] in reasons:
            entry["missing"] = reasons[entry["generated"]]
            continue
        if found is None:
            entry["missing"] = "operation not generated"
            continue
        struct, conformances = found
        if entry["generated"] == "body":
            if "JSONBodyRequestType" not in conformances and "FormURLEncodedBodyRequestType" not in conformances:
                entry["missing"] = "no body generated"
                continue
            expression = f"check(\\{module}.{struct}.body, data)"
        elif entry["generated"] == "response":
            if "JSONResponseType" not in conformances:
                entry["missing"] = "response not JSON in the generated code"
                continue
            expression = f"check({module}.{struct}.Response.self, data)"
        else:
            expression = f"check({module}.{struct}.APIError.self, data)"
        key = f"{struct} {entry['generated']}"
        cases[key] = expression
        entry["case"] = key
    Path(out_path).write_text(json.dumps(data))
    coding = module
    for file in Path(sources).glob("*.swift"):
        match = re.search(r"enum (\w+Coding) \{", file.read_text())
        if match:
            coding = match.group(1)
    lines = [
        "// Generated by Generator/examples.py: decodes each example with the generated type.",
        "import Foundation",
        f"import {module}",
        "",
        "struct Entry: Decodable { let id: String; let key: String; let json: String }",
        "",
        "/// Decodes, encodes, decodes again: `ok` and the first encoding when the two encodings are the same JSON.",
        "func check<T: Codable>(_ type: T.Type, _ data: Data) -> String {",
        f"    let decoder = {module}.{coding}.decoder",
        f"    let encoder = {module}.{coding}.encoder",
        "    let first: T",
        "    do { first = try decoder.decode(T.self, from: data) } catch { return \"failed\\tdecode: \" + describe(error) }",
        "    do {",
        "        let encoded = try encoder.encode(first)",
        "        let second = try decoder.decode(T.self, from: encoded)",
        "        let again = try encoder.encode(second)",
        "        if canonical(encoded) != canonical(again) { return \"failed\\tround trip: the second encoding differs\" }",
        "        return \"ok\\t\" + String(decoding: encoded, as: UTF8.self)",
        "    } catch { return \"failed\\tround trip: \" + describe(error) }",
        "}",
        "",
        "func check<R, T: Codable>(_ path: KeyPath<R, T>, _ data: Data) -> String { check(T.self, data) }",
        "",
        "func canonical(_ data: Data) -> Data? {",
        "    guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }",
        "    return try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])",
        "}",
        "",
        "func describe(_ error: any Error) -> String {",
        "    func path(_ context: DecodingError.Context) -> String {",
        "        let text = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: \".\")",
        "        return text.isEmpty ? \"(root)\" : text",
        "    }",
        "    switch error {",
        "    case DecodingError.typeMismatch(let type, let context): return \"type mismatch (\\(type)) at \\(path(context)): \\(context.debugDescription)\"",
        "    case DecodingError.valueNotFound(let type, let context): return \"null for \\(type) at \\(path(context)): \\(context.debugDescription)\"",
        "    case DecodingError.keyNotFound(let key, let context): return \"missing key \\(key.stringValue) at \\(path(context))\"",
        "    case DecodingError.dataCorrupted(let context): return \"data corrupted at \\(path(context)): \\(context.debugDescription)\"",
        "    default: return String(describing: error)",
        "    }",
        "}",
        "",
        "func run(_ key: String, _ data: Data) -> String {",
        "    switch key {",
    ]
    for key, expression in sorted(cases.items()):
        lines.append(f"    case {json.dumps(key)}: return {expression}")
    lines += [
        "    default: return \"failed\\tno case for \\(key)\"",
        "    }",
        "}",
        "",
        "let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))",
        "for entry in entries {",
        "    print(entry.id + \"\\t\" + run(entry.key, Data(entry.json.utf8)).replacingOccurrences(of: \"\\n\", with: \" \"))",
        "}",
        "",
    ]
    Path(main_path).write_text("\n".join(lines))
    entries = [{"id": e["id"], "key": e["case"], "json": json.dumps(e["value"])} for e in data["examples"] if "case" in e]
    Path(main_path).with_name("examples.json").write_text(json.dumps(entries))
    print(f"{len(cases)} cases, {len(entries)} examples to decode", file=sys.stderr)


# MARK: report


def leaf_paths(value, prefix=()):
    """The key paths of a JSON value that lead to something other than null."""
    if isinstance(value, dict):
        for key, item in value.items():
            if item is not None:
                yield prefix + (key,)
                yield from leaf_paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from leaf_paths(item, prefix + (index,))


def declared(document, schema, path):
    """Whether the schema names the last key of `path` as a property (not left to additionalProperties)."""
    schemas = [schema]
    for depth, part in enumerate(path):
        flat, seen = [], 0
        while schemas and seen < 200:
            node = resolve(document, schemas.pop())
            seen += 1
            if not isinstance(node, dict):
                continue
            flat.append(node)
            for combiner in ("allOf", "oneOf", "anyOf"):
                schemas.extend(node.get(combiner) or [])
        nxt = []
        for node in flat:
            if isinstance(part, int):
                if isinstance(node.get("items"), dict):
                    nxt.append(node["items"])
            elif part in (node.get("properties") or {}):
                nxt.append(node["properties"][part])
            elif isinstance(node.get("additionalProperties"), dict) and depth < len(path) - 1:
                nxt.append(node["additionalProperties"])
        if not nxt:
            return False
        schemas = nxt
    return True


def lost_keys(document, entry, encoded):
    """Key paths of the example, declared by its schema, that the first encoding no longer has."""
    try:
        encoding = json.loads(encoded)
    except ValueError:
        return []
    kept = set(leaf_paths(encoding))
    result = []
    for path in sorted({path for path in leaf_paths(entry["value"]) if path not in kept}, key=len):
        if any(path[: len(shorter)] == shorter for shorter in result):
            continue
        if entry.get("schema") is not None and declared(document, entry["schema"], path):
            result.append(path)
    return result


def reason_group(reason):
    text = re.sub(r"\b\d+\b", "N", reason)
    text = re.sub(r"at [^:]+:", "at …:", text)
    text = re.sub(r"missing key \S+ at \S+", "missing key", text)
    return text[:140]


def report(out_path, results_path, name):
    data = json.loads(Path(out_path).read_text())
    results = {}
    if Path(results_path).exists():
        for line in Path(results_path).read_text().splitlines():
            parts = line.split("\t")
            if len(parts) >= 2:
                results[parts[0]] = parts[1:]
    found = len(data["examples"])
    invalid = [e for e in data["examples"] if e.get("schemaError")]
    decoded, ours, theirs, missing = 0, Counter(), Counter(), Counter()
    failures = []
    document = load(data["spec"])
    lossy, dropped, lossy_list = 0, Counter(), []
    for entry in data["examples"]:
        if "missing" in entry:
            missing[entry["missing"]] += 1
            continue
        result = results.get(entry["id"])
        if result is None:
            missing["not run (the harness did not build or run)"] += 1
            continue
        if result[0] == "ok":
            decoded += 1
            lost = lost_keys(document, entry, result[1]) if len(result) > 1 else []
            if lost:
                lossy += 1
                where = ", ".join(".".join(str(p) for p in path) for path in lost[:3])
                dropped[re.sub(r"\b\d+\b", "N", where)[:140]] += 1
                lossy_list.append((entry["id"], where))
            continue
        reason = result[1] if len(result) > 1 else "?"
        if entry.get("schemaError"):
            theirs[reason_group(reason)] += 1
        else:
            ours[reason_group(reason)] += 1
            failures.append((entry["id"], reason))
    row = {
        "document": name, "found": found, "external": data["external"], "invalid": len(invalid),
        "decoded": decoded, "failedInvalid": sum(theirs.values()), "failedOurs": sum(ours.values()),
        "notGenerated": sum(missing.values()),
    }
    external = f" (+{data['external']} external)" if data["external"] else ""
    print(f"| {name} | {found}{external} | {len(invalid)} | {decoded} | {lossy} | {row['failedOurs']} | {row['failedInvalid']} | {row['notGenerated']} |")
    detail = [f"## {name}"]
    for label, counter in (("failed, schema-valid (ours)", ours), ("failed, schema-invalid (the document's)", theirs), ("not decoded", missing), ("decoded, but the encoding lacks declared keys", dropped)):
        for reason, count in counter.most_common():
            detail.append(f"  {label}: {count} × {reason}")
    for entry in invalid[:200]:
        detail.append(f"  schema-invalid: {entry['id']}: {entry['schemaError']}")
    for example_id, reason in failures:
        detail.append(f"  failed: {example_id}: {reason}")
    for example_id, where in lossy_list:
        detail.append(f"  lacks {where}: {example_id}")
    print("\n".join(detail), file=sys.stderr)


if __name__ == "__main__":
    command = sys.argv[1]
    if command == "extract":
        extract(sys.argv[2], sys.argv[3])
    elif command == "harness":
        harness(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
    elif command == "report":
        report(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(f"unknown command {command}")
