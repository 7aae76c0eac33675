#!/usr/bin/env bash
# The real-world set: generates every document (public) and builds each output twice, in a plain
# target and in an app target (default isolation MainActor, NonisolatedNonsendingByDefault,
# InferIsolatedConformances), debug, warnings as errors. Prints one row per document: operations,
# skipped operations, warnings, lines, generation time, then compile time and peak memory (the
# largest process of the build, /usr/bin/time -v's "Maximum resident set size") per target.
#
#   bash Generator/corpus.sh                      # the whole set (about an hour on two cores)
#   bash Generator/corpus.sh spotify-web-api mistral-api      # documents by file name, without extension
#   bash Generator/corpus.sh ~/specs/*.json       # documents anywhere, by path
#   BRICKS_OPENAPI=PATH bash Generator/corpus.sh  # that build of the generator, none built
#   CORPUS_BUILD=none bash Generator/corpus.sh    # generation only (plain|app|both: which targets; default both)
#
# Documents: ../shared/specs/corpus/* (beside the repository), github-api.json, stripe-api.yaml and
# openai-api.json (CORPUS_SPECS to look elsewhere). Uses the debug build of the generator in Generator/.build-ci
# (built if needed; the same as Generator/test.sh's), so generation times are a debug build's.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
specs="${CORPUS_SPECS:-$root/../shared/specs}"
mode="${CORPUS_BUILD:-both}"
work="${CORPUS_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/bricks-corpus.XXXXXX")}"
mkdir -p "$work"
echo "work folder: $work" >&2

source "$here/documents.sh"

mkdir -p "$work/Sources/Warmup"
echo "import Bricks" > "$work/Sources/Warmup/Warmup.swift"
targets='        .target(name: "Warmup", dependencies: [bricks]),'
declare -A rows names taken
# A module name per document, made unique (3.0/json/petstore.json and 3.1/json/petstore.json).
for spec in "${documents[@]}"; do
    name=$(module "$spec")
    count=1
    while [ -n "${taken[$name]:-}" ]; do count=$((count + 1)); name="$(module "$spec")$count"; done
    taken[$name]=1
    names[$spec]=$name
done
for spec in "${documents[@]}"; do
    name=${names[$spec]}
    rm -rf "$work/Sources/$name" "$work/Sources/${name}App"
    begin=$(date +%s.%N)
    # The warnings (one a line) go to $work/<Name>.warnings.
    if ! summary=$("$generator" generate "$spec" --output "$work/Sources/$name" --name "$name" --access-level public 2>"$work/$name.warnings"); then
        rows[$name]="| $(basename "$spec") | refused: $(tail -c 300 "$work/$name.warnings" | tr '\n|' '  ') |"
        continue
    fi
    seconds=$(echo "$(date +%s.%N) - $begin" | bc)
    cp -R "$work/Sources/$name" "$work/Sources/${name}App"
    operations=$(echo "$summary" | sed -nE '1s/^bricks-openapi: ([0-9]+) operations generated.*/\1/p')
    skipped=$(echo "$summary" | sed -nE '1s/.*generated, ([0-9]+) skipped;.*/\1/p' | head -1)
    warnings=$(echo "$summary" | sed -nE '1s/.*; ([0-9]+) warnings$/\1/p')
    lines=$(cat "$work/Sources/$name"/*.swift "$work/Sources/$name"/*/*.swift | wc -l)
    rows[$name]="| $(basename "$spec") | $operations | $skipped | $warnings | $lines | $(printf '%.1f' "$seconds") s |"
    targets+=$'\n'"        .target(name: \"$name\", dependencies: [bricks]),"
    targets+=$'\n'"        .target(name: \"${name}App\", dependencies: [bricks], swiftSettings: app),"
done

cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.2
import PackageDescription

let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
/// An app target's settings (Xcode 26's defaults for a new app).
let app: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]
let package = Package(
    name: "Corpus",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Bricks", path: "$root")],
    targets: [
$targets
    ],
    swiftLanguageModes: [.v6]
)
SWIFT

# One target at a time, Bricks built first, so that each figure is one document's.
compile() {
    local target="$1"
    local log="$work/$target.build"
    local begin; begin=$(date +%s.%N)
    if /usr/bin/time -v swift build --package-path "$work" --target "$target" -Xswiftc -warnings-as-errors >"$log" 2>&1; then
        local seconds; seconds=$(echo "$(date +%s.%N) - $begin" | bc)
        local kib; kib=$(sed -nE 's/.*Maximum resident set size \(kbytes\): ([0-9]+)/\1/p' "$log")
        printf '%.0f s, %d MiB' "$seconds" $((kib / 1024))
    else
        echo "FAILED ($(grep -c 'error:' "$log") errors, $log)"
    fi
}
if [ "$mode" != none ]; then
    swift build --package-path "$work" --target Warmup >&2
fi

echo
echo "| Document | Operations | Skipped | Warnings | Lines | Generation (debug build) | Plain target: compile, peak memory | App target: compile, peak memory |"
echo "|---|---:|---:|---:|---:|---:|---|---|"
for spec in "${documents[@]}"; do
    name=${names[$spec]}
    row="${rows[$name]}"
    if [[ "$row" == *refused* ]] || [ "$mode" = none ]; then
        echo "$row"
        continue
    fi
    plain="not built"
    application="not built"
    if [ "$mode" = both ] || [ "$mode" = plain ]; then plain=$(compile "$name"); fi
    if [ "$mode" = both ] || [ "$mode" = app ]; then application=$(compile "${name}App"); fi
    echo "$row $plain | $application |"
done
