import Foundation
import PackagePlugin

/// The command plugin, for large documents: generate once, commit the output.
///
///     swift package --allow-writing-to-package-directory generate-bricks openapi.yaml --target Pets \
///         [--config bricks-openapi.yaml] [--overlay fixes.overlay.yaml…] [--name Pets] [--quiet]
///
/// `--target NAME` writes into that target's folder; `--output FOLDER` into any folder of the
/// package. Relative paths are taken from the package's folder. Generated files the run no longer
/// produces are removed there; other files are left alone.
@main
struct GenerateBricks: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targets = extractor.extractOption(named: "target")
        let outputs = extractor.extractOption(named: "output")
        let configurations = extractor.extractOption(named: "config")
        let names = extractor.extractOption(named: "name")
        let overlays = extractor.extractOption(named: "overlay")
        let quiet = extractor.extractFlag(named: "quiet") > 0
        let rest = extractor.remainingArguments
        let usage = "usage: generate-bricks SPEC (--target NAME | --output FOLDER) [--config FILE] [--overlay FILE…] [--name NAME] [--quiet]"
        guard rest.count == 1, let document = rest.first else {
            throw PluginFailure("give one OpenAPI document; \(usage)")
        }
        guard targets.count + outputs.count == 1, configurations.count <= 1, names.count <= 1 else {
            throw PluginFailure("give exactly one of --target and --output, and --config and --name at most once; \(usage)")
        }
        let package = context.package.directoryURL
        let folder: URL
        if let targetName = targets.first {
            if let target = context.package.targets.first(where: { $0.name == targetName }) {
                folder = target.directoryURL
            } else {
                // SwiftPM leaves a target without sources out of the package it shows a plugin:
                // a new, empty target is found by the folder SwiftPM expects for it.
                let expected = package.appendingPathComponent("Sources").appendingPathComponent(targetName)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: expected.path, isDirectory: &isFolder), isFolder.boolValue else {
                    let known = context.package.targets.map(\.name).sorted().joined(separator: ", ")
                    throw PluginFailure(
                        "no target \(targetName) in this package (its targets: \(known)); for a new target, declare it in "
                            + "Package.swift and create its folder Sources/\(targetName), or give --output FOLDER")
                }
                print("generate-bricks: \(targetName) has no sources yet (SwiftPM does not list it): writing into Sources/\(targetName)")
                folder = expected
            }
        } else {
            folder = Self.resolve(outputs.first ?? ".", in: package)
        }
        var toolArguments = ["generate", Self.resolve(document, in: package).path, "--output", folder.path]
        if let configuration = configurations.first { toolArguments += ["--config", Self.resolve(configuration, in: package).path] }
        for overlay in overlays { toolArguments += ["--overlay", Self.resolve(overlay, in: package).path] }
        if let name = names.first { toolArguments += ["--name", name] }
        if quiet { toolArguments.append("--quiet") }

        let process = Process()
        process.executableURL = try context.tool(named: "BricksOpenAPI").url
        process.arguments = toolArguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw PluginFailure("bricks-openapi failed (status \(process.terminationStatus)); its message is above")
        }
    }

    /// An absolute path as it is; a relative one from the package's folder.
    static func resolve(_ path: String, in package: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appendingPathComponent(path)
    }
}

/// An error the plugin reports as it is.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
