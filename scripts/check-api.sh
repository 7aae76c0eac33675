#!/usr/bin/env bash
# The public API of Bricks and BricksTesting against the one recorded in api/ (swift-api-digester's
# dumps of the release it describes): any break — a declaration removed, renamed, or changed in
# type or generic signature — fails, unless CHANGELOG.md names it in the "## Unreleased" section,
# under a heading "### API breaks", as the declaration the check prints (`RequestHead.url`,
# `Session.bytes(of:)`, `RequestType`), in backticks. Additions are never breaks, new enum cases included.
#
#   bash scripts/check-api.sh            # after a debug build (swift build / swift test)
#   bash scripts/check-api.sh --update   # records the current API as the baseline (at a release)
#
# Reads the modules of the debug build in .build (or $BRICKS_API_BUILD).
set -euo pipefail
cd "$(dirname "$0")/.."
modules="${BRICKS_API_BUILD:-.build}/debug/Modules"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

dump() {  # module, output file
  swift-api-digester -dump-sdk -module "$1" -o "$2" -I "$modules" -sdk / -target "$triple" -abort-on-module-fail
}

if [ "${1:-}" = "--update" ]; then
  mkdir -p api
  for module in Bricks BricksTesting; do dump "$module" "api/$module.json"; done
  echo "recorded the API of Bricks and BricksTesting in api/"
  exit 0
fi

# The declarations the Unreleased section names under "### API breaks".
named="$work/named.txt"
awk '/^## / { section = $0 } section == "## Unreleased" && /^### / { breaks = ($0 ~ /^### API breaks/) } breaks' \
  CHANGELOG.md | grep -o '`[^`]*`' | tr -d '`' | sort -u > "$named" || true

status=0
for module in Bricks BricksTesting; do
  dump "$module" "$work/$module.json"
  swift-api-digester -diagnose-sdk -input-paths "api/$module.json" -input-paths "$work/$module.json" \
    > "$work/$module.diff" 2>&1 || true
  # Each finding: "<Kind> <Declaration> <what changed>"; section headers are "/* … */".
  # A new enum case is an addition too: Bricks' enums are documented as growing (end a switch
  # with `default:`).
  breaks=$(grep -vE '^\s*$|^/\*|has been added as a new enum case$' "$work/$module.diff" || true)
  [ -z "$breaks" ] && { echo "$module: no API break against api/$module.json"; continue; }
  while IFS= read -r line; do
    declaration=$(awk '{print $2}' <<<"$line" | sed -E 's/\.(Get|Set|Modify)\(\)$//')
    if grep -qxF -- "$declaration" "$named"; then
      echo "$module: named in CHANGELOG.md: $line"
    else
      echo "$module: API break not named in CHANGELOG.md (### API breaks, \`$declaration\`): $line" >&2
      status=1
    fi
  done <<<"$breaks"
done
exit $status
