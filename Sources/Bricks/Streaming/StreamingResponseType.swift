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
    /// The media types (`type/subtype`, lowercase) a reply may declare in `Content-Type` for
    /// ``Session/events(of:)`` to read it; any other reply fails before the first event, and is
    /// never reconnected to. Empty accepts any. Defaults: `text/event-stream` for Server-Sent
    /// Events, the JSON Lines types for JSON Lines, empty otherwise.
    var acceptableContentTypes: [String] { get }
}

extension StreamingResponseType {
    /// Empty: any reply is read.
    public var acceptableContentTypes: [String] { [] }

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
/// let reader = EventReader { chunk in try parser.parse(chunk) } finish: { try parser.finish() }
/// ```
///
/// Nothing good is lost to a bad item: when a chunk completes some events and then fails, the
/// events before the failure are returned and the error is thrown by the next call (and by every
/// call after it).
public final class EventReader<Event> {
    private let readChunk: (Data, inout [Event]) throws -> Void
    private let finishBody: (inout [Event]) throws -> Void
    private var failure: (any Error)?

    /// Makes a reader.
    /// - Parameters:
    ///   - read: the events that a chunk completes.
    ///   - finish: the events left at the end of the body.
    public convenience init(read: @escaping (Data) throws -> [Event], finish: @escaping () throws -> [Event]) {
        self.init(appending: { chunk, events in events += try read(chunk) }, finishing: { events in events += try finish() })
    }

    /// Makes a reader whose closures append each event as it is decoded, so that the events before
    /// a failure are kept.
    init(appending read: @escaping (Data, inout [Event]) throws -> Void, finishing finish: @escaping (inout [Event]) throws -> Void) {
        readChunk = read
        finishBody = finish
    }

    /// The events that `chunk` completes.
    /// - Throws: the format's error (a line over the limit, say), once the events before it are
    ///   returned.
    public func read(_ chunk: Data) throws -> [Event] { try collect { try readChunk(chunk, &$0) } }

    /// The events left at the end of the body.
    /// - Throws: the format's error.
    public func finish() throws -> [Event] { try collect { try finishBody(&$0) } }

    /// Runs one step; a failure after some events is kept for the next call.
    private func collect(_ step: (inout [Event]) throws -> Void) throws -> [Event] {
        if let failure { throw failure }
        var events: [Event] = []
        do {
            try step(&events)
        } catch {
            failure = error
            if events.isEmpty { throw error }
        }
        return events
    }
}
