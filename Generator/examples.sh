#!/usr/bin/env bash
# The documents' own examples against the generated types: every JSON example of a response or a
# request body (media-type `example`, `examples` and the `components/examples` they name; an
# `externalValue` is skipped and counted) is checked against its schema with a JSON Schema
# validator (Python's jsonschema; OpenAPI 3.0's `nullable` and boolean exclusive bounds translated,
# formats asserted), then decoded with the generated type, encoded, decoded again and the two
# encodings compared. Prints one row per document: examples found, schema-invalid (the document's
# bugs), decoded, of them those whose encoding lost keys the example has and the schema declares,
# failed though schema-valid (ours), failed and schema-invalid, not decoded (no
# generated type: a second success status, an error schema that is not the API's error type, a
# body the generator leaves out); the reasons, grouped, go to <work>/<Name>.reasons.
#
#   bash Generator/examples.sh                                 # every document (long: GitHub alone compiles ~2 min)
#   bash Generator/examples.sh twilio-messaging-v1 adyen-checkout-v72   # documents by file name, without extension
#
# Documents as in corpus.sh (CORPUS_SPECS to look elsewhere). One executable per document reads its
# examples from a JSON file at run time and decodes through a `switch` over (operation, kind) → type,
# with <Name>Coding.decoder and .encoder, the coders the generated endpoints use.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
specs="${CORPUS_SPECS:-$root/../shared/specs}"
work="${EXAMPLES_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/bricks-examples.XXXXXX")}"
mkdir -p "$work"
echo "work folder: $work" >&2
helper="$here/examples.py"
python3 -c 'import jsonschema, yaml' 2>/dev/null || {
    # Python's jsonschema and PyYAML into a virtual environment beside the scratch path.
    venv="$here/.build-examples-venv"
    [ -x "$venv/bin/python3" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet jsonschema pyyaml; }
    PATH="$venv/bin:$PATH"
}

source "$here/documents.sh"

printf 'accessLevel: public\n' > "$work/config.yaml"
targets=""
built=()
for spec in "${documents[@]}"; do
    name=$(module "$spec")
    echo "== $name" >&2
    python3 "$helper" extract "$spec" "$work/$name.examples.json"
    rm -rf "$work/Sources/$name" "$work/Sources/${name}Examples"
    if ! "$generator" generate "$spec" --output "$work/Sources/$name" --name "$name" --config "$work/config.yaml" --quiet >&2 2>"$work/$name.warnings"; then
        echo "   the generator refused $name" >&2
        continue
    fi
    mkdir -p "$work/Sources/${name}Examples"
    python3 "$helper" harness "$work/$name.examples.json" "$work/Sources/$name" "$name" "$work/Sources/${name}Examples/main.swift"
    mv "$work/Sources/${name}Examples/examples.json" "$work/$name.decode.json"
    targets+=$'\n'"        .target(name: \"$name\", dependencies: [bricks]),"
    targets+=$'\n'"        .executableTarget(name: \"${name}Examples\", dependencies: [\"$name\"]),"
    built+=("$name")
done

cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.2
import PackageDescription

let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
let package = Package(
    name: "Examples",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Bricks", path: "$root")],
    targets: [$targets
    ],
    swiftLanguageModes: [.v6]
)
SWIFT

rows=()
for name in "${built[@]}"; do
    echo "== build and run ${name}Examples" >&2
    : > "$work/$name.results"
    if [ "$(cat "$work/$name.decode.json")" = "[]" ]; then
        echo "   no example to decode: not built" >&2
    elif swift build --package-path "$work" --product "${name}Examples" >"$work/$name.build" 2>&1; then
        "$(swift build --package-path "$work" --show-bin-path)/${name}Examples" "$work/$name.decode.json" >"$work/$name.results" || true
    else
        echo "   the harness did not build: $work/$name.build" >&2
    fi
    rows+=("$(python3 "$helper" report "$work/$name.examples.json" "$work/$name.results" "$name" 2>"$work/$name.reasons")")
    grep -E '^  (failed, schema-valid|not decoded)' "$work/$name.reasons" | head -8 >&2 || true
done

echo
echo "| Document | Examples | Schema-invalid (document's) | Decoded | Of them, encoding lacks declared keys | Failed, schema-valid (ours) | Failed, schema-invalid | Not decoded (no generated type) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for row in "${rows[@]}"; do
    echo "$row"
done
echo
echo "reasons: $work/<Name>.reasons"
