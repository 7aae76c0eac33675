#!/usr/bin/env bash
# Generation time of bricks-openapi, release build: every document of the shared set as it is, with
# every schema inlined (no `$ref`: Generator/reshape.py --inline), and with its paths two and four
# times over (--copies), so that MB/s across the columns shows whether the time grows with the
# document alone. Prints a Markdown table (CPU = user + sys seconds; MB = 10^6 bytes; peak = the
# largest resident set, /usr/bin/time). Not part of CI: Generator/Benchmarks.md holds its figures.
#
#   bash Generator/generation-time.sh [--generator PATH] [DOCUMENT-NAME...]   # e.g. stripe-api discord-api
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
specs="${BRICKS_SPECS:-/work/shared/specs}"
generator=""
if [ "${1:-}" = --generator ]; then generator="$2"; shift 2; fi
if [ -z "$generator" ]; then
    swift build --package-path "$here" -c release --product bricks-openapi --scratch-path "$here/.build-release" >&2
    generator="$(swift build --package-path "$here" -c release --scratch-path "$here/.build-release" --show-bin-path)/bricks-openapi"
fi
documents_only=yes
source "$here/documents.sh"
work="$(mktemp -d "${TMPDIR:-/tmp}/bricks-generation-time.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# One generation: "MB CPU wall peak-MiB MB/s operations" of the document $1.
measure() {
    local document="$1" out="$work/out"
    rm -rf "$out"
    local summary
    summary=$(/usr/bin/time -o "$work/time" -f "%U %S %e %M" "$generator" generate "$document" --output "$out" --quiet 2>&1)
    local operations; operations=$(echo "$summary" | grep -oE '[0-9]+ operations generated' | grep -oE '^[0-9]+' || echo "?")
    local times; times=$(tail -1 "$work/time")
    local bytes; bytes=$(stat -c %s "$document")
    echo "$bytes $times $operations" | awk '{ cpu = $2 + $3; printf "%.2f | %.2f | %.2f | %d | %.2f | %s", $1 / 1e6, cpu, $4, $5 / 1024, $1 / 1e6 / (cpu > 0 ? cpu : 0.01), $6 }'
}

echo "| Document | shape | MB | CPU s | wall s | peak MiB | MB/s (CPU) | operations |"
echo "|---|---|---|---|---|---|---|---|"
for document in "${documents[@]}"; do
    name=$(basename "$document" | sed -E 's/\.(json|yaml|yml)$//')
    echo "| $name | as published | $(measure "$document") |"
    if python3 "$here/reshape.py" "$document" "$work/inlined.json" --inline 2>"$work/why"; then
        echo "| $name | every schema inlined | $(measure "$work/inlined.json") |"
    else
        echo "| $name | every schema inlined | not made: $(sed 's/^reshape.py: //' "$work/why") | | | | | |"
    fi
    for copies in 2 4; do
        python3 "$here/reshape.py" "$document" "$work/copies.json" --copies "$copies"
        echo "| $name | paths × $copies | $(measure "$work/copies.json") |"
    done
done
