#!/usr/bin/env bash
# Compile cost of generated code, side by side: GitHub's and Stripe's outputs (`accessLevel: public`)
# made by two or more builds of bricks-openapi, each in a package that depends on Bricks by path,
# compiled target by target under /usr/bin/time -v. Bricks is built first and not timed; in debug,
# each output's target is built once untimed (its first build), then its sources are touched and it
# is built again, timed: the steadier figure (a release build recompiles the whole module anyway). The labels take turns target by target, so that a change
# of load hits them alike. Prints one Markdown row per build: wall seconds, CPU (user + sys)
# seconds, peak resident MiB of the largest process (the compiler's). Release: GitHub only.
#
#   bash Generator/compile-cost.sh before=/tmp/gen-before/bricks-openapi after=/tmp/gen-after/bricks-openapi
#   COMPILE_COST_RELEASE=no bash Generator/compile-cost.sh …   # debug builds only
#   COMPILE_COST_FAKE=with bash Generator/compile-cost.sh without=$g with=$g   # the labels named generate with `fake: true`
#
# A generator of an older commit: `git worktree add /tmp/old <commit>`, then
# `swift build --package-path /tmp/old/Generator --product bricks-openapi`. Scratch: /tmp/compile-cost
# (COMPILE_COST_WORK). Time on two shared cores: about 25 minutes for two labels with release.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="${COMPILE_COST_WORK:-/tmp/compile-cost}"
release="${COMPILE_COST_RELEASE:-yes}"
[ $# -ge 1 ] || { echo "usage: $0 LABEL=PATH-TO-bricks-openapi …" >&2; exit 2; }
labels=()
rm -rf "$work"
mkdir -p "$work/logs"
printf 'accessLevel: public\n' > "$work/config.yaml"
for argument in "$@"; do
    label="${argument%%=*}" generator="${argument#*=}"
    [ -x "$generator" ] || { echo "$generator: not an executable" >&2; exit 2; }
    labels+=("$label")
    package="$work/$label"
    mkdir -p "$package/Sources"
    config="$work/config.yaml"
    case " ${COMPILE_COST_FAKE:-} " in
        *" $label "*) config="$work/config-fake.yaml"; printf 'accessLevel: public\nfake: true\n' > "$config" ;;
    esac
    for api in GitHub Stripe; do
        spec="$here/Specs/github-api.json"
        [ "$api" = Stripe ] && spec="$here/Specs/stripe-api.yaml"
        "$generator" generate "$spec" --output "$package/Sources/$api" --name "$api" --config "$config" --quiet
    done
    cat > "$package/Package.swift" <<SWIFT
// swift-tools-version:6.2
import PackageDescription

let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
let package = Package(
    name: "CompileCost",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Bricks", path: "$root")],
    targets: [
        .target(name: "GitHub", dependencies: [bricks]),
        .target(name: "Stripe", dependencies: [bricks]),
    ],
    swiftLanguageModes: [.v6]
)
SWIFT
    echo "$label: GitHub $(cat "$package"/Sources/GitHub/*.swift "$package"/Sources/GitHub/*/*.swift 2>/dev/null | wc -l) lines, Stripe $(cat "$package"/Sources/Stripe/*.swift "$package"/Sources/Stripe/*/*.swift 2>/dev/null | wc -l) lines"
done

figures() { # a /usr/bin/time -v log → "wall | cpu | peak"
    awk -F': ' '
        /Elapsed \(wall clock\)/ { n = split($2, t, ":"); w = 0; for (i = 1; i <= n; i++) w = w * 60 + t[i] }
        /User time/ { u = $2 } /System time/ { s = $2 } /Maximum resident/ { m = $2 }
        END { printf "%.1f | %.1f | %.0f", w, u + s, m / 1024 }' "$1"
}
configurations=(debug)
[ "$release" = yes ] && configurations+=(release)
echo
echo "| output | target | build | wall s | CPU s | peak MiB | load before |"
echo "|---|---|---|---:|---:|---:|---|"
for configuration in "${configurations[@]}"; do
    for label in "${labels[@]}"; do
        swift build --package-path "$work/$label" -c "$configuration" --target Bricks -Xswiftc -warnings-as-errors \
            > "$work/logs/$label-bricks-$configuration.log" 2>&1
    done
    targets=(GitHub Stripe)
    [ "$configuration" = release ] && targets=(GitHub)  # the release figure the issues track is GitHub's
    for target in "${targets[@]}"; do
        for label in "${labels[@]}"; do
            log="$work/logs/$label-$target-$configuration"
            # A debug build's first run differs from its rebuilds; a release build recompiles the
            # whole module each time, so its first run is the figure.
            if [ "$configuration" = debug ]; then
                swift build --package-path "$work/$label" -c "$configuration" --target "$target" -Xswiftc -warnings-as-errors \
                    > "$log-first.log" 2>&1 || { echo "$label $target ($configuration) did not build: $log-first.log" >&2; exit 1; }
            fi
            find "$work/$label/Sources/$target" -name '*.swift' -exec touch {} +
            load=$(cut -d' ' -f1-3 /proc/loadavg)
            /usr/bin/time -v -o "$log.time" swift build --package-path "$work/$label" -c "$configuration" --target "$target" \
                -Xswiftc -warnings-as-errors > "$log.log" 2>&1 || { echo "$label $target ($configuration) did not build: $log.log" >&2; exit 1; }
            echo "| $label | $target | $configuration | $(figures "$log.time") | $load |"
        done
    done
done
