#!/usr/bin/env python3
"""The helper of Generator/fakes.sh: writes, into a module generated with `fake: true`, a file that
decodes the fake's default reply of every operation whose generated type reads JSON with the
generated type and the API's decoder (as the endpoint does), and prints what failed.

    python3 fakes.py harness SOURCES MODULE     # writes SOURCES/FakeReplyCheck.swift
"""
import re
import sys
from pathlib import Path


def harness(sources, module):
    sources = Path(sources)
    # The API's name (`--name MistralApi` gives `MistralFake`, `MistralCoding`).
    fake = next(sources.glob("*Fake.swift"))
    api = fake.stem[: -len("Fake")]
    # The JSON replies: an operation struct that adopts JSONResponseType.
    json_types = set()
    for path in sources.rglob("*.swift"):
        for match in re.finditer(r"^(?:public )?nonisolated struct (\w+): ([^{]*)\{", path.read_text(), re.M):
            # The bricks are written qualified (`Bricks.JSONResponseType`) since generated code names
            # every library type so.
            if "JSONResponseType" in [brick.strip().split(".")[-1] for brick in match.group(2).split(",")]:
                json_types.add(match.group(1))
    text = fake.read_text()
    names = re.findall(r'\{"n":"(\w+)"', re.search(r"static let tableText: Swift\.String = (#+)\"(.*)\"\1$", text, re.M).group(2))
    checked = [name for name in names if name in json_types]
    lines = [
        "// Written by Generator/fakes.py: the fake's reply of each JSON operation, decoded with its generated type.",
        "import Foundation",
        "",
        "/// Called through the protocol: the deprecated operations' types are named in a deprecated",
        "/// function (no warning), which a generic caller reaches without naming it deprecated.",
        f"public protocol {module}ReplyChecking {{",
        "    static func run() -> (operations: Int, checked: Int, failures: [String])",
        "}",
        "",
        f"public enum {module}FakeReplyCheck: {module}ReplyChecking {{",
        "    /// The operations of the table, those checked (JSON replies), and the failures (name: error).",
        "    @available(*, deprecated)",
        "    public static func run() -> (operations: Int, checked: Int, failures: [String]) {",
        f"        {'var' if checked else 'let'} failures: [String] = []",
        f"        let operations = {api}Fake.table.operations.count",
    ]
    for name in checked:
        lines.append(f"        if let failure = decode({name}.Response.self, {name!r}) {{ failures.append({name!r} + \": \" + failure) }}".replace("'", '"'))
    lines += [
        f"        return (operations, {len(checked)}, failures)",
        "    }",
        "",
        "    static func decode<Value: Decodable>(_ type: Value.Type, _ name: String) -> String? {",
        f"        guard let operation = {api}Fake.table.operations.first(where: {{ $0.name == name }}) else {{ return \"not in the table\" }}",
        "        guard let index = operation.reply(for: Int(operation.success) ?? 200)?.body else { return \"no body\" }",
        "        do {",
        f"            _ = try {api}Coding.decoder.decode(Value.self, from: Data({api}Fake.replyTexts[index].utf8))",
        "            return nil",
        "        } catch {",
        "            return \"\\(error)\"",
        "        }",
        "    }",
        "}",
        "",
    ]
    (sources / "FakeReplyCheck.swift").write_text("\n".join(lines))


if __name__ == "__main__":
    if sys.argv[1] == "harness":
        harness(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
