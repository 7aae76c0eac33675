// swift-tools-version:6.2
import PackageDescription

// The libFuzzer target for bricks-openapi's document reader (see Docs/Testing.md, "Fuzzing"): a
// package of its own, so that the fuzz package of Bricks (../) does not build OpenAPIKit and Yams
// with the sanitizers on every CI run. scripts/fuzz.sh builds it for `generator` and `--long`.
let package = Package(
    name: "GeneratorFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../../Generator")],
    targets: [
        // FuzzDriver and CPUTime.swift are links to the Bricks fuzz package's own.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "GeneratorFuzz",
            dependencies: [
                "FuzzDriver",
                .product(name: "BricksOpenAPIGenerator", package: "Generator"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
