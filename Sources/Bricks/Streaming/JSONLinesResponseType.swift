import Foundation

/// A JSON Lines (NDJSON) response: one JSON value per line, each decoded into an `Event`.
///
/// ```swift
/// struct ExportUsers: APIRequest, GETRequestType, JSONLinesResponseType {
///     typealias Event = User
///     var path: String { "/export/users.ndjson" }
/// }
/// for try await user in session.events(of: ExportUsers()) { print(user.login) }
/// ```
///
/// Lines end with LF or CRLF; empty lines are skipped; a line longer than
/// ``maximumLineLength`` fails the stream instead of growing without bound. A line that does not
/// decode ends the stream with a ``BricksError`` naming the line (its number, an excerpt, and
/// whether it was not UTF-8, not JSON, or not the `Event`'s shape), after every line before it.
/// `Event` is constrained where the decoding is written, so that a main-actor-isolated model of an
/// app target can be one; an `Event` that is not `Decodable` has no reader and fails to compile.
public protocol JSONLinesResponseType: StreamingResponseType {
    /// The decoder of each line. Default: a plain `JSONDecoder`.
    var decoder: JSONDecoder { get }
    /// The longest line accepted, in bytes. Default: 1 MiB.
    var maximumLineLength: Int { get }
}

extension JSONLinesResponseType {
    /// A plain `JSONDecoder`.
    public var decoder: JSONDecoder { DefaultCoders.jsonDecoder }
    /// 1 MiB.
    public var maximumLineLength: Int { LineSplitter.defaultMaximumLineLength }

    /// The JSON Lines types, and `application/json` and `text/plain`, which servers of NDJSON
    /// often send: `application/jsonl`, `application/x-jsonlines`, `application/jsonlines`,
    /// `application/x-ndjson`, `application/ndjson`, `application/json-seq`.
    public var acceptableContentTypes: [String] {
        [
            "application/jsonl", "application/x-jsonlines", "application/jsonlines", "application/x-ndjson",
            "application/ndjson", "application/json-seq", "application/json", "text/plain",
        ]
    }

}

extension JSONLinesResponseType where Event: Decodable {
    /// Splits the body into lines and decodes each; a line that fails comes after the lines before it.
    public func makeEventReader() -> EventReader<Event> {
        let splitter = ReaderState(LineSplitter(maximumLineLength: maximumLineLength))
        let decoder = self.decoder
        let decode = { (lines: [Data], numbers: [Int], events: inout [Event]) throws in
            for (line, number) in zip(lines, numbers) {
                events.append(try StreamItemError.decoding(.line, number: number, bytes: line) {
                    try decoder.decode(Event.self, from: line)
                })
            }
        }
        return EventReader(appending: { chunk, events in
            var numbers: [Int] = []
            let lines = try splitter.value.parse(chunk, numbers: &numbers)
            try decode(lines, numbers, &events)
        }, finishing: { events in
            let number = splitter.value.lastLineNumber
            let lines = try splitter.value.finish()
            try decode(lines, [number], &events)
        })
    }
}
