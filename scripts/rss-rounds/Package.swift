// swift-tools-version:6.0
import PackageDescription

// A measurement, not part of Bricks: the memory of a process that sends rounds of concurrent GETs
// through Bricks' URLSessionTransport or through raw URLSession. See Sources/main.swift for how
// to run it, and Docs/Linux.md ("Memory under many concurrent requests") for what it found.
let package = Package(
    name: "RSSRounds",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Bricks", path: "../..")],
    targets: [
        .executableTarget(
            name: "rss-rounds", dependencies: [.product(name: "Bricks", package: "Bricks")], path: "Sources")
    ],
    swiftLanguageModes: [.v6]
)
