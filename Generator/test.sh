#!/usr/bin/env bash
# The generator's CI: builds Generator/ once and runs its tests with warnings as errors, then
# generates GitHub's, Stripe's and Spotify's descriptions (and the spec of every construct, once more
# with its models in a module of their own, `--models-module`, both in app targets; a FastAPI
# application's shapes, Flows, the two documents of quirks, Quirks30 and Quirks31, and every parameter style, Styles) into a temporary
# package that depends on Bricks and on Generator by path (Spotify in an app target: default
# isolation MainActor, NonisolatedNonsendingByDefault, InferIsolatedConformances), runs the command
# plugin there twice (`swift package generate-bricks`, petstore 3.1 into a target, petstore 3.0 into
# an empty app target), builds it once (debug, warnings as
# errors; a target of petstore 3.0 goes through the build-tool plugin; a document of schemas named
# like the identifiers the output uses, Names, in a plain and an app target beside types of those names), starts the local SSE
# server (scripts/sse.sh: its own, as the transport package's test.sh does, since the root's
# scripts/test.sh stops its server before calling this script) and runs the runtime tests of
# Generator/Tests/Runtime against the recorded GitHub exchanges and that server, and those of
# Generator/Tests/RuntimeTwoModules against the two-module output. Between the build and those tests,
# Generator/docs.sh compiles the Swift blocks of Docs/OpenAPI.md (plain and app target) against the
# modules it generates from Generator/Tests/DocExamples, with the Bricks modules of that build.
#
#   bash Generator/test.sh            # from the repository root, or from Generator/
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/bricks-openapi-test.XXXXXX")"
source "$root/scripts/sse.sh"
trap 'sse_stop; rm -rf "$work" "$here/.build-ci/plugins/outputs/$(basename "$work" | tr "[:upper:]" "[:lower:]")"' EXIT
started=$(date +%s)

step() { printf '\n== %s\n' "$*"; }
seconds() { echo $(( $(date +%s) - $1 )); }

step "build Generator and its tests (warnings as errors)"
swift build --package-path "$here" --scratch-path "$here/.build-ci" --build-tests -Xswiftc -warnings-as-errors

step "Generator tests (RealSpecTests left out: the same checks run below on the generated GitHub and Stripe)"
swift test --package-path "$here" --scratch-path "$here/.build-ci" --skip-build --skip RealSpecTests

generator="$(swift build --package-path "$here" --scratch-path "$here/.build-ci" --show-bin-path -Xswiftc -warnings-as-errors)/bricks-openapi"
# The temporary package below builds in the same folder: OpenAPIKit, Yams and ArgumentParser, which
# its plugins need, are then built once (their objects are the same, a dependency in both graphs).
scratch="$here/.build-ci"

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
generate "$here/Specs/spotify-web-api.yaml" SpotifyApp
# A FastAPI application's shapes (trailing slashes, a 422-only error type, dates with microseconds),
# named by configuration; and one of each kind of quirk real documents have (ToleranceTests).
printf 'accessLevel: public\nnames:\n  create_flow_flows__post: CreateFlow\n  read_flows_flows__get: ReadFlows\n  read_flow_flows__flow_id__get: ReadFlow\n' > "$work/flows.yaml"
"$generator" generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/flows.yaml" --output "$work/Sources/Flows" --name Flows --config "$work/flows.yaml" --quiet
generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/quirks-3.0.yaml" Quirks30
generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/quirks-3.1.yaml" Quirks31
# A server that contradicts its document, fixed by an OpenAPI Overlay (issue 55: `avatar` made nullable).
"$generator" generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/avatars.yaml" --output "$work/Sources/Avatars" --name Avatars \
    --overlay "$here/Tests/BricksOpenAPIGeneratorTests/Specs/avatars.overlay.yaml" --config "$work/config.yaml" --quiet
# Every parameter style (path simple/label/matrix, headers, query form/delimited/deepObject; values, lists, objects).
generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/styles.yaml" Styles
# Label Studio's shapes (issue 55): a 204 with JSON, a download without content, null sent on purpose, a reply that contradicts its document.
generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/replies.yaml" Replies
# Schemas, operations and parameters named like the identifiers the generated code uses (issue 54:
# Intercom's schema `Next`), in a plain and an app target, each beside a file that declares every
# such name the generator renamed: what the output takes from Swift, Foundation and Bricks is
# written qualified, so neither a model nor a type of the app's own hides it.
generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/names.yaml" Names
generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/names.yaml" NamesApp
# Every construct, beside types named like all of those identifiers (an app's own, in its target).
generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/constructs.yaml" ConstructsShadowed
for target in Names NamesApp ConstructsShadowed; do
    python3 "$here/shadows.py" "$here/Tests/BricksOpenAPIGeneratorTests/Specs/names.yaml" "$work/Sources/$target" \
        > "$work/Sources/$target/Shadows.swift"
done
# A fake beside the endpoints (`fake: true`, issue 53): its replies, checks and steering (FakeTests).
printf 'accessLevel: public\nname: PetShop\nfake: true\n' > "$work/fakes.yaml"
"$generator" generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/fakes.yaml" --output "$work/Sources/FakePets" --config "$work/fakes.yaml" --quiet
test -s "$work/Sources/FakePets/PetShopFake.swift" || { echo "fake: true wrote no PetShopFake.swift" >&2; exit 1; }
cp "$here/Tests/FakeApp/PetsModel.swift" "$work/Sources/FakePets/"
# The constructs again with the models in a module of their own (beside, by default), both in app targets.
"$generator" generate "$here/Tests/BricksOpenAPIGeneratorTests/Specs/constructs.yaml" --output "$work/Sources/ConstructsSplit" \
    --name ConstructsSplit --models-module ConstructsSplitModels --config "$work/config.yaml" --quiet
test -s "$work/Sources/ConstructsSplitModels/ConstructsSplitCoding.swift" || { echo "--models-module wrote no models' module" >&2; exit 1; }
# What RealSpecTests checks, on these files (they are the same as the tests' but public).
expect() { grep -rqF -- "$2" "$work/Sources/$1" || { echo "the generated $1 lacks: $2" >&2; exit 1; }; }
expect GitHub "public nonisolated protocol GitHubAPI: Bricks.BaseURLRequestType where APIError == BasicError {}"
expect GitHub "public nonisolated struct IssuesListForRepo: GitHubAPI, Bricks.GETRequestType, Bricks.LinkHeaderPaginatedRequestType, Bricks.JSONResponseType, Swift.Sendable {"
expect GitHub "private var _assignee: Indirect<NullableSimpleUser?> = Indirect(wrappedValue: nil)"
expect Stripe "public nonisolated struct GetCustomers: StripeAPI, Bricks.GETRequestType, Bricks.CursorPaginatedRequestType, Bricks.JSONResponseType, Swift.Sendable {"
expect Stripe "public var cursorParameter: Swift.String { \"starting_after\" }"
expect Stripe "public var created: Created? = nil"
for api in GitHub Stripe; do
    longest=$(find "$work/Sources/$api" -name '*.swift' -exec wc -l {} + | grep -v ' total$' | sort -n | tail -1 | awk '{ print $1 }')
    test "$longest" -le 5000 || { echo "a generated $api file has $longest lines (more than 5,000)" >&2; exit 1; }
done
# Stripe: at most a quarter of swift-openapi-generator's 371,285 lines (Benchmarks.md).
stripe_lines=$(cat $(find "$work/Sources/Stripe" -name '*.swift') | wc -l)
test "$stripe_lines" -le 92821 || { echo "Stripe's output has $stripe_lines lines (more than 92,821)" >&2; exit 1; }
# Spotify in an app target: generated models decode off the main actor (`@concurrent`).
cat > "$work/Sources/SpotifyApp/OffTheMainActor.swift" <<'SWIFT'
import Foundation

/// Compiles only if the generated model and its decoder are not isolated to the main actor.
@concurrent func decodeAlbum(_ data: Data) async throws -> AlbumObject {
    try SpotifyAppCoding.decoder.decode(AlbumObject.self, from: data)
}
SWIFT
mkdir -p "$work/Tests/RuntimeTests"
cp "$here/Tests/Runtime/"*.swift "$work/Tests/RuntimeTests/"
mkdir -p "$work/Tests/TwoModulesTests"
cp "$here/Tests/RuntimeTwoModules/"*.swift "$work/Tests/TwoModulesTests/"
cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.2
import PackageDescription

let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
/// An app target's settings (Xcode 26's for a new app): the generated code compiles there too.
let app: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]
let package = Package(
    name: "Generated",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Bricks", path: "$root"), .package(path: "$here")],
    targets: [
        .target(name: "GitHub", dependencies: [bricks]),
        .target(name: "Stripe", dependencies: [bricks]),
        .target(name: "Constructs", dependencies: [bricks]),
        .target(name: "Flows", dependencies: [bricks]),
        .target(name: "Avatars", dependencies: [bricks]),
        .target(name: "Quirks30", dependencies: [bricks]),
        .target(name: "Quirks31", dependencies: [bricks], swiftSettings: app),
        .target(name: "Styles", dependencies: [bricks], swiftSettings: app),
        .target(name: "Replies", dependencies: [bricks]),
        .target(name: "Names", dependencies: [bricks]),
        .target(name: "NamesApp", dependencies: [bricks], swiftSettings: app),
        .target(name: "ConstructsShadowed", dependencies: [bricks], swiftSettings: app),
        // The fake in an app target: what a SwiftUI preview links.
        .target(name: "FakePets", dependencies: [bricks], swiftSettings: app),
        // The build-tool plugin in an app target (Xcode 26's settings), as an app team uses it.
        .target(
            name: "PluginBuilt", dependencies: [bricks], swiftSettings: app,
            plugins: [.plugin(name: "BricksOpenAPIPlugin", package: "Generator")]),
        .target(name: "PluginCommitted", dependencies: [bricks]),
        .target(name: "PluginEmpty", dependencies: [bricks], swiftSettings: app),
        .target(name: "SpotifyApp", dependencies: [bricks], swiftSettings: app),
        .target(name: "ConstructsSplitModels", swiftSettings: app),
        .target(name: "ConstructsSplit", dependencies: [bricks, "ConstructsSplitModels"], swiftSettings: app),
        .testTarget(
            name: "RuntimeTests",
            dependencies: [
                "GitHub", "Stripe", "Constructs", "Flows", "Avatars", "Styles", "Replies", "FakePets", "PluginBuilt", "PluginCommitted", bricks,
                .product(name: "BricksTesting", package: "Bricks"),
            ]),
        // Imports the endpoints' module of the two-module output only (its names would clash with Constructs').
        .testTarget(name: "TwoModulesTests", dependencies: ["ConstructsSplit", bricks, .product(name: "BricksTesting", package: "Bricks")]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
# The build-tool plugin's target: the document, its configuration, and one Swift file of its own
# (SwiftPM leaves out a target without sources before any plugin runs).
specs="$here/Tests/BricksOpenAPIGeneratorTests/Specs"
mkdir -p "$work/Sources/PluginBuilt" "$work/Sources/PluginCommitted" "$work/Sources/PluginEmpty"
cp "$specs/petstore-3.0.yaml" "$work/Sources/PluginBuilt/openapi.yaml"
# Its configuration names an overlay (a path from the configuration's folder; the plugin declares it as an input).
printf 'name: PluginBuilt\naccessLevel: public\noverlays:\n  - ../../overlays/plugin.overlay.yaml\n' > "$work/Sources/PluginBuilt/bricks-openapi.yaml"
mkdir -p "$work/overlays"
printf 'overlay: 1.0.0\ninfo: {title: Plugin, version: 1.0.0}\nactions:\n  - {target: $.info, update: {x-overlaid: true}}\n' > "$work/overlays/plugin.overlay.yaml"
echo "// The endpoints are generated at build time from openapi.yaml." > "$work/Sources/PluginBuilt/PluginBuilt.swift"
echo "// swift package generate-bricks writes the endpoints beside this file." > "$work/Sources/PluginCommitted/PluginCommitted.swift"

step "the command plugin: swift package generate-bricks (petstore 3.1 into Sources/PluginCommitted)"
begin=$(date +%s)
swift package --package-path "$work" --scratch-path "$scratch" --allow-writing-to-package-directory generate-bricks \
    "$specs/petstore-3.1.json" --target PluginCommitted --name PluginCommitted --config config.yaml
for file in PluginCommittedAPI.swift Models/Models.swift Operations/Pets.swift; do
    test -s "$work/Sources/PluginCommitted/$file" || { echo "generate-bricks did not write $file" >&2; exit 1; }
done
echo "   (the plugin's tool built and run in $(seconds "$begin") s)"
# A new target without sources (SwiftPM does not list it to the plugin) is filled too.
swift package --package-path "$work" --scratch-path "$scratch" --allow-writing-to-package-directory generate-bricks \
    "$specs/petstore-3.0.yaml" --target PluginEmpty --name PluginEmpty --quiet
test -s "$work/Sources/PluginEmpty/PluginEmptyAPI.swift" || { echo "generate-bricks did not fill the empty target" >&2; exit 1; }

step "build the generated code (debug, warnings as errors; PluginBuilt through the build-tool plugin)"
begin=$(date +%s)
swift build --package-path "$work" --scratch-path "$scratch" --build-tests -Xswiftc -warnings-as-errors
echo "   generated package built in $(seconds "$begin") s (Bricks, GitHub, Stripe, Constructs, Flows, the quirks, Spotify, the constructs in two modules and petstore in app targets, the plugins' targets and the runtime tests)"
# This package's own outputs: the folder is named after the package (earlier runs' stay beside it).
built=$(find "$scratch/plugins/outputs/$(basename "$work" | tr '[:upper:]' '[:lower:]')" -path "*/PluginBuilt/*" -name BricksOpenAPIGenerated.swift)
test "$(echo "$built" | grep -c .)" -eq 1 || { echo "expected one BricksOpenAPIGenerated.swift for PluginBuilt, found: $built" >&2; exit 1; }
test -n "$built" || { echo "the build-tool plugin wrote no BricksOpenAPIGenerated.swift for PluginBuilt" >&2; exit 1; }
echo "   the build-tool plugin wrote $(wc -l < "$built") lines: ${built#"$scratch/"}"

step "Docs/OpenAPI.md's examples, against what the generator makes of Generator/Tests/DocExamples (plain and app target)"
BRICKS_OPENAPI="$generator" bash "$here/docs.sh" "$scratch/debug"

step "runtime tests of the generated code (the local SSE server started for the streaming one)"
sse_start
BRICKS_GITHUB_FIXTURES="$root/Tests/BricksTests/Fixtures/GitHub" swift test --package-path "$work" --scratch-path "$scratch" --skip-build

echo
echo "Generator/test.sh passed in $(seconds "$started") s"
