// swift-tools-version:6.2
import PackageDescription

// The benchmarks of Bricks: a package of its own, so that the library keeps zero dependencies.
// Run everything with `bash Benchmarks/run.sh` from the repository root.
//
// - BenchmarkHarness: measuring on ContinuousClock (interleaved contenders, median and spread,
//   CPU time, peak memory) and the report; it knows nothing of Bricks.
// - BricksBenchmarks: the benchmarks themselves, each pairing Bricks with its floor. Public, so that
//   another executable (for example one that adds an AsyncHTTPClient transport to the round trips)
//   can run them with more contenders without this package depending on that transport.
// - bricks-bench: the command that runs them all and writes Benchmarks/results/latest.json.
let package = Package(
    name: "BricksBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "BenchmarkHarness", targets: ["BenchmarkHarness"]),
        .library(name: "BricksBenchmarks", targets: ["BricksBenchmarks"]),
        .executable(name: "bricks-bench", targets: ["BricksBench"]),
    ],
    dependencies: [
        .package(name: "Bricks", path: ".."),
    ],
    targets: [
        .target(name: "BenchmarkHarness"),
        // A generated client with its fake (bricks-openapi, `fake: true`), committed: see FakeBenchmarks.
        .target(name: "PetShop", dependencies: [.product(name: "Bricks", package: "Bricks")]),
        .target(
            name: "BricksBenchmarks",
            dependencies: [
                "BenchmarkHarness", "PetShop", .product(name: "Bricks", package: "Bricks"),
                .product(name: "BricksTesting", package: "Bricks"),
            ]),
        .executableTarget(
            name: "BricksBench",
            dependencies: ["BenchmarkHarness", "BricksBenchmarks"]),
    ],
    swiftLanguageModes: [.v6]
)
