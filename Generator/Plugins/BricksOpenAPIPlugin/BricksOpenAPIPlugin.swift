import Foundation
import PackagePlugin

/// The build-tool plugin, for small documents: a target holding `openapi.yaml` (or `.yml`, or
/// `openapi.json`), and optionally `bricks-openapi.yaml` (the configuration), gets its endpoints
/// and models generated at build time into one file of the plugin's work folder,
/// `BricksOpenAPIGenerated.swift` (`bricks-openapi generate --single-file`), rebuilt only when
/// the document, the configuration or an overlay the configuration names (`overlays:`) changes.
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
        var overlays: [URL] = []
        if let configuration = configurations.first {
            arguments += ["--config", configuration.path]
            overlays = try Self.overlays(of: configuration)
        }
        return [
            .buildCommand(
                displayName: "bricks-openapi: generating \(target.name) from \(document.lastPathComponent)",
                executable: try context.tool(named: "BricksOpenAPI").url,
                arguments: arguments,
                inputFiles: [document] + configurations + overlays,
                outputFiles: [output])
        ]
    }

    /// The overlays a configuration names (`overlays:`, paths from its folder): inputs of the
    /// build command, so that changing one runs the generator again. The tool reads the
    /// configuration itself; the plugin cannot use its YAML reader, so it reads this one key, in
    /// either list form (`overlays: [a.yaml, b.yaml]`, or one `- a.yaml` per line), or JSON.
    static func overlays(of configuration: URL) throws -> [URL] {
        let text = try String(contentsOf: configuration, encoding: .utf8)
        let folder = configuration.deletingLastPathComponent()
        func resolve(_ path: String) -> URL { path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path) }
        if text.drop(while: \.isWhitespace).first == "{" {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            return (object?["overlays"] as? [String] ?? []).map(resolve)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            // A comment starts with ` #` (or `#` at the start of the line).
            String(line.range(of: " #").map { line[..<$0.lowerBound] } ?? (line.hasPrefix("#") ? "" : line[...]))
        }
        func unquoted(_ item: Substring) -> String {
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            guard trimmed.count >= 2, let first = trimmed.first, first == "'" || first == "\"", trimmed.last == first else { return trimmed }
            return String(trimmed.dropFirst().dropLast())
        }
        guard let start = lines.firstIndex(where: { $0.hasPrefix("overlays:") }) else { return [] }
        let rest = lines[start].dropFirst("overlays:".count).trimmingCharacters(in: .whitespaces)
        if rest.hasPrefix("[") {
            guard rest.hasSuffix("]") else {
                throw PluginFailure("\(configuration.path): write `overlays:` on one line (`overlays: [a.yaml, b.yaml]`) or one `- path` per line")
            }
            return rest.dropFirst().dropLast().split(separator: ",").map(unquoted).filter { !$0.isEmpty }.map(resolve)
        }
        guard rest.isEmpty else {
            throw PluginFailure("\(configuration.path): `overlays` is a list of paths (`overlays: [fixes.overlay.yaml]`)")
        }
        var paths: [String] = []
        for line in lines[(start &+ 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("- "), line.first == " " || line.first == "-" else { break }
            paths.append(unquoted(trimmed.dropFirst(2)))
        }
        return paths.map(resolve)
    }
}

/// An error the plugin reports as it is.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
