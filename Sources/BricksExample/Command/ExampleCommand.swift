import Bricks
import Foundation

/// `bricks-example`: reads the options, builds the client, runs the walkthrough, and turns every
/// failure into a message and an exit status.
enum ExampleCommand {
    /// The exit status for a wrong option (`EX_USAGE`).
    static let usageStatus: Int32 = 64

    /// Runs the command with the arguments after the program's name and returns its exit status.
    static func run(arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try Options(parsing: arguments)
        } catch {
            Console.error("bricks-example: \(error)\nRun `bricks-example --help` to see the options.")
            return usageStatus
        }
        if options.showsHelp {
            print(Options.help)
            return 0
        }
        do {
            let client = try makeClient(options)
            print(banner(options))
            if let destination = options.downloadDestination {
                try await Download(client: client, destination: destination).run()
                return 0
            }
            try await Walkthrough(client: client, countsAreRecorded: options.baseURL == nil).run()
            return 0
        } catch {
            Console.error("bricks-example: \(error)")
            if let hint = hint(for: error, options: options) { Console.error(hint) }
            return 1
        }
    }

    /// A client on the bundled recordings, or on the server of `--base-url`.
    static func makeClient(_ options: Options) throws -> GitHubClient {
        var middleware: [any Middleware] = []
        if options.isVerbose { middleware.append(ExchangeLogMiddleware()) }
        if let token = options.token { middleware.append(TokenMiddleware(token: token)) }
        guard let server = options.baseURL else {
            return GitHubClient(session: try BundledFixtures.transport().session(middleware: middleware), server: GitHub.apiURL)
        }
        return GitHubClient(session: Session(transport: URLSessionTransport(), middleware: middleware), server: server.absoluteString)
    }

    /// The first lines of the output: what the example talks to.
    static func banner(_ options: Options) -> String {
        let title = "Bricks example: a GitHub client declared with bricks"
        if let server = options.baseURL {
            return "\(title)\nTalking to \(server.absoluteString) through URLSessionTransport."
        }
        return """
            \(title)
            Replaying recorded GitHub exchanges through ReplayTransport (no network). See --help.
            The recordings hold 42 for every count (stars, forks, open issues, comments), shown as recorded.
            """
    }

    /// A next step for failures whose cause is likely the server rather than the example.
    static func hint(for error: any Error, options: Options) -> String? {
        guard let server = options.baseURL, let cause = ExampleError.cause(of: error) else { return nil }
        switch cause {
        case .notGitHub:
            return "Hint: \(server.absoluteString) did not answer as GitHub's REST API does. "
                + "Point --base-url at GitHub, or serve the recordings with "
                + "`python3 scripts/fixture-server.py Sources/BricksExample/Fixtures`."
        case .hostNotFound:
            return "Hint: the host name \(server.host ?? server.absoluteString) could not be resolved; "
                + "check the spelling of --base-url."
        case .connectionRefused:
            return "Hint: is a server listening at \(server.absoluteString)?"
        case .timedOut:
            return "Hint: \(server.absoluteString) did not answer in time."
        }
    }
}
