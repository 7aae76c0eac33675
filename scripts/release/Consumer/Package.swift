// swift-tools-version:6.2
import PackageDescription

// A package as a team that adopts Bricks writes it, outside this repository: the four released
// packages named by URL and version, exactly as README.md's Install section gives them (the
// release check, scripts/release-check.sh, points the URLs at the repositories scripts/release.sh
// wrote and the version at the one it released). Not released itself.
/// An app target's settings (Xcode 26's for a new app).
let appTarget: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]
let bricks: Target.Dependency = .product(name: "Bricks", package: "bricks")
let transport: Target.Dependency = .product(name: "BricksAsyncHTTPClient", package: "bricks-async-http-client")
let logging: Target.Dependency = .product(name: "BricksLogging", package: "bricks-integrations")
let swiftLog: Target.Dependency = .product(name: "Logging", package: "swift-log")

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        .package(url: "https://github.com/bricks-swift/bricks", from: "0.1.0"),
        .package(url: "https://github.com/bricks-swift/bricks-async-http-client", from: "0.1.0"),
        .package(url: "https://github.com/bricks-swift/bricks-integrations", from: "0.1.0"),
        .package(url: "https://github.com/bricks-swift/bricks-openapi", from: "0.1.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Endpoints generated at build time from Sources/HTTPBin/openapi.yaml (a plain target).
        .target(
            name: "HTTPBin", dependencies: [bricks],
            plugins: [.plugin(name: "BricksOpenAPIPlugin", package: "bricks-openapi")]),
        // A hand-written endpoint sent through AsyncHTTPClient and logged through swift-log, as a
        // server target does it (a plain target).
        .target(name: "ServerSide", dependencies: [bricks, transport, logging, swiftLog]),
        // The program the check runs, an app target: a main-actor view model calls the generated endpoint.
        .executableTarget(
            name: "consumer", dependencies: ["ServerSide", "HTTPBin", bricks, transport, swiftLog], swiftSettings: appTarget),
        .testTarget(
            name: "ConsumerTests",
            dependencies: ["HTTPBin", bricks, .product(name: "BricksTesting", package: "bricks")]),
    ],
    swiftLanguageModes: [.v6]
)
