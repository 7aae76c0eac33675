#!/usr/bin/env bash
# Builds the DocC documentation of the Bricks and BricksTesting libraries with the toolchain's own
# `docc` (no swift-docc-plugin: the root package keeps zero dependencies), and fails on any docc
# warning and on any public symbol without a doc comment.
#
#   bash scripts/build-docs.sh                               # writes .build/docs/*.doccarchive
#   bash scripts/build-docs.sh -Xswiftc -warnings-as-errors  # extra arguments go to `swift build`
#   python3 -m http.server -d .build/docs/Combined.doccarchive  # then open localhost:8000/documentation/bricks
#
# Output: .build/docs/Bricks.doccarchive and BricksTesting.doccarchive, and Combined.doccarchive,
# both merged into one site (docc merge). Needs python3. Once the two modules are built it costs
# about 6 seconds of CPU (20-25 seconds of wall time on a busy 2-core machine, most of it docc
# writing and deleting the archives' ~2,000 files). A fresh build of the two modules adds about
# 20 seconds, which `swift test` then reuses when given the same flags (scripts/test.sh does).
#
# Steps:
# 1. `swift build --target BricksTesting` (which builds Bricks too) in the usual .build, with the
#    flags given: scripts/test.sh passes the ones of its `swift test`, so the modules built here
#    are the ones the tests reuse, and the symbol graphs cost no extra compilation.
# 2. swift-symbolgraph-extract reads the built modules into .build/docs/symbol-graphs/<Module>
#    (public symbols only; no synthesized members, no docs inherited from protocols; extension
#    blocks kept so that BricksTesting's extensions of Bricks and Foundation types get pages).
# 3. scripts/check-symbol-docs.py fails on any public symbol without a doc comment. It reads the
#    compiler's view of the API, a superset of what scripts/check-docs.py finds in the source text,
#    and replaces it in scripts/test.sh for the root package.
# 4. The catalogs are copied to .build/docs/catalogs with the guides of Docs/ added as articles
#    (scripts/docc-articles.py), then `docc convert --warnings-as-errors` builds Bricks, then
#    BricksTesting with Bricks as a dependency, so that BricksTesting can link to Bricks symbols
#    with absolute links such as ``/Bricks/Session`` (DocC's experimental external link support).
#    The count of warnings is printed; any warning fails the script.
#
# Why the guides are copied at build time instead of moved into Bricks.docc: Docs/*.md stays the
# single source of truth, and stays what GitHub shows. Its relative links ([Errors](Errors.md)),
# the README's links into Docs/, and the hidden `<!-- snippet: -->` blocks that
# scripts/check-doc-snippets.py compiles all keep working unchanged. Moved into the catalog, the
# guides would have to use `<doc:Errors>` links, which GitHub renders as plain text. The copy is
# made fresh on every run under .build (never committed), so it cannot drift; only the copy gets
# DocC's links and loses the snippet comments.
#
# Symbol-specific content lives in two places only, so renames in the API are quick to follow:
# the Topics of Sources/Bricks/Bricks.docc/Bricks.md and Sources/BricksTesting/BricksTesting.docc/
# BricksTesting.md. A renamed or removed symbol shows up here as a docc warning naming the line;
# a new symbol that nobody curates appears on its own under a default group, with no warning.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$SECONDS
out=.build/docs
graphs=$out/symbol-graphs
catalogs=$out/catalogs

if [ "$(uname)" = Darwin ]; then
  docc=${DOCC:-$(xcrun --find docc)}
  extract=$(xcrun --find swift-symbolgraph-extract)
  sdk=(-sdk "$(xcrun --show-sdk-path)")
else
  toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
  docc=${DOCC:-$toolchain/docc}
  extract=$toolchain/swift-symbolgraph-extract
  sdk=()
fi

echo "--- swift build --target BricksTesting $*"
swift build --target BricksTesting "$@"
modules=$(swift build --show-bin-path "$@")/Modules
triple=$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')

rm -rf "$graphs" "$catalogs"
for module in Bricks BricksTesting; do
  mkdir -p "$graphs/$module"
  "$extract" -module-name "$module" -target "$triple" "${sdk[@]}" -I "$modules" \
    -minimum-access-level public -skip-synthesized-members -skip-inherited-docs \
    -emit-extension-block-symbols -output-dir "$graphs/$module"
done

echo "--- every public symbol has a doc comment"
undocumented=0
python3 scripts/check-symbol-docs.py "$graphs/Bricks" "$graphs/BricksTesting" || undocumented=1

mkdir -p "$catalogs"
cp -R Sources/Bricks/Bricks.docc Sources/BricksTesting/BricksTesting.docc "$catalogs/"
# docc reports problems in the copies; its messages name the originals instead (same lines).
here=$(pwd -P)
originals=(-e "s#$here/$catalogs/Bricks.docc/Bricks.md#Sources/Bricks/Bricks.docc/Bricks.md#g"
  -e "s#$here/$catalogs/BricksTesting.docc/BricksTesting.md#Sources/BricksTesting/BricksTesting.docc/BricksTesting.md#g"
  -e "s#$here/##g")
articles=$(python3 scripts/docc-articles.py Docs "$catalogs/Bricks.docc" "$graphs/Bricks")
while IFS=$'\t' read -r copy guide; do
  originals=(-e "s#$here/$copy#$guide#g" "${originals[@]}")
done <<< "$articles"

# Runs docc convert for one module; prints its diagnostics one per line (file:line:col: error: …)
# and adds their number to $warnings.
warnings=0
convert() {
  local module=$1
  shift
  local diagnostics=$out/$module-diagnostics.json
  rm -rf "$out/$module.doccarchive" "$diagnostics"
  echo "--- docc convert $module"
  local status=0
  "$docc" convert "$catalogs/$module.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "dev.bricks.$module" \
    --output-path "$out/$module.doccarchive" \
    --warnings-as-errors --diagnostics-file "$diagnostics" \
    --enable-experimental-external-link-support "$@" > "$out/$module-docc.log" 2>&1 || status=$?
  sed "${originals[@]}" "$out/$module-docc.log"
  local count
  count=$(python3 -c 'import json, sys
print(sum(d["severity"] in ("warning", "error") for d in json.load(open(sys.argv[1]))["diagnostics"]))' "$diagnostics" 2>/dev/null \
    || echo 1)
  [ "$status" -eq 0 ] || [ "$count" -gt 0 ] || count=1  # docc failed without a diagnostic: still a failure
  warnings=$((warnings + count))
}
convert Bricks
if [ -d "$out/Bricks.doccarchive" ]; then
  convert BricksTesting --dependency "$out/Bricks.doccarchive"
else
  echo "--- docc convert BricksTesting: skipped, it needs the Bricks archive to link to Bricks"
fi

echo "docc: $warnings warnings ($((SECONDS - start))s)"
if [ "$warnings" -ne 0 ] || [ "$undocumented" -ne 0 ]; then
  [ "$warnings" -eq 0 ] || echo "the documentation has docc warnings (treated as errors)" >&2
  [ "$undocumented" -eq 0 ] || echo "some public symbols have no doc comment (listed above)" >&2
  exit 1
fi

# One site for both libraries, where BricksTesting's links to Bricks pages lead somewhere.
rm -rf "$out/Combined.doccarchive"
"$docc" merge "$out/Bricks.doccarchive" "$out/BricksTesting.doccarchive" \
  --synthesized-landing-page-name Bricks --output-path "$out/Combined.doccarchive"
echo "documentation: $out/Combined.doccarchive (both libraries; serve it with any static file server and"
echo "open /documentation/bricks), $out/Bricks.doccarchive, $out/BricksTesting.doccarchive"
