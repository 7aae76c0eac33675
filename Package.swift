// swift-tools-version:6.0
import PackageDescription

// Bricks depends on nothing but the Swift toolchain: Foundation, and FoundationNetworking on Linux.
// Tools with dependencies of their own (benchmarks, other transports) live in separate packages.
let package = Package(
    name: "Bricks",
    // The minimums where URLSession's async API exists.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "Bricks", targets: ["Bricks"]),
        .library(name: "BricksTesting", targets: ["BricksTesting"]),
        .executable(name: "bricks-example", targets: ["BricksExample"]),
    ],
    targets: [
        .target(name: "Bricks"),
        .target(name: "BricksTesting", dependencies: ["Bricks"]),
        .executableTarget(name: "BricksExample", dependencies: ["Bricks", "BricksTesting"]),
        .testTarget(
            name: "BricksTests", dependencies: ["Bricks", "BricksTesting"],
            exclude: ["Fixtures/GitHub/README.md", "Fixtures/GitHub/LICENSE.md"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "IntegrationTests", dependencies: ["Bricks", "BricksTesting"]),
        .testTarget(
            name: "BricksTestingTests", dependencies: ["Bricks", "BricksTesting"], resources: [.copy("Fixtures")]),
    ],
    swiftLanguageModes: [.v6]
)
