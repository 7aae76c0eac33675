import BricksTestSupport
import Foundation
import Testing

/// Runs the built `bricks-example` binary as a person would, and reads what it prints: on its
/// bundled recordings, against `scripts/fixture-server.py` over real HTTP with `--base-url`, and
/// against httpbin, which is not GitHub.
///
/// The binary is built by the root package (`swift build`, `swift test`); the AsyncHTTPClient
/// transport package, which compiles the rest of this folder again, leaves this file out.
/// Serialized: each test starts processes, and running them all at once would load the machine
/// while other suites measure timeouts.
@Suite(
    .serialized,
    .enabled(if: HTTPBin.shouldRun, HTTPBin.skipReason))
struct ExampleIntegrationTests {
    /// Lines every run on the recordings prints: real data decoded from each recorded call.
    static let decodedData = [
        "== Repository octokit-fixture-org/hello-world",
        "topics          fixtures, hello, hello-world",
        "1     #13  Test issue 13",
        "5     #1   Test issue 1",
        "13 issues on 5 pages",
        "#2  Sesame seeds split without a pop!  open   octokit-fixture-user-b",
        "#1  The doors don’t open",
        "2 of 2 results",
        "good first issue  #7057ff  Good for newcomers",
        "9 labels",
        "GitHub refused it with a typed GitHubError: 422 Validation Failed",
        "Label     color  invalid",
    ]

    @Test func replaysTheBundledRecordingsWithoutANetwork() async throws {
        let run = try await ExampleProgram.run([])
        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(run.output.contains("Replaying recorded GitHub exchanges through ReplayTransport"))
        for line in Self.decodedData {
            #expect(run.output.contains(line), "missing \"\(line)\" in:\n\(run.output)")
        }
        #expect(run.errorOutput.isEmpty)
    }

    /// The recordings hold 42 for every count: the output says so, rather than leave the reader to
    /// suspect a bug.
    @Test func marksTheRecordedCountsAsRecorded() async throws {
        let run = try await ExampleProgram.run([])
        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        for line in [
            "The recordings hold 42 for every count (stars, forks, open issues, comments), shown as recorded.",
            "stars           42 (as recorded)",
            "forks           42 (as recorded)",
            "open issues     42 (as recorded)",
            "13 issues on 5 pages; comment counts as recorded",
        ] {
            #expect(run.output.contains(line), "missing \"\(line)\" in:\n\(run.output)")
        }
        // The banner comes first.
        #expect(run.output.hasPrefix("Bricks example: a GitHub client declared with bricks\nReplaying recorded"))
    }

    @Test func sendsTheSameCallsToAServerGivenByBaseURL() async throws {
        let server = try await FixtureServer.start()
        defer { server.stop() }
        let run = try await ExampleProgram.run(["--base-url", server.url.absoluteString, "--verbose"])
        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(run.output.contains("Talking to \(server.url.absoluteString) through URLSessionTransport"))
        for line in Self.decodedData {
            #expect(run.output.contains(line), "missing \"\(line)\" in:\n\(run.output)")
        }
        // Every call went over HTTP to the server, pages 2 to 5 through the Link headers it rewrote.
        let origin = server.url.absoluteString
        for page in 2...5 {
            #expect(run.errorOutput.contains("> GET \(origin)/repositories/1000/issues?per_page=3&page=\(page) -> 200"))
        }
        #expect(run.errorOutput.contains("> POST \(origin)/repos/octokit-fixture-org/errors/labels -> 422"))
        let requests = run.errorOutput.split(separator: "\n").filter { $0.hasPrefix("> ") }
        #expect(requests.count == 9)
        #expect(requests.allSatisfy { $0.hasPrefix("> GET \(origin)/") || $0.hasPrefix("> POST \(origin)/") })
        // A server's counts are its own: only the bundled recordings are marked as recorded.
        #expect(run.output.contains("stars           42\n"))
        #expect(!run.output.contains("as recorded"))
    }

    @Test func explainsAServerThatIsNotGitHubWithTheBodyItSent() async throws {
        let anything = try HTTPBin.base().appendingPathComponent("anything")
        let run = try await ExampleProgram.run(["--base-url", anything.absoluteString])
        #expect(run.status == 1)
        let message = run.errorOutput
        #expect(message.contains("could not get repository octokit-fixture-org/hello-world on \(anything.absoluteString)"))
        #expect(message.contains("the response could not be decoded"))
        #expect(message.contains("(GetRepository)"))
        // httpbin's echo of the request, quoted: the request reached it, under the /anything prefix.
        #expect(message.contains("\"url\": \"\(anything.absoluteString)/repos/octokit-fixture-org/hello-world\""))
        #expect(message.contains("Hint: \(anything.absoluteString) did not answer as GitHub's REST API does"))
        #expect(!run.output.contains("== Repository"))
    }

    @Test func failsClearlyWhenNothingListens() async throws {
        let run = try await ExampleProgram.run(["--base-url", "http://127.0.0.1:1"])
        #expect(run.status == 1)
        #expect(run.errorOutput.contains("could not get repository"))
        #expect(run.errorOutput.contains("could not connect to the server (connection refused"))
        #expect(run.errorOutput.contains("Hint: is a server listening at http://127.0.0.1:1?"))
        #expect(!run.errorOutput.contains("could not be resolved"))
    }

    /// A name that does not resolve (`.invalid` never does) is not a server that is down: the hint
    /// says so, and does not ask whether a server listens.
    @Test func saysWhenTheHostNameDoesNotResolve() async throws {
        let server = "http://no-such-host.invalid"
        let run = try await ExampleProgram.run(["--base-url", server])
        #expect(run.status == 1)
        #expect(run.errorOutput.contains("could not get repository octokit-fixture-org/hello-world on \(server)"))
        #expect(run.errorOutput.contains("the host name could not be resolved (DNS)"))
        #expect(run.errorOutput.contains("Hint: the host name no-such-host.invalid could not be resolved"))
        #expect(!run.errorOutput.contains("is a server listening"))
    }

    /// Standard output and standard error into one file, which C's stdio buffers as it does a
    /// pipe (`2>&1 | cat`): the lines arrive in the order the example wrote them, the banner first,
    /// then the `--verbose` exchange, then the error and its hint.
    @Test func printsTheBannerBeforeTheErrorWhenPiped() async throws {
        let arguments = ["--base-url", "http://127.0.0.1:1", "--verbose"]
        let run = try await ExampleProgram.run(arguments, mergingErrorOutput: true)
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        let banner = lines.firstIndex(of: "Bricks example: a GitHub client declared with bricks")
        let exchange = lines.firstIndex { $0.hasPrefix("> GET http://127.0.0.1:1/repos/") && $0.contains("-> failed") }
        let error = lines.firstIndex { $0.hasPrefix("bricks-example: could not get repository") }
        let hint = lines.firstIndex(of: "Hint: is a server listening at http://127.0.0.1:1?")
        let positions = [banner, exchange, error, hint].compactMap { $0 }
        try #require(positions.count == 4, "a line is missing:\n\(run.output)")
        #expect(positions == positions.sorted(), "out of order:\n\(run.output)")
        #expect(banner == 0, "the banner is not the first line:\n\(run.output)")
    }

    /// The streamed command: the recorded repository body downloaded to a file with
    /// `Session.download`, one progress report drawn as a bar (the body is far under 1 MiB, and
    /// the output says why there is only one), no temporary file left beside it.
    @Test func downloadsARecordedBodyWithAProgressBar() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bricks-download-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("hello-world.json")
        let run = try await ExampleProgram.run(["--download", file.path])
        #expect(run.status == 0, "stderr: \(run.errorOutput)")
        #expect(run.errorOutput.isEmpty)
        let data = try Data(contentsOf: file)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["full_name"] as? String == "octokit-fixture-org/hello-world")
        for line in [
            "== Download GET /repos/octokit-fixture-org/hello-world to \(file.path)",
            "[##############################] 100%  \(data.count) of \(data.count) bytes",
            "1 progress report for \(data.count) bytes: Bricks reports every MiB and at the end, so a body under 1 MiB gets one.",
            "Saved \(data.count) bytes (Content-Length \(data.count)) to \(file.path); the server answered 200 OK.",
        ] {
            #expect(run.output.contains(line), "missing \"\(line)\" in:\n\(run.output)")
        }
        // The walkthrough did not run, and the temporary file was renamed into place.
        #expect(!run.output.contains("== Repository"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["hello-world.json"])
    }

    @Test func helpExplainsTheOptions() async throws {
        let run = try await ExampleProgram.run(["--help"])
        #expect(run.status == 0)
        for option in ["--base-url URL", "--token TOKEN", "--verbose", "--download FILE", "--help", "scripts/fixture-server.py"] {
            #expect(run.output.contains(option))
        }
    }

    @Test(arguments: [
        (["--bogus"], "unknown option --bogus"),
        (["--base-url"], "--base-url needs a value"),
        (["--download"], "--download needs a value"),
        (["--base-url", "localhost:8080"], "--base-url needs an http or https URL"),
        (["--base-url=http://user:secret@127.0.0.1"], "--base-url must not contain user:password@"),
        (["extra"], "unexpected argument \"extra\""),
    ])
    func refusesWrongOptions(arguments: [String], message: String) async throws {
        let run = try await ExampleProgram.run(arguments)
        #expect(run.status == 64)
        #expect(run.errorOutput.contains("bricks-example: \(message)"))
        #expect(run.output.isEmpty)
    }
}

/// The built `bricks-example` and a way to run it.
enum ExampleProgram {
    /// Where the build put `bricks-example`: beside the test bundle (`.build/debug`), or
    /// `BRICKS_EXAMPLE_BINARY`.
    static let url: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["BRICKS_EXAMPLE_BINARY"] { return URL(fileURLWithPath: path) }
        var folders = Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }.map {
            $0.bundleURL.deletingLastPathComponent()
        }
        folders.append(Bundle.main.bundleURL)
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        return folders.map { $0.appendingPathComponent("bricks-example") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }()


    /// What one run printed, and how it ended.
    struct Run {
        let status: Int32
        let output: String
        let errorOutput: String
    }

    /// Runs `bricks-example` with `arguments` and waits for it; a run longer than `timeLimit` is
    /// ended and fails the test. With `mergingErrorOutput`, standard error goes where standard
    /// output goes (as `2>&1` does): `output` holds both, interleaved as written, and
    /// `errorOutput` is empty.
    static func run(_ arguments: [String], mergingErrorOutput: Bool = false, timeLimit: Duration = .seconds(60))
        async throws -> Run
    {
        let binary = try #require(url, "bricks-example was not found beside the test bundle; run `swift build` first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bricks-example-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Files rather than pipes: nothing can block on a full pipe, however much is printed.
        let outputURL = folder.appendingPathComponent("stdout")
        let errorURL = folder.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        process.standardOutput = outputHandle
        process.standardError = mergingErrorOutput ? outputHandle : try FileHandle(forWritingTo: errorURL)
        let watchdog = Task {
            try await Task.sleep(for: timeLimit)
            // SIGKILL: a child may inherit a blocked SIGTERM from the test runner's thread.
            kill(process.processIdentifier, SIGKILL)
        }
        defer { watchdog.cancel() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in continuation.resume() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        #expect(process.terminationReason == .exit, "bricks-example \(arguments) did not finish within \(timeLimit)")
        return Run(
            status: process.terminationStatus,
            output: try String(contentsOf: outputURL, encoding: .utf8),
            errorOutput: try String(contentsOf: errorURL, encoding: .utf8))
    }
}

/// `scripts/fixture-server.py` serving the example's recordings on 127.0.0.1, started for one test.
struct FixtureServer {
    let process: Process
    let url: URL

    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Starts the server on a free port and waits for the base URL it prints. It stops by itself
    /// after `lifetime` seconds, should the test never stop it.
    static func start(lifetime: Int = 120) async throws -> FixtureServer {
        let script = root.appendingPathComponent("scripts/fixture-server.py")
        let fixtures = root.appendingPathComponent("Sources/BricksExample/Fixtures")
        try #require(FileManager.default.fileExists(atPath: script.path), "\(script.path) not found")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--quiet", "--lifetime", String(lifetime), fixtures.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The first line is the base URL; end of file (the server failed) gives an empty line.
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            DispatchQueue.global().async {
                var text = Data()
                while !text.contains(UInt8(ascii: "\n")) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    text += chunk
                }
                let first = String(decoding: text, as: UTF8.self).split(separator: "\n").first ?? ""
                continuation.resume(returning: String(first))
            }
        }
        guard let url = URL(string: line), line.hasPrefix("http://127.0.0.1:") else {
            process.terminate()
            throw FixtureServerError(message: "fixture-server.py did not print its URL; it printed \"\(line)\"")
        }
        return FixtureServer(process: process, url: url)
    }

    /// Stops the server and waits for it to exit.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// The fixture server could not be started.
struct FixtureServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
