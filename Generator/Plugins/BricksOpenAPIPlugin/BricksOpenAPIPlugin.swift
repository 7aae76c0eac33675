import Foundation
import PackagePlugin

/// The build-tool plugin, for small documents: a target holding `openapi.yaml` (or `.yml`, or
/// `openapi.json`), and optionally `bricks-openapi.yaml` (the configuration), gets its endpoints
/// and models generated at build time into one file of the plugin's work folder,
/// `BricksOpenAPIGenerated.swift` (`bricks-openapi generate --single-file`), rebuilt only when
/// the document or the configuration changes.
@main
struct BricksOpenAPIPlugin: BuildToolPlugin {
    static let documentNames: Set<String> = ["openapi.yaml", "openapi.yml", "openapi.json"]
    static let configurationNames: Set<String> = ["bricks-openapi.yaml", "bricks-openapi.yml", "bricks-openapi.json"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        let documents = files.filter { Self.documentNames.contains($0.lastPathComponent) }
        let configurations = files.filter { Self.configurationNames.contains($0.lastPathComponent) }
        guard let document = documents.first, documents.count == 1 else {
            throw PluginFailure(
                "target \(target.name): the BricksOpenAPIPlugin needs exactly one openapi.yaml, openapi.yml or openapi.json "
                    + "in the target's folder; found \(documents.count)")
        }
        guard configurations.count <= 1 else {
            throw PluginFailure("target \(target.name): more than one bricks-openapi configuration file")
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BricksOpenAPIGenerated.swift")
        var arguments = ["generate", document.path, "--single-file", output.path]
        if let configuration = configurations.first { arguments += ["--config", configuration.path] }
        return [
            .buildCommand(
                displayName: "bricks-openapi: generating \(target.name) from \(document.lastPathComponent)",
                executable: try context.tool(named: "BricksOpenAPI").url,
                arguments: arguments,
                inputFiles: [document] + configurations,
                outputFiles: [output])
        ]
    }
}

/// An error the plugin reports as it is.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
