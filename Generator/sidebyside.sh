#!/usr/bin/env bash
# Side by side: Apple's swift-openapi-generator 1.14.3 on the documents of corpus.sh, for comparison with
# bricks-openapi. Steps:
#   1. builds the official command-line tool (release) in a scratch package, $work/tool;
#   2. generates each document (generate: [types, client], accessModifier: public) into $work/out/<Name>,
#      timing it under /usr/bin/time -v;
#   3. compiles each output that was not refused and has at most 200,000 lines (GitHub and Stripe are
#      above) against OpenAPIRuntime 1.13.4 in $work/build (Swift 6 language mode, debug), twice: a plain
#      target and an app target (default isolation MainActor, NonisolatedNonsendingByDefault,
#      InferIsolatedConformances), smallest output first, each `swift build --target X` alone under
#      /usr/bin/time -v and `timeout 1500`, after OpenAPIRuntime alone.
# Everything runs under `nice -n 10`, one build at a time. Prints two Markdown tables, one row per document:
# generation (as each document is done), then compile (as each target pair is done).
#
#   bash Generator/sidebyside.sh                              # the whole set: 14 documents
#   bash Generator/sidebyside.sh spotify-web-api mistral-api  # documents by file name, without extension
#   SIDEBYSIDE_COMPILE=no bash Generator/sidebyside.sh        # steps 1 and 2 only
#
# Time on two shared cores (run of 2026-11-26, load 2 to 7): the tool's release build about 4 minutes (once;
# later runs reuse it), generation under 20 seconds per document (about a minute for all 14), the compiles
# from 15 seconds to about 7 minutes per target (28 minutes for the 18 targets); about 35 minutes in all.
# Documents: ../shared/specs (beside the repository; SIDEBYSIDE_SPECS to look elsewhere).
# Scratch: /tmp/official (SIDEBYSIDE_WORK). Logs of each step: $work/logs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
specs="$(realpath "${SIDEBYSIDE_SPECS:-$root/../shared/specs}")"
work="${SIDEBYSIDE_WORK:-/tmp/official}"
compile="${SIDEBYSIDE_COMPILE:-yes}"
limit=200000
mkdir -p "$work/tool/Sources/Dummy" "$work/build" "$work/out" "$work/logs"
logs="$work/logs"

# The documents, as corpus.sh and examples.sh pick them (without building bricks-openapi).
documents_only=yes
source "$here/documents.sh"

# Figures from a /usr/bin/time -v log: wall seconds, user+sys seconds, peak resident memory in MiB.
wall() { awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.1f", s }' "$1"; }
cpu() { awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.1f", u + s }' "$1"; }
peak() { awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$1"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }

# 1. The official tool.
cat > "$work/tool/Package.swift" <<'EOF'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "tool",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: [
        .target(name: "Dummy", dependencies: [.product(name: "swift-openapi-generator", package: "swift-openapi-generator")]),
    ]
)
EOF
echo 'public let dummy = 0' > "$work/tool/Sources/Dummy/Dummy.swift"
echo "building swift-openapi-generator 1.14.3 (release), load $(load)" >&2
nice -n 10 /usr/bin/time -v swift build --package-path "$work/tool" -c release --product swift-openapi-generator >"$logs/tool.log" 2>&1 \
    || { tail -20 "$logs/tool.log" >&2; exit 1; }
echo "  $(wall "$logs/tool.log") s wall, $(cpu "$logs/tool.log") s CPU" >&2
tool="$(swift build --package-path "$work/tool" -c release --show-bin-path)/swift-openapi-generator"
printf 'generate:\n  - types\n  - client\naccessModifier: public\n' > "$work/openapi-generator-config.yaml"

# 2. Generation.
echo
echo "| Document | Refused? | Lines | Warnings | Time (s) | Peak (MiB) | Load |"
echo "|---|---|---:|---:|---:|---:|---|"
declare -A lines
for spec in "${documents[@]}"; do
    name=$(module "$spec")
    out="$work/out/$name"
    rm -rf "$out" && mkdir -p "$out"
    before=$(load)
    if nice -n 10 /usr/bin/time -v "$tool" generate "$spec" --config "$work/openapi-generator-config.yaml" \
        --output-directory "$out" >"$logs/$name.generate.log" 2>&1; then
        count=$(cat "$out"/*.swift | wc -l)
        lines[$name]=$count
        # One warning a line ("warning: ..."); by kind (quoted names and context elided) in $logs/<Name>.warning-kinds.
        warnings=$(grep -c 'warning: ' "$logs/$name.generate.log" || true)
        sed 's/<none>warning: /<none>\nwarning: /' "$logs/$name.generate.log" | grep '^warning: ' \
            | sed -E 's/^warning: //; s/\[context.*//; s/`[^`]*`/`…`/g; s/"[^"]*"/"…"/g; s/\[[^]]*\]/[…]/g' \
            | cut -c1-150 | sort | uniq -c | sort -rn >"$logs/$name.warning-kinds" || true
        refused="no"
    else
        first=$(grep -m1 'error: ' "$logs/$name.generate.log" | sed 's/^.*error: //' | cut -c1-300 | tr '|' '/' || true)
        refused="yes: ${first:-$(head -1 "$logs/$name.generate.log")}"
        count="–"; warnings="–"
    fi
    echo "| $(basename "$spec") | $refused | $count | $warnings | $(wall "$logs/$name.generate.log") | $(peak "$logs/$name.generate.log") | $before |"
done

[ "$compile" = "yes" ] || exit 0

# 3. Compile, smallest output first.
order=()
while read -r count name; do order+=("$name"); done < <(for name in "${!lines[@]}"; do echo "${lines[$name]} $name"; done | sort -n)
targets=""
for name in "${order[@]}"; do
    [ "${lines[$name]}" -le $limit ] || continue
    for kind in Plain App; do
        rm -rf "$work/build/Sources/$name$kind" && mkdir -p "$work/build/Sources/$name$kind"
        cp "$work/out/$name"/*.swift "$work/build/Sources/$name$kind/"
    done
    targets+="        .target(name: \"${name}Plain\", dependencies: [runtime]),
        .target(name: \"${name}App\", dependencies: [runtime], swiftSettings: app),
"
done
cat > "$work/build/Package.swift" <<EOF
// swift-tools-version:6.2
import PackageDescription

let runtime: Target.Dependency = .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")
let app: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "build",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
EOF
echo "building OpenAPIRuntime (debug), load $(load)" >&2
nice -n 10 swift build --package-path "$work/build" --target OpenAPIRuntime >"$logs/runtime.log" 2>&1 \
    || { tail -20 "$logs/runtime.log" >&2; exit 1; }

# One target: "result | wall | CPU | peak | load before".
measure() {
    local target=$1 log="$logs/$1.build.log" before result warns
    before=$(load)
    local rc=0
    nice -n 10 /usr/bin/time -v timeout 1500 swift build --package-path "$work/build" --target "$target" >"$log" 2>&1 || rc=$?
    if [ $rc -eq 0 ]; then
        result="passes"
    elif [ $rc -eq 124 ]; then
        result="timed out (1500 s)"
    else
        # swift build repeats a diagnostic once per file of the batch: distinct ones are counted.
        result="fails: $(grep ': error: ' "$log" | sort -u | wc -l) errors, first: $(grep -m1 ': error: ' "$log" | sed 's/^.*error: //' | cut -c1-200 | tr '|' '/')"
        grep ': error: ' "$log" | sort -u | sed -E "s/^[^:]*:[0-9]+:[0-9]+: error: //; s/'[^']*'/…/g" \
            | sort | uniq -c | sort -rn >"$logs/$target.error-kinds" || true
    fi
    warns=$(grep ': warning: ' "$log" | sort -u | wc -l)
    [ "$warns" -eq 0 ] || result+=" ($warns warnings)"
    echo "$result | $(wall "$log") | $(cpu "$log") | $(peak "$log") | $before"
}
echo
echo "| Document | Lines | Plain | Wall (s) | CPU (s) | Peak (MiB) | Load | App | Wall (s) | CPU (s) | Peak (MiB) | Load |"
echo "|---|---:|---|---:|---:|---:|---|---|---:|---:|---:|---|"
for name in "${order[@]}"; do
    if [ "${lines[$name]}" -gt $limit ]; then
        echo "| $name | ${lines[$name]} | not compiled here (above $limit lines) | | | | | | | | | |"
        continue
    fi
    echo "| $name | ${lines[$name]} | $(measure "${name}Plain") | $(measure "${name}App") |"
done
