#!/usr/bin/env bash
# The fakes over the real-world set (issue 53): each document generated with `fake: true`, built
# (with the fake) against Bricks, and every operation's default reply decoded with its generated
# type and the API's decoder, as the endpoint decodes it. Prints one Markdown row per document:
# operations, replies from an example of the document, from a schema, JSON replies decoded, decode
# failures (goal 0; each printed below the table).
#
#   bash Generator/fakes.sh                          # every document of the set (long: GitHub and Stripe compile minutes each)
#   bash Generator/fakes.sh mistral-api asana-rest   # documents by file name, without extension
#
# Documents as in corpus.sh (CORPUS_SPECS to look elsewhere); the package in FAKES_WORK, its build in
# FAKES_SCRATCH (default: inside it; give another package's to reuse its Bricks). Warnings are errors.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
specs="${CORPUS_SPECS:-$root/../shared/specs}"
work="${FAKES_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/bricks-fakes.XXXXXX")}"
mkdir -p "$work/Sources"
scratch="${FAKES_SCRATCH:-$work/.build}"
echo "work folder: $work" >&2
source "$here/documents.sh"

printf 'accessLevel: public\nfake: true\n' > "$work/config.yaml"
targets=""
names=()
for spec in "${documents[@]}"; do
    name=$(module "$spec")
    names+=("$name")
    rm -rf "$work/Sources/$name" "$work/Sources/${name}Check"
    "$generator" generate "$spec" --output "$work/Sources/$name" --name "$name" --config "$work/config.yaml" \
        > "$work/$name.summary" 2>&1 || { echo "$name: generation failed" >&2; cat "$work/$name.summary" >&2; exit 1; }
    grep -o 'fake: [0-9]* replies from examples, [0-9]* from schemas' "$work/$name.summary" > "$work/$name.sources" || true
    python3 "$here/fakes.py" harness "$work/Sources/$name" "$name"
    mkdir -p "$work/Sources/${name}Check"
    cat > "$work/Sources/${name}Check/main.swift" <<SWIFT
import $name
func check<Checker: ${name}ReplyChecking>(_ checker: Checker.Type) -> (operations: Int, checked: Int, failures: [String]) { checker.run() }
let result = check(${name}FakeReplyCheck.self)
print("RESULT \(result.operations) \(result.checked) \(result.failures.count)")
for failure in result.failures { print("FAILURE " + failure) }
SWIFT
    targets+="        .target(name: \"$name\", dependencies: [bricks]),
        .executableTarget(name: \"${name}Check\", dependencies: [\"$name\"]),
"
done
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.2
import PackageDescription

let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
let package = Package(
    name: "Fakes",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Bricks", path: "$root")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
SWIFT
echo "| document | operations | from an example | from a schema | JSON replies decoded | decode failures |"
echo "|---|---:|---:|---:|---:|---:|"
for name in "${names[@]}"; do
    if ! swift build --package-path "$work" --scratch-path "$scratch" --product "${name}Check" -Xswiftc -warnings-as-errors > "$work/$name.build" 2>&1; then
        echo "| $name | build failed (see $work/$name.build) | | | | |"
        continue
    fi
    "$(swift build --package-path "$work" --scratch-path "$scratch" --show-bin-path)/${name}Check" > "$work/$name.out" 2>&1 || true
    read -r _ operations checked failed < <(grep '^RESULT' "$work/$name.out" || echo "RESULT ? ? ?")
    read -r examples schemas < <(sed -E 's/fake: ([0-9]+) replies from examples, ([0-9]+) from schemas/\1 \2/' "$work/$name.sources" 2>/dev/null || echo "? ?")
    echo "| $name | $operations | ${examples:-?} | ${schemas:-?} | $(( checked - failed )) of $checked | $failed |"
done
for name in "${names[@]}"; do
    grep '^FAILURE' "$work/$name.out" 2>/dev/null | sed "s/^FAILURE /  $name: /" | cut -c1-400 || true
done
