// swift-tools-version:6.2
import PackageDescription

// Bricks on AsyncHTTPClient (SwiftNIO). A package of its own so that the root package keeps zero
// dependencies; it depends on the root package by path.

func bricks(_ product: String) -> Target.Dependency { .product(name: product, package: "Bricks") }
func nio(_ product: String) -> Target.Dependency { .product(name: product, package: "swift-nio") }
let asyncHTTPClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")

let package = Package(
    name: "BricksAsyncHTTPClient",
    // The root package's minimums.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "BricksAsyncHTTPClient", targets: ["BricksAsyncHTTPClient"])
    ],
    dependencies: [
        .package(name: "Bricks", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already in the graph through AsyncHTTPClient; named for the NIO modules the sources import.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        // For TLS trust roots (NIOSSL's certificates), already in the graph through AsyncHTTPClient.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.27.0"),
        // For NoOpTracer (see AsyncHTTPClientTransport.withoutNoOpTracing), already in the graph
        // through AsyncHTTPClient.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.3.0"),
    ],
    targets: [
        .target(
            name: "BricksAsyncHTTPClient",
            dependencies: [
                bricks("Bricks"),
                asyncHTTPClient,
                nio("NIOCore"),
                nio("NIOHTTP1"),
                nio("NIOPosix"),
                nio("NIOWebSocket"),
                nio("NIOConcurrencyHelpers"),
                nio("NIOFoundationCompat"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ]),
        .testTarget(
            name: "BricksAsyncHTTPClientTests",
            dependencies: [
                "BricksAsyncHTTPClient",
                bricks("Bricks"),
                asyncHTTPClient,
                nio("NIOCore"),
                nio("NIOHTTP1"),
                nio("NIOPosix"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ]),
        // The root package's test helpers (a target there, not a product): a symlink to ../../Tests/Support.
        .target(name: "BricksTestSupport", dependencies: [bricks("Bricks")], path: "Tests/Support"),
        // The root package's integration suite, compiled again with this package's TestTransport:
        // `Shared` is a symlink to ../../Tests/IntegrationTests, so new files there are picked up.
        .testTarget(
            name: "AsyncHTTPClientIntegrationTests",
            dependencies: [
                "BricksAsyncHTTPClient",
                bricks("Bricks"),
                bricks("BricksTesting"),
                "BricksTestSupport",
                asyncHTTPClient,
                nio("NIOConcurrencyHelpers"),
            ],
            path: "Tests/IntegrationTests",
            // The example program's tests drive the example binary, which is not built here.
            exclude: ["Shared/Support/TestTransport.swift", "Shared/ExampleIntegrationTests.swift"]),
    ],
    swiftLanguageModes: [.v6]
)
