// swift-tools-version:6.2
import PackageDescription

// Bricks with the Swift server ecosystem's observability and HTTP types: one product per
// integration, so that an app pulls in only the libraries it uses. A package of its own so that
// the root package keeps zero dependencies; it depends on the root package by path.

func bricks(_ product: String) -> Target.Dependency { .product(name: product, package: "Bricks") }
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let metrics = Target.Dependency.product(name: "CoreMetrics", package: "swift-metrics")
let tracing = Target.Dependency.product(name: "Tracing", package: "swift-distributed-tracing")
let httpTypes = Target.Dependency.product(name: "HTTPTypes", package: "swift-http-types")

let package = Package(
    name: "BricksIntegrations",
    // The root package's minimums.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "BricksLogging", targets: ["BricksLogging"]),
        .library(name: "BricksMetrics", targets: ["BricksMetrics"]),
        .library(name: "BricksTracing", targets: ["BricksTracing"]),
        .library(name: "BricksHTTPTypes", targets: ["BricksHTTPTypes"]),
    ],
    dependencies: [
        .package(name: "Bricks", path: ".."),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // Brings swift-service-context's `ServiceContext` module with it (the `Tracing` module
        // re-exports it), so that package is not named here.
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        // What the middleware share (failure rules, status classes, error names): not a product,
        // its declarations are `package`.
        .target(name: "BricksIntegrationSupport", dependencies: [bricks("Bricks")]),
        .target(name: "BricksLogging", dependencies: [bricks("Bricks"), "BricksIntegrationSupport", logging]),
        .target(name: "BricksMetrics", dependencies: [bricks("Bricks"), "BricksIntegrationSupport", metrics]),
        .target(name: "BricksTracing", dependencies: [bricks("Bricks"), "BricksIntegrationSupport", tracing]),
        .target(name: "BricksHTTPTypes", dependencies: [bricks("Bricks"), httpTypes]),
        // Endpoints and a W3C `traceparent` tracer shared by the two test targets.
        .target(
            name: "IntegrationsTestSupport",
            dependencies: [
                bricks("Bricks"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                tracing,
            ],
            path: "Tests/IntegrationsTestSupport"),
        .testTarget(
            name: "BricksIntegrationsTests",
            dependencies: [
                "BricksLogging", "BricksMetrics", "BricksTracing", "BricksHTTPTypes", "IntegrationsTestSupport",
                bricks("Bricks"), bricks("BricksTesting"),
                logging, .product(name: "InMemoryLogging", package: "swift-log"),
                metrics, .product(name: "MetricsTestKit", package: "swift-metrics"),
                tracing, .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                httpTypes,
            ]),
        // Against the root's local httpbin (scripts/httpbin.sh): run on their own by test.sh.
        .testTarget(
            name: "TracingIntegrationTests",
            dependencies: [
                "BricksTracing", "IntegrationsTestSupport", bricks("Bricks"), tracing,
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
