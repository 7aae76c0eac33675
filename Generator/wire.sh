#!/usr/bin/env bash
# Generated endpoints proven on the wire (issue 41): installs ChromaDB from PyPI into a venv, starts
# `chroma run` on 127.0.0.1, fetches the OpenAPI document from the running server, generates it
# with bricks-openapi, builds the result with a scenario program (Generator/Wire/ChromaScenario.swift:
# tenants, databases, collections, records with embeddings and metadata filters, nearest-neighbour
# queries, through the generated endpoints only) and runs it. Prints what the scenario counted:
# operations exercised of the document's, requests rejected as malformed, replies that failed to
# decode (the targets are 0). Not part of CI (see the figures in the issue's closing note).
#
#   bash Generator/wire.sh [--generator PATH]      # default: a debug build of bricks-openapi
#
# BRICKS_WIRE_VENV: the venv to use or make (default: ~/.cache/bricks-wire/venv).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
source "$root/scripts/wait-until.sh"
generator=""
if [ "${1:-}" = "--generator" ]; then generator="$2"; fi
work="$(mktemp -d "${TMPDIR:-/tmp}/bricks-wire.XXXXXX")"
chroma_pid=""
cleanup() {
    if [ -n "$chroma_pid" ]; then kill -TERM "$chroma_pid" 2>/dev/null || true; wait "$chroma_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
started=$(date +%s)
step() { printf '\n== %s\n' "$*"; }

step "ChromaDB from PyPI"
venv="${BRICKS_WIRE_VENV:-$HOME/.cache/bricks-wire/venv}"
if [ ! -x "$venv/bin/chroma" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "chromadb==1.5.9"
fi
"$venv/bin/pip" show chromadb | grep -E '^(Name|Version)'

step "start chroma on 127.0.0.1"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
# A configuration file, for `allow_reset` (the scenario ends with `reset`).
printf 'persist_path: "%s"\nallow_reset: true\nport: %s\nlisten_address: "127.0.0.1"\n' "$work/data" "$port" > "$work/chroma.yaml"
"$venv/bin/chroma" run "$work/chroma.yaml" > "$work/chroma.log" 2>&1 &
chroma_pid=$!
wait_until "chroma" "$chroma_pid" 900 "$work/chroma.log" -- curl -sf "http://127.0.0.1:$port/api/v2/heartbeat" -o /dev/null
url="http://127.0.0.1:$port"
curl -sf "$url/openapi.json" -o "$work/chroma-openapi.json"
operations=$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(sum(1 for i in d["paths"].values() for m in i if m in ("get", "put", "post", "delete", "patch", "head", "options", "trace")))' "$work/chroma-openapi.json")
echo "   $url serves OpenAPI $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["openapi"])' "$work/chroma-openapi.json") with $operations operations"

step "generate"
if [ -z "$generator" ]; then
    swift build --package-path "$here" --product bricks-openapi
    generator="$(swift build --package-path "$here" --show-bin-path)/bricks-openapi"
fi
mkdir -p "$work/pkg/Sources/ChromaWire"
# Two replies contradict ChromaDB's own document (1.5.9), read as JSONValue by configuration:
# `healthcheck` is declared a string and answers {"is_executor_ready":true,"is_log_client_ready":true};
# `list_databases` is declared `Vec`, the schema of a list of collections (two Rust `Vec`s under one
# name), and answers [{"id": …, "name": …, "tenant": …}], databases without `configuration_json`.
printf 'untypedReplies: [healthcheck, list_databases]\n' > "$work/chroma-config.yaml"
"$generator" generate "$work/chroma-openapi.json" --output "$work/pkg/Sources/Chroma" --name Chroma --access-level public \
    --config "$work/chroma-config.yaml"
cp "$here/Wire/ChromaScenario.swift" "$work/pkg/Sources/ChromaWire/main.swift"
cat > "$work/pkg/Package.swift" <<SWIFT
// swift-tools-version:6.2
import PackageDescription

let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
let package = Package(
    name: "Wire",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Bricks", path: "$root")],
    targets: [
        .target(name: "Chroma", dependencies: [bricks]),
        .executableTarget(name: "ChromaWire", dependencies: ["Chroma", bricks]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT

step "build (debug, warnings as errors)"
begin=$(date +%s)
swift build --package-path "$work/pkg" --scratch-path "${BRICKS_WIRE_BUILD:-$here/.build-wire}" -Xswiftc -warnings-as-errors
echo "   built in $(( $(date +%s) - begin )) s"

step "the scenario, through the generated endpoints"
CHROMA_URL="$url" CHROMA_OPERATIONS="$operations" \
    "$(swift build --package-path "$work/pkg" --scratch-path "${BRICKS_WIRE_BUILD:-$here/.build-wire}" --show-bin-path)/ChromaWire"
echo
echo "Generator/wire.sh passed in $(( $(date +%s) - started )) s"
