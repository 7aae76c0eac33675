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
/// ``maximumLineLength`` fails the stream instead of growing without bound.
public protocol JSONLinesResponseType: StreamingResponseType where Event: Decodable {
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

    /// Splits the body into lines and decodes each.
    public func makeEventReader() -> EventReader<Event> {
        let splitter = Box(LineSplitter(maximumLineLength: maximumLineLength))
        let decoder = self.decoder
        let decode = { (lines: [Data]) throws -> [Event] in try lines.map { try decoder.decode(Event.self, from: $0) } }
        return EventReader { chunk in
            try decode(try splitter.value.parse(chunk))
        } finish: {
            try decode(try splitter.value.finish())
        }
    }
}

/// A mutable value shared by the closures of one reader.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
