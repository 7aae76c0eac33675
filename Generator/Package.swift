// swift-tools-version:6.1
import PackageDescription

// bricks-openapi: Bricks endpoints and models generated from an OpenAPI 3.0 or 3.1 document.
// A package of its own so that Bricks itself keeps zero dependencies. Tools version 6.1: the
// plugins use the URL-based plugin API (`Target.directoryURL`).
//
// - BricksOpenAPIGenerator: the generator in three layers: Parser (JSON or YAML, 3.0 converted to
//   3.1), Translator (OpenAPI into a small model of Swift declarations), Renderer (text).
// - bricks-openapi: the command (`bricks-openapi generate SPEC --output DIR [--config FILE]`).
// - BricksOpenAPIPlugin: a build-tool plugin for small documents (a target's openapi.yaml,
//   generated at build time into one file); GenerateBricks: a command plugin
//   (`swift package generate-bricks`) that writes the output into the package, to commit.
// - The tests check each layer on small documents, the golden output, and GitHub's and Stripe's
//   descriptions; Generator/test.sh compiles the generated code against Bricks (by path).
let package = Package(
    name: "BricksOpenAPI",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "BricksOpenAPIGenerator", targets: ["BricksOpenAPIGenerator"]),
        .executable(name: "bricks-openapi", targets: ["BricksOpenAPI"]),
        .plugin(name: "BricksOpenAPIPlugin", targets: ["BricksOpenAPIPlugin"]),
        .plugin(name: "GenerateBricks", targets: ["GenerateBricks"]),
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
        .plugin(
            name: "BricksOpenAPIPlugin",
            capability: .buildTool(),
            dependencies: ["BricksOpenAPI"]),
        .plugin(
            name: "GenerateBricks",
            capability: .command(
                intent: .custom(
                    verb: "generate-bricks",
                    description: "Generates Bricks endpoints and models from an OpenAPI document into a target's folder."),
                permissions: [
                    .writeToPackageDirectory(reason: "The generated Swift files are written into the package, to be committed.")
                ]),
            dependencies: ["BricksOpenAPI"]),
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
