#!/usr/bin/env bash
# The generator's CI: builds Generator/ once and runs its tests with warnings as errors, then
# generates GitHub's and Stripe's descriptions (and the spec of every construct) into a temporary
# package that depends on Bricks by path, builds it once (debug, warnings as errors) and runs the
# runtime tests of Generator/Tests/Runtime against the recorded GitHub exchanges.
#
#   bash Generator/test.sh            # from the repository root, or from Generator/
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/bricks-openapi-test.XXXXXX")"
trap 'rm -rf "$work"' EXIT
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
    dependencies: [.package(name: "Bricks", path: "$root")],
    targets: [
        .target(name: "GitHub", dependencies: [bricks]),
        .target(name: "Stripe", dependencies: [bricks]),
        .target(name: "Constructs", dependencies: [bricks]),
        .testTarget(
            name: "RuntimeTests",
            dependencies: ["GitHub", "Stripe", "Constructs", bricks, .product(name: "BricksTesting", package: "Bricks")]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT

step "build the generated code (debug, warnings as errors)"
begin=$(date +%s)
swift build --package-path "$work" --build-tests -Xswiftc -warnings-as-errors
echo "   generated package built in $(seconds "$begin") s (Bricks, GitHub, Stripe, Constructs and the runtime tests)"

step "runtime tests of the generated code"
BRICKS_GITHUB_FIXTURES="$root/Tests/BricksTests/Fixtures/GitHub" swift test --package-path "$work" --skip-build

echo
echo "Generator/test.sh passed in $(seconds "$started") s"
