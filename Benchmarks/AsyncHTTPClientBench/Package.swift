// swift-tools-version:6.0
import PackageDescription

// The round trips of Bricks on AsyncHTTPClient (issue 9): a package of its own, so that the core
// benchmarks (`bricks-bench`, in `..`) never build SwiftNIO. Run it with
// `bash Benchmarks/run.sh --ahc` from the repository root.
//
// bricks-bench-ahc reuses the harness and the round-trip cases of `..` and adds two contenders:
// `Session` on `AsyncHTTPClientTransport` and raw AsyncHTTPClient.
let package = Package(
    name: "BricksBenchmarksAsyncHTTPClient",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "bricks-bench-ahc", targets: ["BricksBenchAHC"]),
        .executable(name: "bricks-bench-websocket", targets: ["BricksBenchWebSocket"]),
    ],
    dependencies: [
        .package(name: "Bricks", path: "../.."),
        .package(name: "BricksBenchmarks", path: ".."),
        .package(name: "BricksAsyncHTTPClient", path: "../../Transports/AsyncHTTPClient"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // Already in the graph through AsyncHTTPClient; named for the NIO modules the sources import.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
    ],
    targets: [
        .executableTarget(
            name: "BricksBenchAHC",
            dependencies: [
                .product(name: "Bricks", package: "Bricks"),
                .product(name: "BenchmarkHarness", package: "BricksBenchmarks"),
                .product(name: "BricksBenchmarks", package: "BricksBenchmarks"),
                .product(name: "BricksAsyncHTTPClient", package: "BricksAsyncHTTPClient"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]),
        // A Bricks WebSocket endpoint against a raw SwiftNIO NIOWebSocket client, on a SwiftNIO
        // server run as a process of its own (`bash Benchmarks/run.sh --websocket`).
        .executableTarget(
            name: "BricksBenchWebSocket",
            dependencies: [
                .product(name: "Bricks", package: "Bricks"),
                .product(name: "BenchmarkHarness", package: "BricksBenchmarks"),
                .product(name: "BricksAsyncHTTPClient", package: "BricksAsyncHTTPClient"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
