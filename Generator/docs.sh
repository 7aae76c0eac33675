#!/usr/bin/env bash
# Docs/OpenAPI.md's examples, compiled against what bricks-openapi generates. The page names the
# modules its examples call (`<!-- snippets: generated modules … -->`); this script generates each
# from a document kept in the repository (the petstore the page starts from, and the small
# documents of Generator/Tests/DocExamples, written for the page), compiles each module against
# Bricks (type-checked whole, warnings as errors, then its interface emitted) and runs
# scripts/check-doc-snippets.py on the page with them: every Swift block of the page, in a plain
# target and in an app target (default isolation MainActor, NonisolatedNonsendingByDefault,
# InferIsolatedConformances). Generator/test.sh runs it once it has built its package.
#
#   bash Generator/docs.sh [BUILD_PATH]   # BUILD_PATH: where Bricks' modules are (default: the
#                                         # repository's .build/debug: `swift build` first)
# BRICKS_OPENAPI: the generator to run (default: Generator's debug build, as Generator/test.sh makes it).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
build="${1:-$root/.build/debug}"
generator="${BRICKS_OPENAPI:-$(swift build --package-path "$here" --scratch-path "$here/.build-ci" --show-bin-path -Xswiftc -warnings-as-errors)/bricks-openapi}"
test -x "$generator" || { echo "docs.sh: no generator at $generator (swift build --package-path Generator --scratch-path Generator/.build-ci first)" >&2; exit 1; }
test -e "$build/Modules/Bricks.swiftmodule" || { echo "docs.sh: no Bricks module in $build/Modules (swift build first)" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/bricks-openapi-docs.XXXXXX")"
trap 'rm -rf "$work"' EXIT
started=$(date +%s)
examples="$here/Tests/DocExamples"

# module, document, configuration (none: -)
modules=(
    "Pets $here/Tests/BricksOpenAPIGeneratorTests/Specs/petstore-3.0.yaml -"
    "GitHub $examples/github.yaml -"
    "Chroma $examples/chroma.yaml $examples/chroma-config.yaml"
    "Prefect $examples/prefect.yaml $examples/prefect-config.yaml"
    "OpenAI $examples/openai.yaml -"
    "Shop $examples/shop.yaml $examples/shop-config.yaml"
    "Studio $here/Tests/BricksOpenAPIGeneratorTests/Specs/replies.yaml -"
)
page="$root/Docs/OpenAPI.md"
named=$(sed -n 's/^<!-- snippets: generated modules \(.*\) -->$/\1/p' "$page")
for entry in "${modules[@]}"; do
    read -r name spec config <<< "$entry"
    case " $named " in *" $name "*) ;; *) echo "docs.sh: $page does not name the module $name" >&2; exit 1 ;; esac
    options=(--output "$work/Sources/$name" --name "$name" --quiet)
    if [ "$config" != - ]; then options+=(--config "$config"); fi
    "$generator" generate "$spec" "${options[@]}"
done
test "$(echo "$named" | wc -w)" -eq "${#modules[@]}" || { echo "docs.sh: $page names modules this script does not generate: $named" >&2; exit 1; }

# Each module type-checked whole (emitting the interface alone skips function bodies), then its
# interface emitted: the page's blocks are type-checked against it, no code is generated.
mkdir -p "$work/Modules"
compile() {
    local name="$1"
    local files; files=$(find "$work/Sources/$name" -name '*.swift' | sort)
    # shellcheck disable=SC2086
    swiftc -swift-version 6 -parse-as-library -warnings-as-errors -module-name "$name" -I "$build/Modules" \
        -typecheck $files
    # shellcheck disable=SC2086
    swiftc -swift-version 6 -parse-as-library -module-name "$name" -I "$build/Modules" \
        -emit-module -emit-module-path "$work/Modules/$name.swiftmodule" $files
}
pids=()
for entry in "${modules[@]}"; do
    read -r name _ <<< "$entry"
    compile "$name" & pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done

python3 "$root/scripts/check-doc-snippets.py" --build-path "$build" --generated "$work/Modules" "$page"
echo "   Docs/OpenAPI.md's examples generated and compiled in $(( $(date +%s) - started )) s"
