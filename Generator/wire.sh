#!/usr/bin/env bash
# Generated endpoints proven on the wire (issue 41), against three real servers built on different
# frameworks, each installed from PyPI into a venv and started on 127.0.0.1:
#
# - ChromaDB (Rust, axum; `chroma run`): its document at `/openapi.json`; the scenario
#   (Generator/Wire/ChromaScenario.swift) sends tenants, databases, collections, records with
#   embeddings and metadata filters, nearest-neighbour queries: all 35 operations; then again
#   against the generated fake (CHROMA_FAKE=1), which checks each of those requests against the
#   document (0 refused; the scenario sends the `x-chroma-token` the document asks for, which the
#   local server ignores) and catches five mutations of a valid one.
# - Prefect 3.9.1's server (Python, FastAPI; `prefect server start`, SQLite in a temporary
#   PREFECT_HOME, CSRF protection on so that its token operation answers): its document at
#   `/api/openapi.json`, whose server is the relative `/api`; the scenario
#   (Generator/Wire/PrefectScenario.swift) creates, reads, filters (on dates read back to the
#   microsecond), updates, pages and deletes flows, deployments, flow and task runs, logs,
#   artifacts, variables, work pools, blocks, automations and more: 187 of 188 operations (the
#   other one needs the internet); then again against the generated fake (PREFECT_FAKE=1), which
#   checks each of those requests against the document (the target: 0 refused) and must catch six
#   mutations of a valid one (the document declares no credentials: none is left out).
# - Label Studio 1.23.2 (Python, Django REST framework, drf-spectacular; `label-studio start`,
#   SQLite): its document at `/docs/api/schema/json/`, generated with Wire/labelstudio.overlay.yaml,
#   which fixes what the server does not do as the document says; the scenario
#   (Generator/Wire/LabelStudioScenario.swift) signs in with the generated `.token(_:)` credentials
#   and makes, reads, pages, updates, clears (`.null`) and deletes projects, tasks, annotations,
#   predictions, labels and their links, webhooks, Data Manager views and exports: 76 of 190
#   operations; then again against the generated fake (LABEL_STUDIO_FAKE=1), which checks each of
#   those requests against the document (0 refused) and catches five mutations of a valid one.
#   Not in a sweep (its requests carry no credentials).
#
# For each: the document is fetched from the running server, generated with bricks-openapi, built
# with its scenario (one package, debug, warnings as errors) and run; every call goes through a
# generated endpoint. Each scenario prints what it counted: operations exercised of the
# document's, requests rejected as malformed, replies that failed to decode (the targets are 0).
# Not part of CI (figures in Generator/Benchmarks.md).
#
# `sweep` runs the schema-driven sweep instead of the scenarios: Wire/sweep.py writes, from the
# fetched document and the generated sources, one call per operation with values built from the
# document (example, else first enum value, else default, else a minimal valid value; required
# parameters and members only), in a setup order (creates first, outermost first; deletes last),
# a path's names being the created ones and its ids the ones the creates answered; Wire/Sweep.swift
# sends each through the generated endpoint and prints a table: 2xx, 404/409 (state), 400/422 the
# client's fault (the target is 0), 400/422 explained here (each with the server's reply), other
# 4xx, 5xx, replies not decoded (target 0), requests not built, operations not mapped.
# Last run: ChromaDB 35 of 35 sent (24 2xx, 4 404, 0 malformed, 6 not implemented locally, 1 closed
# connection), Prefect 188 of 188 (114–116 2xx, 51–52 404/409, 0 malformed, 5 explained, 2 other
# 4xx, 14–15 5xx: the server's 503s vary), 0 replies not decoded; about 2 minutes for both. SWEEP_FULL=1 also sends every optional
# parameter and body member (three levels deep): 3 rejections left, rules between members that no
# schema states (Generator/Benchmarks.md). SWEEP_VARIANTS=1 sends each operation again for the other
# values of its enums and branches of its anyOf/oneOf (Wire/sweep.py): 0 rejections with the
# required members; with SWEEP_FULL=1 too, only those rules and one value format (an RRule).
#
#   bash Generator/wire.sh [sweep] [chroma|prefect|labelstudio|all] [--generator PATH]   # default: all; a debug build of bricks-openapi
#
# BRICKS_WIRE_VENV: ChromaDB's venv to use or make (default: ~/.cache/bricks-wire/venv).
# BRICKS_WIRE_PREFECT_VENV: Prefect's (default: ~/.cache/bricks-wire/prefect-venv; its own, the
# two pin different versions of shared dependencies). BRICKS_WIRE_LABEL_STUDIO_VENV: Label Studio's
# (default: ~/.cache/bricks-wire/label-studio-venv).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
source "$root/scripts/wait-until.sh"
servers="all"
generator=""
sweep=""
while [ $# -gt 0 ]; do
    case "$1" in
        chroma|prefect|labelstudio|all) servers="$1"; shift ;;
        sweep) sweep=1; shift ;;
        --generator) generator="$2"; shift 2 ;;
        *) echo "usage: bash Generator/wire.sh [sweep] [chroma|prefect|labelstudio|all] [--generator PATH]" >&2; exit 2 ;;
    esac
done
if [ "$servers" = "all" ]; then
    servers="chroma prefect labelstudio"
    if [ -n "$sweep" ]; then servers="chroma prefect"; fi
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/bricks-wire.XXXXXX")"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
started=$(date +%s)
step() { printf '\n== %s\n' "$*"; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
count_operations() {
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(sum(1 for i in d["paths"].values() for m in i if m in ("get", "put", "post", "delete", "patch", "head", "options", "trace")))' "$1"
}
openapi_version() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["openapi"])' "$1"; }

if [ -z "$generator" ]; then
    step "bricks-openapi (debug)"
    swift build --package-path "$here" --product bricks-openapi
    generator="$(swift build --package-path "$here" --show-bin-path)/bricks-openapi"
fi
targets=""
runs=()

# listen: a free port on 127.0.0.1 for the next server (sets `port`, `url` and `begin`).
listen() {
    port=$(free_port)
    url="http://127.0.0.1:$port"
    begin=$(date +%s)
}
# install VENV PACKAGE VERSION COMMAND: the venv, made with the package when COMMAND is not in it.
install() {
    if [ ! -x "$1/bin/$4" ]; then
        python3 -m venv "$1"
        "$1/bin/pip" install --quiet "$2==$3"
    fi
    "$1/bin/pip" show "$2" | grep -E '^(Name|Version)'
}
# fetch NAME URL PATH: the document the running server serves, counted (sets `operations`).
fetch() {
    curl -sf "$2$3" -o "$work/$1-openapi.json"
    operations=$(count_operations "$work/$1-openapi.json")
    echo "   $2 serves OpenAPI $(openapi_version "$work/$1-openapi.json") with $operations operations (up in $(( $(date +%s) - begin )) s)"
}
# scenario MODULE NAME: generates the document into MODULE with $work/NAME-config.yaml, and adds
# the module and its scenario (Wire/<MODULE>Scenario.swift and the shared Wire/Tally.swift), or in
# a sweep the program Wire/sweep.py writes from the document (with Wire/Sweep.swift).
scenario() {
    step "generate $1"
    "$generator" generate "$work/$2-openapi.json" --output "$work/pkg/Sources/$1" --name "$1" --access-level public \
        --config "$work/$2-config.yaml"
    if [ -n "$sweep" ]; then
        mkdir -p "$work/pkg/Sources/$1Sweep"
        python3 "$here/Wire/sweep.py" "$work/$2-openapi.json" "$work/pkg/Sources/$1" "$1" "$work/pkg/Sources/$1Sweep/main.swift" \
            "${sweep_settings:-"{}"}"
        cp "$here/Wire/Sweep.swift" "$work/pkg/Sources/$1Sweep/Sweep.swift"
        targets+="        .target(name: \"$1\", dependencies: [bricks]),
        .executableTarget(name: \"$1Sweep\", dependencies: [\"$1\", bricks]),
"
        return
    fi
    mkdir -p "$work/pkg/Sources/$1Wire"
    cp "$here/Wire/$1Scenario.swift" "$work/pkg/Sources/$1Wire/main.swift"
    cp "$here/Wire/Tally.swift" "$work/pkg/Sources/$1Wire/Tally.swift"
    targets+="        .target(name: \"$1\", dependencies: [bricks]),
        .executableTarget(name: \"$1Wire\", dependencies: [\"$1\", bricks]),
"
}

start_chroma() {
    step "ChromaDB from PyPI"
    local venv="${BRICKS_WIRE_VENV:-$HOME/.cache/bricks-wire/venv}"
    install "$venv" chromadb 1.5.9 chroma

    step "start chroma on 127.0.0.1"
    local port url
    listen
    # A configuration file, for `allow_reset` (the scenario ends with `reset`).
    printf 'persist_path: "%s"\nallow_reset: true\nport: %s\nlisten_address: "127.0.0.1"\n' "$work/chroma-data" "$port" > "$work/chroma.yaml"
    "$venv/bin/chroma" run "$work/chroma.yaml" > "$work/chroma.log" 2>&1 &
    pids+=($!)
    wait_until "chroma" "$!" 900 "$work/chroma.log" -- curl -sf "$url/api/v2/heartbeat" -o /dev/null
    fetch chroma "$url" /openapi.json
    # Two replies contradict ChromaDB's own document (1.5.9), read as JSONValue by configuration:
    # `healthcheck` is declared a string and answers {"is_executor_ready":true,"is_log_client_ready":true};
    # `list_databases` is declared `Vec`, the schema of a list of collections (two Rust `Vec`s under one
    # name), and answers [{"id": …, "name": …, "tenant": …}], databases without `configuration_json`.
    # With its fake (`fake: true`, not in a sweep): the scenario runs a second time against it.
    printf 'untypedReplies: [healthcheck, list_databases]\n' > "$work/chroma-config.yaml"
    if [ -z "$sweep" ]; then printf 'fake: true\n' >> "$work/chroma-config.yaml"; fi
    # The sweep's value for a parameter the document describes only as "Chroma Resource Name"; the
    # server answers 400 "CRN must be in the format <tenant_resource_name>:<database_name>:<collection_name>
    # with non-empty parts" to a plain word.
    local sweep_settings='{"values": {"crn": "sweep1:sweep1:sweep1"}}'
    scenario Chroma chroma
    if [ -n "$sweep" ]; then
        runs+=("ChromaSweep SWEEP_URL=$url")
    else
        runs+=("ChromaWire CHROMA_URL=$url CHROMA_OPERATIONS=$operations")
        runs+=("ChromaWire CHROMA_FAKE=1 CHROMA_URL=$url CHROMA_OPERATIONS=$operations")
    fi
}

start_prefect() {
    step "Prefect from PyPI"
    local venv="${BRICKS_WIRE_PREFECT_VENV:-$HOME/.cache/bricks-wire/prefect-venv}"
    install "$venv" prefect 3.9.1 prefect

    step "start prefect server on 127.0.0.1"
    local port url
    listen
    mkdir -p "$work/prefect-home"
    # CSRF protection on for the scenario (so that its token operation answers), off for the sweep
    # (whose requests carry no token).
    local csrf=true
    if [ -n "$sweep" ]; then csrf=false; fi
    PREFECT_HOME="$work/prefect-home" \
        PREFECT_API_DATABASE_CONNECTION_URL="sqlite+aiosqlite:///$work/prefect-home/prefect.db" \
        PREFECT_SERVER_ANALYTICS_ENABLED=false PREFECT_UI_ENABLED=false PREFECT_SERVER_API_CSRF_PROTECTION_ENABLED="$csrf" \
        "$venv/bin/prefect" server start --host 127.0.0.1 --port "$port" > "$work/prefect.log" 2>&1 &
    pids+=($!)
    wait_until "prefect" "$!" 1800 "$work/prefect.log" -- curl -sf "$url/api/health" -o /dev/null
    fetch prefect "$url" /api/openapi.json
    # The document's server is `/api`, relative: appended to the running server's address.
    # `download_logs` is declared `application/json` (any value) and answers `text/csv`
    # ("timestamp,level,flow_run_id,task_run_id,message\n2026-…"): read as text by configuration.
    # With its fake (`fake: true`, not in a sweep): the scenario runs a second time against it.
    printf 'baseURL: %s\ntextReplies: [download_logs_flow_runs__id__logs_download_get]\n' "$url" > "$work/prefect-config.yaml"
    if [ -z "$sweep" ]; then printf 'fake: true\n' >> "$work/prefect-config.yaml"; fi
    # The sweep's value for the optional header `x-prefect-api-version` (sent in a full sweep), a plain
    # string in the document: "Invalid X-PREFECT-API-VERSION header format.Expected header in format
    # 'x.y.z' but received sweep1" (0.8.4: the server's SERVER_API_VERSION). The sweep's 422s that are
    # not the client's fault, each with the server's reply.
    local sweep_settings='{"values": {"x-prefect-api-version": "0.8.4"}, "explained": {
        "create_csrf_token_csrf_token_get": "configuration: {\"detail\":\"CSRF protection is disabled.\"} (off for the sweep, whose requests carry no token)",
        "bulk_increment_active_slots_v2_concurrency_limits_increment_post": "state: {\"detail\":\"Slots requested is greater than the limit\"} (the limit the sweep made is 0)",
        "bulk_increment_active_slots_with_lease_v2_concurrency_limits_increment_with_lease_post": "state: {\"detail\":\"Slots requested is greater than the limit\"} (as above)",
        "read_dashboard_task_run_counts_ui_task_runs_dashboard_counts_post": "the document contradicted: task_runs.start_time is optional there, {\"detail\":\"task_runs.start_time.after_ is required\"}",
        "create_block_document_block_documents__post": "a rule the document does not state: name is optional there, \"Names must be provided for block documents\" unless is_anonymous"}}'
    scenario Prefect prefect
    if [ -n "$sweep" ]; then
        runs+=("PrefectSweep SWEEP_URL=$url/api")
    else
        runs+=("PrefectWire PREFECT_URL=$url PREFECT_OPERATIONS=$operations")
        runs+=("PrefectWire PREFECT_FAKE=1 PREFECT_URL=$url PREFECT_OPERATIONS=$operations")
    fi
}

start_labelstudio() {
    if [ -n "$sweep" ]; then
        echo "the sweep sends no credentials: Label Studio's operations all need its token (run its scenario instead)" >&2
        exit 2
    fi
    step "Label Studio from PyPI"
    local venv="${BRICKS_WIRE_LABEL_STUDIO_VENV:-$HOME/.cache/bricks-wire/label-studio-venv}"
    install "$venv" label-studio 1.23.2 label-studio

    step "start label-studio on 127.0.0.1"
    local port url token
    listen
    token="$(python3 -c 'import secrets; print(secrets.token_hex(20))')"
    mkdir -p "$work/label-studio"
    # SQLite in the run's folder; webhooks may name 127.0.0.1 (SSRF protection off: the scenario's
    # hook is a closed local port); nothing sent to PyPI or Sentry.
    local settings=(LABEL_STUDIO_BASE_DATA_DIR="$work/label-studio" DJANGO_DB=sqlite SSRF_PROTECTION_ENABLED=false
        LATEST_VERSION_CHECK=false COLLECT_ANALYTICS=false SENTRY_DSN= FRONTEND_SENTRY_DSN=)
    env "${settings[@]}" "$venv/bin/label-studio" start --internal-host 127.0.0.1 --port "$port" --no-browser \
        --username wire@example.com --password "wire-$token" --user-token "$token" > "$work/label-studio.log" 2>&1 &
    pids+=($!)
    wait_until "label-studio" "$!" 6000 "$work/label-studio.log" -- curl -sf "$url/health" -o /dev/null
    # The token the start command made is a "legacy" one, off by default since 1.17: turned on for
    # the organization (the other way in is a JWT refresh token, which only the web UI hands out).
    echo "from jwt_auth.models import JWTSettings; JWTSettings.objects.update(legacy_api_tokens_enabled=True)" \
        | env "${settings[@]}" "$venv/bin/label-studio" shell > "$work/label-studio-shell.log" 2>&1
    fetch labelstudio "$url" /docs/api/schema/json/
    # The document's server is empty: the base URL by configuration. What the server does not do as
    # its document says is fixed by an overlay (Wire/labelstudio.overlay.yaml), never by editing it.
    # With its fake (`fake: true`): the scenario runs a second time against it, no server, which
    # checks every request as the server would (0 refused is the target) and must catch five
    # mutations of a valid one.
    printf 'baseURL: %s\noverlays: [%s]\nfake: true\n' "$url" "$here/Wire/labelstudio.overlay.yaml" > "$work/labelstudio-config.yaml"
    scenario LabelStudio labelstudio
    runs+=("LabelStudioWire LABEL_STUDIO_TOKEN=$token LABEL_STUDIO_OPERATIONS=$operations")
    runs+=("LabelStudioWire LABEL_STUDIO_FAKE=1 LABEL_STUDIO_TOKEN=$token LABEL_STUDIO_OPERATIONS=$operations")
}

for server in $servers; do "start_$server"; done

cat > "$work/pkg/Package.swift" <<SWIFT
// swift-tools-version:6.2
import PackageDescription

let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
let package = Package(
    name: "Wire",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Bricks", path: "$root")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
SWIFT

step "build (debug, warnings as errors)"
scratch="${BRICKS_WIRE_BUILD:-$here/.build-wire}"
begin=$(date +%s)
swift build --package-path "$work/pkg" --scratch-path "$scratch" -Xswiftc -warnings-as-errors
echo "   built in $(( $(date +%s) - begin )) s"
bin="$(swift build --package-path "$work/pkg" --scratch-path "$scratch" --show-bin-path)"

status=0
for run in "${runs[@]}"; do
    read -r program settings <<< "$run"
    step "the $program scenario, through the generated endpoints"
    # shellcheck disable=SC2086  # the settings are NAME=value words
    env $settings "$bin/$program" || status=1
done
echo
if [ $status -eq 0 ]; then
    echo "Generator/wire.sh ($servers) passed in $(( $(date +%s) - started )) s"
else
    echo "Generator/wire.sh ($servers) FAILED in $(( $(date +%s) - started )) s"
fi
exit $status
