// swift-tools-version:6.2
import PackageDescription

// A consumer of Bricks as app teams and server teams write one: the same endpoint declarations
// compiled in an app target with Xcode 26's defaults (main-actor default isolation and
// approachable concurrency) and in a plain target, and called from a main-actor view model, from
// `Task.detached` and from an actor, against the local httpbin (scripts/test.sh starts it).
let appTarget: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]
let bricks: Target.Dependency = .product(name: "Bricks", package: "Bricks")
let bricksTesting: Target.Dependency = .product(name: "BricksTesting", package: "Bricks")

let package = Package(
    name: "AppTarget",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Bricks", path: "..")],
    targets: [
        // The endpoints and a view model, as an Xcode 26 app target builds them.
        .target(name: "AppClient", dependencies: [bricks, bricksTesting], swiftSettings: appTarget),
        // The same endpoint file (a link to AppClient's), as a server or library target builds it.
        .target(name: "ServerClient", dependencies: [bricks, bricksTesting]),
        .testTarget(name: "AppClientTests", dependencies: ["AppClient", bricks, bricksTesting], swiftSettings: appTarget),
        .testTarget(name: "ServerClientTests", dependencies: ["ServerClient", bricks, bricksTesting]),
        // Both copies of the endpoints, called from the app target: where each decodes.
        .testTarget(
            name: "DecodeLocationTests", dependencies: ["AppClient", "ServerClient", bricks, bricksTesting],
            swiftSettings: appTarget),
    ],
    swiftLanguageModes: [.v6]
)
