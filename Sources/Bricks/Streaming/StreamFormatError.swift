/// A streamed response body that breaks a limit of its parser: a line or an event longer than the
/// parser agreed to hold in memory.
///
/// The parsers stop at the first such error and report it from every later call, since the rest of
/// the stream can no longer be framed reliably.
enum StreamFormatError: Error, CustomStringConvertible, Hashable, Sendable {
    /// A server-sent event stream had a line of more than `limit` bytes (line end not counted).
    case serverSentEventLineTooLong(limit: Int)
    /// A server-sent event's data (its `data` values with the line feeds joining them) grew past
    /// `limit` bytes before the blank line that ends the event.
    case serverSentEventTooLarge(limit: Int)
    /// A line-delimited stream (JSON Lines, NDJSON) had a line of more than `limit` bytes (line end
    /// not counted).
    case lineTooLong(limit: Int)

    var description: String {
        switch self {
        case .serverSentEventLineTooLong(let limit):
            "a server-sent event line exceeded \(limit) bytes without a line end"
        case .serverSentEventTooLarge(let limit):
            "a server-sent event's data exceeded \(limit) bytes before the blank line ending the event"
        case .lineTooLong(let limit):
            "a line of the stream exceeded \(limit) bytes without a line end"
        }
    }
}
