// swift-tools-version:6.0
import PackageDescription

// bricks-openapi: Bricks endpoints and models generated from an OpenAPI 3.0 or 3.1 document.
// A package of its own so that Bricks itself keeps zero dependencies.
//
// - BricksOpenAPIGenerator: the generator in three layers: Parser (JSON or YAML, 3.0 converted to
//   3.1), Translator (OpenAPI into a small model of Swift declarations), Renderer (text).
// - bricks-openapi: the command (`bricks-openapi generate SPEC --output DIR [--config FILE]`).
// - The tests check each layer on small documents, the golden output, and GitHub's and Stripe's
//   descriptions; Generator/test.sh compiles the generated code against Bricks (by path).
let package = Package(
    name: "BricksOpenAPI",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "BricksOpenAPIGenerator", targets: ["BricksOpenAPIGenerator"]),
        .executable(name: "bricks-openapi", targets: ["BricksOpenAPI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(
            name: "BricksOpenAPIGenerator",
            dependencies: [
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]),
        .executableTarget(
            name: "BricksOpenAPI",
            dependencies: [
                "BricksOpenAPIGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "BricksOpenAPIGeneratorTests",
            dependencies: [
                "BricksOpenAPIGenerator",
            ],
            // The specs and the expected output are read from the source tree (#filePath), not
            // compiled: the golden files are Swift.
            exclude: ["Specs", "Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
