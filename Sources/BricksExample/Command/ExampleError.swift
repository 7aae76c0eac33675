/// Why the example stopped, said so that the person running it knows what to do.
enum ExampleError: Error, CustomStringConvertible {
    /// An option was wrong; the text says which and how.
    case usage(String)
    /// A fixture that should be bundled with the example is missing.
    case missingFixture(String)
    /// A call failed. `step` says what the example was doing, `server` where it sent it.
    case callFailed(step: String, server: String, underlying: any Error)

    var description: String {
        switch self {
        case .usage(let text):
            return text
        case .missingFixture(let name):
            return "the bundled fixture \(name) is missing; rebuild the example with `swift build`"
        case .callFailed(let step, let server, let underlying):
            return "could not \(step) on \(server):\n  \(underlying)"
        }
    }
}
