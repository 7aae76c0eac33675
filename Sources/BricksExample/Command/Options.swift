import Foundation

/// The command line of `bricks-example`, parsed by hand: the example depends on Bricks only.
struct Options: Equatable {
    /// The server to send the calls to, or `nil` to replay the bundled recordings.
    var baseURL: URL?
    /// A token sent as `Authorization: Bearer …`, or `nil` for none.
    var token: String?
    /// Whether each exchange is printed to standard error.
    var isVerbose = false
    /// The file to download the repository's body to, instead of the walkthrough (`--download`).
    var downloadDestination: URL?
    /// Whether to print the help and stop.
    var showsHelp = false

    /// Reads the arguments after the program's name.
    /// - Throws: ``ExampleError/usage(_:)`` for an unknown option, a missing value or a base URL
    ///   that is not an http(s) URL.
    init(parsing arguments: [String]) throws(ExampleError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // `--name=value` is the same as `--name value`.
            let (name, inlineValue) = Self.split(argument)
            func value() throws(ExampleError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("-") else {
                    throw .usage("\(name) needs a value")
                }
                return next
            }
            switch name {
            case "--base-url":
                baseURL = try Self.serverURL(try value())
            case "--token":
                token = try value()
                if token?.isEmpty ?? true { throw .usage("--token needs a non-empty value") }
            case "--download":
                let path = try value()
                if path.isEmpty { throw .usage("--download needs a file path") }
                downloadDestination = URL(fileURLWithPath: path)
            case "-v", "--verbose":
                if inlineValue != nil { throw .usage("\(name) takes no value") }
                isVerbose = true
            case "-h", "--help":
                if inlineValue != nil { throw .usage("\(name) takes no value") }
                showsHelp = true
            default:
                throw .usage(
                    argument.hasPrefix("-") ? "unknown option \(argument)" : "unexpected argument \"\(argument)\"")
            }
        }
    }

    /// `("--name", "value")` for `--name=value`, `(argument, nil)` otherwise.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// `text` as a server URL: http or https, with a host, without credentials.
    private static func serverURL(_ text: String) throws(ExampleError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw .usage(
                "--base-url needs an http or https URL with a host, such as http://127.0.0.1:8080, not \"\(text)\"")
        }
        guard url.user == nil, url.password == nil else {
            throw .usage("--base-url must not contain user:password@; pass a token with --token")
        }
        return url
    }

    /// What `--help` prints.
    static let help = """
        bricks-example: a small GitHub client declared entirely with Bricks.

        It gets a repository, lists its issues page by page (following GitHub's Link headers),
        searches issues, lists labels, and tries to create a label with an invalid colour, which
        GitHub refuses with a 422 that arrives as the typed GitHubError. It prints what it decoded
        as tables.

        USAGE
          swift run bricks-example [--base-url URL] [--token TOKEN] [--verbose] [--download FILE]

        OPTIONS
          (no option)       Replay the real GitHub exchanges bundled with the example
                            (Sources/BricksExample/Fixtures) through ReplayTransport; no network.
                            Every count in them (stars, forks, comments…) is 42, as recorded.
          --base-url URL    Send the same calls to the server at URL through URLSessionTransport,
                            for example https://api.github.com, or the recordings served over HTTP:
                              python3 scripts/fixture-server.py Sources/BricksExample/Fixtures
          --token TOKEN     Send "Authorization: Bearer TOKEN" with every call.
          --download FILE   Instead of the walkthrough, download the repository's body to FILE
                            with Session.download (a streamed call) and draw a progress bar.
                            Bricks reports progress every MiB and at the end, so the few
                            kilobytes of a recording show one report, at 100%.
          -v, --verbose     Print each request, its status and its duration to standard error.
          -h, --help        Show this help.

        EXIT STATUS
          0 when every call behaved as expected, 1 when a call failed, 64 for a wrong option.
        """
}
