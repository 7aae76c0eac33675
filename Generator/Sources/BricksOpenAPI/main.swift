import ArgumentParser
import BricksOpenAPIGenerator
import Foundation

/// `bricks-openapi`: Bricks endpoints and models from an OpenAPI document.
@main
struct BricksOpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bricks-openapi",
        abstract: "Generates Bricks endpoints and models from an OpenAPI 3.0 or 3.1 document.",
        subcommands: [Generate.self])
}

/// `bricks-openapi generate SPEC (--output DIR | --single-file FILE) [--config FILE] [--overlay FILE…] [--name NAME]
/// [--access-level LEVEL] [--models-module NAME [--models-output DIR]]`.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes the Swift files for SPEC into the output folder, then prints a summary line.")

    @Argument(help: "The OpenAPI document: JSON or YAML, 3.0 or 3.1.")
    var spec: String

    @Option(name: .shortAndLong, help: "The folder the Swift files go to (created if needed; stale generated files removed).")
    var output: String?

    @Option(
        name: .long,
        help: "Write all the code into this one Swift file instead of a folder (small documents; the build-tool plugin uses it).")
    var singleFile: String?

    @Option(name: .shortAndLong, help: "A configuration file (YAML or JSON): name, filters, access level, names, pagination.")
    var config: String?

    @Option(
        name: .long,
        help: "An OpenAPI Overlay (1.0 or 1.1) applied to the document before it is read; repeat for several, applied in order after the configuration's `overlays`.")
    var overlay: [String] = []

    @Option(name: .long, help: "The API's name (GitHub gives GitHubAPI); overrides the configuration's.")
    var name: String?

    @Option(name: .long, help: "public (the default: the output is a target the app imports) or internal; overrides the configuration's.")
    var accessLevel: GeneratorConfiguration.AccessLevel?

    @Option(
        name: .long,
        help: "Put the models in a module of this name, beside the endpoints' (a large document: two compiler processes of half the memory); overrides the configuration's.")
    var modelsModule: String?

    @Option(name: .long, help: "The folder of the models' module (default: beside the output folder, named like the module).")
    var modelsOutput: String?

    @Flag(name: .long, help: "Print no warnings, only the summary.")
    var quiet = false

    func validate() throws {
        if (output == nil) == (singleFile == nil) {
            throw ValidationError("Give either --output DIR or --single-file FILE.")
        }
        if modelsOutput != nil, modelsModule == nil {
            throw ValidationError("--models-output is the folder of --models-module: give the module's name too.")
        }
    }

    func run() throws {
        var configuration = GeneratorConfiguration()
        if let config {
            let data = try read(config)
            do {
                configuration = try GeneratorConfiguration.load(data, file: config)
            } catch {
                throw failure(error.description)
            }
        }
        if let name { configuration.name = name }
        if let accessLevel { configuration.accessLevel = accessLevel }
        if let modelsModule { configuration.modelsModule = modelsModule }
        if singleFile != nil, let module = configuration.modelsModule {
            throw failure("the models' module `\(module)` needs a folder of its own: give --output DIR instead of --single-file")
        }
        // The configuration's overlays are paths from its folder; the command line's, from here.
        let folder = config.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
        let overlayPaths = (configuration.overlays ?? []).map { path in
            path.hasPrefix("/") || folder == nil ? path : folder?.appendingPathComponent(path).path ?? path
        } + overlay
        var overlays: [Overlay] = []
        for path in overlayPaths {
            let bytes = try read(path)
            do {
                overlays.append(try Overlay(bytes, file: path))
            } catch {
                throw failure(error.description)
            }
        }
        let data = try read(spec)
        let result: GenerationResult
        do {
            result = try BricksOpenAPIGenerator.generate(from: data, configuration: configuration, overlays: overlays)
        } catch {
            throw failure("\(spec): \(error.description)")
        }
        if !quiet {
            for action in result.overlayActions { FileHandle.standardError.write(Data("overlay: \(action)\n".utf8)) }
            for diagnostic in result.diagnostics { FileHandle.standardError.write(Data("\(spec): \(diagnostic)\n".utf8)) }
        }
        if let singleFile {
            let single = result.singleFile(path: URL(fileURLWithPath: singleFile).lastPathComponent)
            for file in single.files { try write(file.contents, to: URL(fileURLWithPath: singleFile)) }
            print(single.summaryLine)
        } else if let output {
            // The models' folder first: a bad one stops the run before anything is written.
            let models = try modelsFolder(configuration.modelsModule, output: output)
            try write(result.files, into: output)
            if let models { try write(result.modelFiles, into: models) }
            print(result.summaryLine)
        }
    }

    /// Where the models' module goes: `--models-output`, else beside the output folder, named
    /// like the module. Neither folder may hold the other (two targets cannot share sources).
    private func modelsFolder(_ module: String?, output: String) throws -> String? {
        guard let module else { return nil }
        let endpoints = URL(fileURLWithPath: output, isDirectory: true).standardizedFileURL
        let models = modelsOutput.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
            ?? endpoints.deletingLastPathComponent().appendingPathComponent(module, isDirectory: true)
        let (outer, inner) = (endpoints.path + "/", models.path + "/")
        if outer.hasPrefix(inner) || inner.hasPrefix(outer) {
            throw failure("the models' folder \(models.path) and the output folder \(endpoints.path) must be apart: two targets")
        }
        return models.path
    }

    private func read(_ path: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw failure("\(path): cannot be read: \(error.localizedDescription)")
        }
    }

    /// Writes the files, leaving untouched those whose text did not change, and removes Swift
    /// files a previous run wrote that this one did not.
    private func write(_ files: [GeneratedFile], into output: String) throws {
        let manager = FileManager.default
        let root = URL(fileURLWithPath: output, isDirectory: true)
        let marker = "// Generated by bricks-openapi"
        var written: Set<String> = []
        for file in files {
            let url = root.appendingPathComponent(file.path)
            written.insert(url.standardizedFileURL.path)
            try write(file.contents, to: url)
        }
        guard let enumerator = manager.enumerator(at: root, includingPropertiesForKeys: nil) else { return }
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let path = url.standardizedFileURL.path
            guard !written.contains(path), let text = try? String(contentsOf: url, encoding: .utf8), text.hasPrefix(marker) else {
                continue
            }
            try manager.removeItem(at: url)
        }
    }

    /// Writes `contents` to `url` (creating its folder) unless the file already holds it.
    private func write(_ contents: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let existing = try? String(contentsOf: url, encoding: .utf8), existing == contents { return }
        try contents.write(to: url, atomically: true, encoding: .utf8)
    }

    private func failure(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        return ExitCode.failure
    }
}

extension GeneratorConfiguration.AccessLevel: ExpressibleByArgument {}
