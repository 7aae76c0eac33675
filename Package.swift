// swift-tools-version:6.2
import PackageDescription

// Bricks depends on nothing but the Swift toolchain: Foundation, and FoundationNetworking on Linux.
// Tools with dependencies of their own (benchmarks, other transports) live in separate packages.
let package = Package(
    name: "Bricks",
    // The minimums where Swift's Clock and Duration exist (URLSession's async API needs one
    // release less).
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Bricks", targets: ["Bricks"]),
        .library(name: "BricksTesting", targets: ["BricksTesting"]),
        .executable(name: "bricks-example", targets: ["BricksExample"]),
    ],
    targets: [
        .target(name: "Bricks"),
        .target(name: "BricksTesting", dependencies: ["Bricks"]),
        // The example client replays recorded GitHub exchanges bundled as resources (their licence
        // notice travels with them).
        .executableTarget(
            name: "BricksExample", dependencies: ["Bricks", "BricksTesting"], resources: [.copy("Fixtures")]),
        // Helpers shared by the test targets (seeded random input); not a product.
        .target(name: "BricksTestSupport", dependencies: ["Bricks"], path: "Tests/Support"),
        .testTarget(
            name: "BricksTests", dependencies: ["Bricks", "BricksTesting", "BricksTestSupport"],
            exclude: ["Fixtures/GitHub/README.md", "Fixtures/GitHub/LICENSE.md"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "IntegrationTests", dependencies: ["Bricks", "BricksTesting", "BricksTestSupport"]),
        .testTarget(
            name: "BricksTestingTests", dependencies: ["Bricks", "BricksTesting", "BricksTestSupport"],
            resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
