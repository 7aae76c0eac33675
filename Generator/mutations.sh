#!/usr/bin/env bash
# The mutation test of bricks-openapi's tolerance (issue 41): every document of the shared set
# with each of 17 kinds of quirk injected (Generator/mutations.py: path parameters without
# `required`, parameter fields on headers, dangling `$ref`s in examples and schemas, bounds written
# as text, `type` lists in 3.0, `nullable` in 3.1, duplicate operationIds, mixed-type enums, empty
# and circular schemas, responses without description, the other version's exclusive bounds,
# unknown formats, path variables without a parameter, values of the wrong type, schemas and
# operations named like the generated code's identifiers: `Next`, `Session`, `Data`…) is generated;
# then each document with every kind at once is generated and compiled (debug, warnings as
# errors, one target per document). Not part of CI: the small documents of quirks
# (Tests/BricksOpenAPIGeneratorTests/Specs/quirks-3.*.yaml) are, through Generator/test.sh.
#
#   bash Generator/mutations.sh [--generator PATH] [--no-compile] [--only-all] [DOCUMENT...]
#
# --only-all: only each document with every kind at once, generated and compiled (the per-kind
# runs left out: a check of the output's compile after a change to the renderer).
#
# Default documents: /work/shared/specs (or BRICKS_SPECS) and its corpus/ folder.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
generator=""
compile=1
only_all=()
documents=()
while [ $# -gt 0 ]; do
    case "$1" in
        --generator) generator="$2"; shift 2 ;;
        --no-compile) compile=0; shift ;;
        --only-all) only_all=(--only-all); shift ;;
        *) documents+=("$1"); shift ;;
    esac
done
specs="${BRICKS_SPECS:-/work/shared/specs}"
if [ ${#documents[@]} -eq 0 ]; then
    for file in "$specs"/*.json "$specs"/*.yaml "$specs"/corpus/*.json "$specs"/corpus/*.yaml; do
        [ -f "$file" ] && documents+=("$file")
    done
fi
if [ -z "$generator" ]; then
    swift build --package-path "$here" -c release --product bricks-openapi --scratch-path "$here/.build-release"
    generator="$(swift build --package-path "$here" -c release --scratch-path "$here/.build-release" --show-bin-path)/bricks-openapi"
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/bricks-mutations.XXXXXX")"
trap 'rm -rf "$work"' EXIT
started=$(date +%s)

python3 "$here/mutations.py" --generator "$generator" --work "$work" "${only_all[@]}" "${documents[@]}"

if [ "$compile" = 1 ]; then
    printf '\n== compile each document with every kind at once (debug, warnings as errors)\n'
    mkdir -p "$work/pkg/Sources"
    targets=""
    for folder in "$work"/all/*; do
        name="Mutated$(basename "$folder" | tr -cd 'A-Za-z0-9')"
        mv "$folder" "$work/pkg/Sources/$name"
        targets+="        .target(name: \"$name\", dependencies: [bricks]),"$'\n'
    done
    cat > "$work/pkg/Package.swift" <<SWIFT
// swift-tools-version:6.2
import PackageDescription

let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
let package = Package(
    name: "Mutated",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Bricks", path: "$root")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
SWIFT
    begin=$(date +%s)
    swift build --package-path "$work/pkg" -Xswiftc -warnings-as-errors
    echo "   compiled $(ls "$work/pkg/Sources" | wc -l) mutated documents in $(( $(date +%s) - begin )) s"
fi
echo
echo "Generator/mutations.sh passed in $(( $(date +%s) - started )) s"
