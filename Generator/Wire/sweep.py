#!/usr/bin/env python3
"""The schema-driven sweep of Generator/wire.sh (issue 41): writes a Swift file that calls every
generated operation of MODULE once, with values built from the server's own document.

    python3 sweep.py DOCUMENT.json GENERATED_DIR MODULE OUT.swift \
        ['{"values": {"parameter": value, ...}, "explained": {"operationId": "why", ...}}']

For each operation of the document it finds the generated endpoint (the `/// `METHOD /path``
comment above each generated struct) and its `init`, and fills every argument without a default:
a parameter of the document with its example, else its first enum value, else its default, else a
minimal valid value for its schema (string "x" or a formatted date/uuid, a number within its
bounds, false, an empty array/object, an object's required members only). A body is built the same
way. The optional last argument gives parameters values the document says only in words (or not
at all), and the operations whose 400/422 is explained as not the client's fault (the server's
state, configuration, or a rule its document contradicts); wire.sh quotes the reply for each. Each value is written as JSON and decoded into the generated type with the generated decoder,
so the sweep needs to know only the init's labels. Optional parameters and members are left out,
unless SWEEP_FULL is set: then every parameter and every member (three levels deep) is sent.

SWEEP_VARIANTS=1 sends each operation again for the other choices its request holds: call k (1, 2,
…) takes the k-th value of every enum and the k-th branch of every `anyOf`/`oneOf` it meets (modulo
their counts; an example or default gives way to the enum), in as many calls as the widest choice
met has (at most 16 an operation): every value and branch of a choice that is not inside another
one's branch is sent; one inside a branch gets the calls that take that branch.

An operation the emitter cannot map (no generated struct, an init label that names no parameter)
is not silently skipped: it is written as an `unmapped` line the Swift side counts and prints.
"""
import json
import os
import re
import sys
import uuid

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
# Every plain string: what the creates name their objects, and what the path parameters name.
NAME = "sweep1"
# The order of the calls, a setup step of sorts: creates (outermost first), then updates and reads,
# then deletes (innermost first).
# The most calls an operation gets in a variants sweep (an enum of 40 values: 16 of them).
MOST_VARIANTS = 16
RANK = {"post": 0, "put": 1, "patch": 2, "get": 3, "head": 3, "options": 3, "trace": 3, "delete": 4}


def order(entry):
    path, method = entry[0], entry[1]
    depth = path.count("/")
    return (RANK[method], -depth if method == "delete" else depth)


def normalize(name):
    return re.sub(r"[^a-z0-9]", "", name.lower())


class Values:
    def __init__(self, document, overrides, full=False):
        self.full = full
        self.document = document
        self.overrides = overrides
        # Which choice every enum and `anyOf`/`oneOf` takes (0: the first), and the most
        # alternatives one of them offered since `widest` was last reset.
        self.variant = 0
        self.widest = 1

    def choose(self, options):
        """The variant's pick of `options` (a non-empty list), noting how many there were."""
        self.widest = max(self.widest, len(options))
        return options[self.variant % len(options)]

    def resolve(self, schema):
        seen = 0
        while isinstance(schema, dict) and "$ref" in schema and seen < 50:
            ref = schema["$ref"]
            node = self.document
            for part in ref.lstrip("#/").split("/"):
                node = node.get(part.replace("~1", "/").replace("~0", "~"), {}) if isinstance(node, dict) else {}
            schema = node
            seen += 1
        return schema if isinstance(schema, dict) else {}

    def value(self, schema, depth=0):
        schema = self.resolve(schema)
        if depth > 12:
            return None
        choices = [e for e in schema.get("enum", []) if e is not None]
        if len(choices) > 1:
            self.widest = max(self.widest, len(choices))
        if self.variant and len(choices) > 1:
            return self.choose(choices)
        if "example" in schema and schema["example"] is not None:
            return schema["example"]
        examples = schema.get("examples")
        if isinstance(examples, list) and examples:
            return examples[0]
        if "const" in schema:
            return schema["const"]
        enum = [e for e in schema.get("enum", []) if e is not None]
        if enum:
            return enum[0]
        if schema.get("default") is not None:
            return schema["default"]
        for key in ("anyOf", "oneOf"):
            options = [self.resolve(o) for o in schema.get(key, [])]
            options = [o for o in options if o.get("type") != "null"]
            if options:
                return self.value(self.choose(options), depth + 1)
        if "allOf" in schema:
            merged = {"type": "object", "properties": {}, "required": []}
            for part in schema["allOf"]:
                part = self.resolve(part)
                if part.get("type") not in (None, "object") or ("properties" not in part and "allOf" not in part):
                    return self.value(part, depth + 1)
                merged["properties"].update(part.get("properties", {}))
                merged["required"] += part.get("required", [])
            return self.value(merged, depth + 1)
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), None)
        if kind is None and "properties" in schema:
            kind = "object"
        if kind == "string":
            form = schema.get("format")
            if form == "date-time":
                return "2026-01-01T00:00:00.000001Z"
            if form == "date":
                return "2026-01-01"
            if form == "uuid":
                return str(uuid.uuid4())
            if form in ("time-delta", "duration"):
                return "PT1S"
            # Not "x": servers name things with rules their documents do not state (ChromaDB: 3 to 512
            # characters of [a-zA-Z0-9._-]); a short word of letters and digits meets the usual ones.
            return NAME if len(NAME) >= schema.get("minLength", 0) else "x" * schema["minLength"]
        if kind in ("integer", "number"):
            low = schema.get("minimum")
            if low is None and isinstance(schema.get("exclusiveMinimum"), (int, float)):
                low = schema["exclusiveMinimum"] + 1
            high = schema.get("maximum")
            value = 1 if low is None else low
            if high is not None and value > high:
                value = high
            return int(value) if kind == "integer" else value
        if kind == "boolean":
            return False
        if kind == "array":
            count = schema.get("minItems", 0)
            return [self.value(schema.get("items", {}), depth + 1) for _ in range(count)]
        if kind == "object":
            properties = schema.get("properties", {})
            # Every member in a full sweep (down to a depth of 3), else the required ones.
            names = list(properties) if self.full and depth < 3 else schema.get("required", [])
            # Not an optional member that is any object (ChromaDB's `schema.cmek`, `{"type": ["object",
            # "null"]}`: the server reads an enum there and refuses `{}`, "expected value").
            names = [name for name in names if name in schema.get("required", []) or not self.shapeless(properties.get(name, {}))]
            return {name: self.value(properties.get(name, {}), depth + 1) for name in names}
        return {}

    def choice_count(self, schema):
        """How many values the schema itself chooses between: its enum's, or its union's branches."""
        schema = self.resolve(schema)
        counts = [len([e for e in schema.get("enum", []) if e is not None])]
        counts += [len([o for o in schema.get(key, []) if self.resolve(o).get("type") != "null"]) for key in ("anyOf", "oneOf")]
        return max(counts)

    def offers_choice(self, schema):
        """Whether the schema itself is an enum or a union of more than one value."""
        return self.choice_count(schema) > 1

    def shapeless(self, schema):
        schema = self.resolve(schema)
        kind = schema.get("type")
        kinds = kind if isinstance(kind, list) else [kind]
        return "object" in kinds and not schema.get("properties") and not isinstance(schema.get("additionalProperties"), dict)

    def is_id(self, parameter):
        """A path parameter naming an object by its id: a uuid, or a string the document calls a UUID
        only in words (ChromaDB's "Collection UUID": the server answers "Collection ID is not a valid
        UUIDv4" to anything else)."""
        schema = self.resolve(parameter.get("schema", {}))
        if parameter.get("in") != "path" or parameter.get("name") in self.overrides:
            return False
        if schema.get("format") == "uuid":
            return True
        return (schema.get("type") == "string" and normalize(parameter.get("name", "")).endswith("id")
                and "uuid" in parameter.get("description", "").lower())

    def parameter(self, parameter):
        schema = self.resolve(parameter.get("schema", {}))
        if parameter.get("name") in self.overrides:
            return self.overrides[parameter["name"]]
        plain = schema.get("type") == "string" and not {"format", "enum", "pattern"} & set(schema)
        if parameter.get("in") == "path" and plain:
            # A name in a path: the one the creates (sent first) gave their objects.
            return NAME
        if self.offers_choice(parameter.get("schema", {})):
            if self.variant:
                # The variant's choice where the schema offers one, rather than the one example.
                return self.value(parameter.get("schema", {}))
            self.widest = max(self.widest, self.choice_count(parameter.get("schema", {})))
        if "example" in parameter:
            return parameter["example"]
        examples = parameter.get("examples")
        if isinstance(examples, dict) and examples:
            first = self.resolve(next(iter(examples.values())))
            if "value" in first:
                return first["value"]
        return self.value(parameter.get("schema", {}))


def split_top(text):
    parts, depth, current, quote = [], 0, "", False
    for char in text:
        if char == '"':
            quote = not quote
        if not quote:
            if char in "([<":
                depth += 1
            elif char in ")]>":
                depth -= 1
            elif char == "," and depth == 0:
                parts.append(current.strip())
                current = ""
                continue
        current += char
    if current.strip():
        parts.append(current.strip())
    return parts


def generated_structs(directory):
    """(METHOD, path) -> (struct name, [(label, type, has default)])."""
    found = {}
    for folder, _, files in os.walk(directory):
        for file in files:
            if not file.endswith(".swift"):
                continue
            text = open(os.path.join(folder, file)).read()
            for match in re.finditer(r"^/// `([A-Z]+) (\S+)`.*\n((?:(?:///|@).*\n)*)public nonisolated struct (\w+)", text, re.M):
                method, path, attributes, name = match.groups()
                rest = text[match.end():]
                init = re.search(r"^    public init\(", rest, re.M)
                if init is None:
                    continue
                start = init.end()
                depth, end = 1, start
                while depth and end < len(rest):
                    depth += {"(": 1, ")": -1}.get(rest[end], 0)
                    end += 1
                arguments = []
                for part in split_top(rest[start:end - 1]):
                    label, _, kind = part.partition(":")
                    kind, _, default = kind.partition("=")
                    arguments.append((label.strip().strip("`"), kind.strip(), bool(default.strip())))
                found[(method, path)] = (name, arguments, "@available(*, deprecated" in attributes)
    return found


def swift_string(value):
    return '#"' + json.dumps(value) + '"#'


def main():
    document_path, generated, module, out = sys.argv[1:5]
    document = json.load(open(document_path))
    settings = json.loads(sys.argv[5]) if len(sys.argv) > 5 else {}
    values = Values(document, settings.get("values", {}), full=bool(os.environ.get("SWEEP_FULL")))
    variants = bool(os.environ.get("SWEEP_VARIANTS"))
    explained = settings.get("explained", {})
    structs = generated_structs(generated)
    lines = [
        "// Written by Generator/Wire/sweep.py from the server's document: one call per operation.",
        "import Bricks",
        f"import {module}",
        "import Foundation",
        "",
        "/// Decodes `json` into `type` with the generated decoder.",
        "func v<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {",
        f"    try {module}Coding.decoder.decode(T.self, from: Data(json.utf8))",
        "}",
        "",
        "let environment = ProcessInfo.processInfo.environment",
        "guard let url = environment[\"SWEEP_URL\"] else {",
        "    print(\"SWEEP_URL is not set\")",
        "    exit(2)",
        "}",
        f"{module}Coding.baseURL = url",
        "// A 503 tried again, as Prefect's own client does (its SQLite busy with the server's own services).",
        "let retry = RetryMiddleware(.init(maxAttempts: 5, baseDelay: .milliseconds(200), retryableStatusCodes: [503], retriesNonIdempotentRequests: true))",
        "let sweep = Sweep(session: Session(middleware: [retry]))",
        "await sweepAll(sweep)",
        f"exit(await sweep.summary(server: {json.dumps(module)}) ? 0 : 1)",
        "",
        "/// Every operation of the document, in its order.",
        "func sweepAll(_ sweep: Sweep) async {",
    ]
    extensions = []
    entries = [(path, method, operation, item.get("parameters", []))
               for path, item in document.get("paths", {}).items()
               for method, operation in item.items() if method in METHODS]
    for path, method, operation, shared in sorted(entries, key=order):
        name = operation.get("operationId", f"{method.upper()} {path}")
        found = structs.get((method.upper(), path))
        if found is None:
            lines.append(f"    await sweep.unmapped({json.dumps(name)}, \"no generated endpoint for {method.upper()} {path}\")")
            continue
        struct, arguments, deprecated = found
        parameters = {}
        for parameter in shared + operation.get("parameters", []):
            parameter = values.resolve(parameter)
            parameters[normalize(parameter.get("name", ""))] = parameter
        body_schema = None
        content = values.resolve(operation.get("requestBody", {})).get("content", {})
        if content:
            body_schema = next(iter(content.values())).get("schema", {})
        def arguments_for(variant):
            """The init's arguments for `variant` (0: the base call), or the reason none can be written."""
            values.variant = variant
            filled = []
            for label, kind, has_default in arguments:
                if has_default and (not values.full or label == "body" or normalize(label) not in parameters):
                    continue
                base = kind[:-1] if kind.endswith("?") else kind
                if label == "body" and body_schema is not None:
                    filled.append(f"{label}: try v({base}.self, {swift_string(values.value(body_schema))})")
                elif normalize(label) in parameters and values.is_id(parameters[normalize(label)]):
                    # The id of the object the create at the path before it made (the setup step), else a new one.
                    key = path.split("{" + parameters[normalize(label)]["name"] + "}")[0].rstrip("/")
                    fallback = swift_string(str(uuid.uuid4()))
                    filled.append(f"{label}: try v({base}.self, ids[{json.dumps(key)}].map {{ #\"\"\\#($0)\"\"# }} ?? {fallback})")
                elif normalize(label) in parameters:
                    value = values.parameter(parameters[normalize(label)])
                    filled.append(f"{label}: try v({base}.self, {swift_string(value)})")
                else:
                    return None, f"init label `{label}` names no parameter of {method.upper()} {path}"
            return filled, None

        values.widest = 1
        filled, problem = arguments_for(0)
        if problem:
            lines.append(f"    await sweep.unmapped({json.dumps(name)}, {json.dumps(problem)})")
            continue
        calls = [(0, filled)]
        # As many calls as the widest choice met so far, counting the choices each call reaches.
        variant = 1
        while variants and variant < min(values.widest, MOST_VARIANTS):
            calls.append((variant, arguments_for(variant)[0]))
            variant += 1
        values.variant = 0
        for variant, filled in calls:
            suffix = f"Variant{variant}" if variant else ""
            label = name + (f" ~{variant}" if variant else "")
            creates = json.dumps(path.rstrip("/")) if method == "post" else "nil"
            why = f", explained: {json.dumps(explained[name])}" if name in explained else ""
            call = f"await sweep.send({json.dumps(label)}, creates: {creates}{why}) {{ ids in try {struct}.swept{suffix}(ids) }}"
            if deprecated:
                # Called through a protocol, so that the program builds with warnings as errors.
                lines.append(f"    await (Deprecated{struct}{suffix}() as any DeprecatedSweep).run(sweep)")
                extensions.append(f"struct Deprecated{struct}{suffix}: DeprecatedSweep {{\n    @available(*, deprecated)\n"
                                  f"    func run(_ sweep: Sweep) async {{\n        {call}\n    }}\n}}")
            else:
                lines.append(f"    {call}")
            extensions.append(("@available(*, deprecated)\n" if deprecated else "") + f"extension {struct} {{\n    static func swept{suffix}(_ ids: [String: String]) throws -> {struct} {{\n"
                              f"        {struct}({', '.join(filled)})\n    }}\n}}")
    lines.append("}")
    lines.append("")
    lines += ["/// An operation the document marks deprecated.", "protocol DeprecatedSweep {",
              "    func run(_ sweep: Sweep) async", "}", ""] + extensions
    open(out, "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
