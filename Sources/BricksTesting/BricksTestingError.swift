/// Why a test transport could not do what a test asked, said so that the test can be fixed.
public enum BricksTestingError: Error, Sendable, CustomStringConvertible {
    /// A strict ``ReplayTransport`` has no recording of a request. `request` names it
    /// (`GET /search?q=swift`); `nearest` names the most similar recorded exchange and how it
    /// differs, or is `nil` when nothing was recorded.
    case noRecordedExchange(request: String, nearest: String?)
    /// A strict ``ReplayTransport`` has already served every recording of a request, each once.
    case recordingsExhausted(request: String, count: Int)
    /// A fixture file or its data is not a list of exchanges. `source` names the file (or "data").
    case malformedFixture(source: String, reason: String)
    /// A file could not be read (a reply from a file, or a fixture).
    case unreadableFile(path: String, reason: String)
    /// A ``RecordingTransport`` could not write its fixture file.
    case unwritableFixture(path: String, reason: String)
    /// A test asked for the body of a request that has none.
    case missingBody(request: String)
    /// A ``StubWebSocketTransport`` script expected one message and the app sent another.
    case unexpectedWebSocketMessage(expected: String, sent: String)

    /// A sentence that says what went wrong and what to do about it.
    public var description: String {
        switch self {
        case .noRecordedExchange(let request, let nearest):
            let hint = nearest.map { "The nearest recorded exchange is \($0)." } ?? "The fixture records no exchanges."
            return "ReplayTransport has no recorded exchange for \(request). \(hint)"
        case .recordingsExhausted(let request, let count):
            return "ReplayTransport has already served the \(count) recorded exchange\(count == 1 ? "" : "s") for "
                + "\(request). Record the request again, or replay with `repeatsExchanges` to serve the last one again."
        case .malformedFixture(let source, let reason):
            return "The fixture \(source) is not a list of recorded exchanges: \(reason)"
        case .unreadableFile(let path, let reason):
            return "The file \(path) could not be read: \(reason)"
        case .unwritableFixture(let path, let reason):
            return "RecordingTransport could not write the fixture \(path): \(reason)"
        case .missingBody(let request):
            return "The request \(request) has no body."
        case .unexpectedWebSocketMessage(let expected, let sent):
            return "The WebSocket script expected the app to send \(expected), but it sent \(sent)."
        }
    }
}
