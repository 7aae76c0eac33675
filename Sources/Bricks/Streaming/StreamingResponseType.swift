import Foundation

/// An endpoint whose body is a stream of typed events, read as they arrive with
/// ``Session/events(of:)``: Server-Sent Events (``ServerSentEventsResponseType``), JSON Lines
/// (``JSONLinesResponseType``), or a format of your own.
///
/// ``Session/send(_:)`` still works on such an endpoint: it reads the whole body and returns every
/// event (`Response == [Event]`).
public protocol StreamingResponseType: ResponseType where Response == [Event] {
    /// One event of the stream.
    associatedtype Event
    /// A new reader of this stream's bytes: each call starts from the beginning of a body.
    func makeEventReader() -> EventReader<Event>
}

extension StreamingResponseType {
    /// Every event of a whole body, for ``Session/send(_:)``.
    /// - Throws: the reader's error.
    public func decode(_ data: Data, response: ResponseHead) throws -> [Event] {
        let reader = makeEventReader()
        return try reader.read(data) + reader.finish()
    }
}

/// Turns the chunks of a body into events, keeping whatever a chunk leaves unfinished for the
/// next one.
///
/// ```swift
/// EventReader { chunk in try parser.parse(chunk) } finish: { try parser.finish() }
/// ```
public final class EventReader<Event> {
    private let readChunk: (Data) throws -> [Event]
    private let finishBody: () throws -> [Event]

    /// Makes a reader.
    /// - Parameters:
    ///   - read: the events that a chunk completes.
    ///   - finish: the events left at the end of the body.
    public init(read: @escaping (Data) throws -> [Event], finish: @escaping () throws -> [Event]) {
        readChunk = read
        finishBody = finish
    }

    /// The events that `chunk` completes.
    /// - Throws: the format's error (a line over the limit, say).
    public func read(_ chunk: Data) throws -> [Event] { try readChunk(chunk) }

    /// The events left at the end of the body.
    /// - Throws: the format's error.
    public func finish() throws -> [Event] { try finishBody() }
}
