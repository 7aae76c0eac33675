// swift-tools-version:6.2
import PackageDescription

// libFuzzer targets for Bricks' readers of untrusted bytes (see Docs/Testing.md, "Fuzzing").
// Build with scripts/fuzz.sh, which passes -sanitize=fuzzer,address: the targets call Bricks'
// internal code (and BricksTesting's `JSONValue`) through `@testable import`, which debug builds allow.
let package = Package(
    name: "BricksFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Bricks", path: "..")],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "BricksFuzz", dependencies: [
                "FuzzDriver", .product(name: "Bricks", package: "Bricks"),
                .product(name: "BricksTesting", package: "Bricks"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
