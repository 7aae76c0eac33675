#!/usr/bin/env bash
# The generator's CI: builds Generator/ once and runs its tests with warnings as errors, then
# generates GitHub's and Stripe's descriptions (and the spec of every construct) into a temporary
# package that depends on Bricks and on Generator by path, runs the command plugin there once
# (`swift package generate-bricks`, petstore 3.1 into a target), builds it once (debug, warnings as
# errors; a target of petstore 3.0 goes through the build-tool plugin), starts the local SSE
# server (scripts/sse.sh: its own, as the transport package's test.sh does, since the root's
# scripts/test.sh stops its server before calling this script) and runs the runtime tests of
# Generator/Tests/Runtime against the recorded GitHub exchanges and that server.
#
#   bash Generator/test.sh            # from the repository root, or from Generator/
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/bricks-openapi-test.XXXXXX")"
source "$root/scripts/sse.sh"
trap 'sse_stop; rm -rf "$work"' EXIT
started=$(date +%s)

step() { printf '\n== %s\n' "$*"; }
seconds() { echo $(( $(date +%s) - $1 )); }

step "build Generator and its tests (warnings as errors)"
swift build --package-path "$here" --scratch-path "$here/.build-ci" --build-tests -Xswiftc -warnings-as-errors

step "Generator tests"
swift test --package-path "$here" --scratch-path "$here/.build-ci" --skip-build

generator="$(swift build --package-path "$here" --scratch-path "$here/.build-ci" --show-bin-path -Xswiftc -warnings-as-errors)/bricks-openapi"

step "generate GitHub, Stripe and the constructs spec (public) into $work"
printf 'accessLevel: public\n' > "$work/config.yaml"
generate() {
    local spec="$1" name="$2"
    local begin; begin=$(date +%s)
    "$generator" generate "$spec" --output "$work/Sources/$name" --name "$name" --config "$work/config.yaml" --quiet
    echo "   ($name generated in $(seconds "$begin") s)"
}
generate "$here/Specs/github-api.json" GitHub
generate "$here/Specs/stripe-api.yaml" Stripe
generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/constructs.yaml" Constructs
mkdir -p "$work/Tests/RuntimeTests"
cp "$here/Tests/Runtime/"*.swift "$work/Tests/RuntimeTests/"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
let package = Package(
    name: "Generated",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Bricks", path: "$root"), .package(path: "$here")],
    targets: [
        .target(name: "GitHub", dependencies: [bricks]),
        .target(name: "Stripe", dependencies: [bricks]),
        .target(name: "Constructs", dependencies: [bricks]),
        .target(name: "PluginBuilt", dependencies: [bricks], plugins: [.plugin(name: "BricksOpenAPIPlugin", package: "Generator")]),
        .target(name: "PluginCommitted", dependencies: [bricks]),
        .testTarget(
            name: "RuntimeTests",
            dependencies: [
                "GitHub", "Stripe", "Constructs", "PluginBuilt", "PluginCommitted", bricks,
                .product(name: "BricksTesting", package: "Bricks"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
# The build-tool plugin's target: the document, its configuration, and one Swift file of its own
# (SwiftPM leaves out a target without sources before any plugin runs).
specs="$here/Tests/BricksOpenAPIGeneratorTests/Specs"
mkdir -p "$work/Sources/PluginBuilt" "$work/Sources/PluginCommitted"
cp "$specs/petstore-3.0.yaml" "$work/Sources/PluginBuilt/openapi.yaml"
printf 'name: PluginBuilt\naccessLevel: public\n' > "$work/Sources/PluginBuilt/bricks-openapi.yaml"
echo "// The endpoints are generated at build time from openapi.yaml." > "$work/Sources/PluginBuilt/PluginBuilt.swift"
echo "// swift package generate-bricks writes the endpoints beside this file." > "$work/Sources/PluginCommitted/PluginCommitted.swift"

step "the command plugin: swift package generate-bricks (petstore 3.1 into Sources/PluginCommitted)"
begin=$(date +%s)
swift package --package-path "$work" --allow-writing-to-package-directory generate-bricks \
    "$specs/petstore-3.1.json" --target PluginCommitted --name PluginCommitted --config config.yaml
for file in PluginCommittedAPI.swift Models/Models.swift Operations/Pets.swift; do
    test -s "$work/Sources/PluginCommitted/$file" || { echo "generate-bricks did not write $file" >&2; exit 1; }
done
echo "   (the plugin's tool built and run in $(seconds "$begin") s)"

step "build the generated code (debug, warnings as errors; PluginBuilt through the build-tool plugin)"
begin=$(date +%s)
swift build --package-path "$work" --build-tests -Xswiftc -warnings-as-errors
echo "   generated package built in $(seconds "$begin") s (Bricks, GitHub, Stripe, Constructs, the plugins' targets and the runtime tests)"
built=$(find "$work/.build/plugins/outputs" -path "*/PluginBuilt/*" -name BricksOpenAPIGenerated.swift)
test -n "$built" || { echo "the build-tool plugin wrote no BricksOpenAPIGenerated.swift for PluginBuilt" >&2; exit 1; }
echo "   the build-tool plugin wrote $(wc -l < "$built") lines: ${built#"$work/"}"

step "runtime tests of the generated code (the local SSE server started for the streaming one)"
sse_start
BRICKS_GITHUB_FIXTURES="$root/Tests/BricksTests/Fixtures/GitHub" swift test --package-path "$work" --skip-build

echo
echo "Generator/test.sh passed in $(seconds "$started") s"
