import Foundation

/// A `text/event-stream` response: Server-Sent Events, parsed by the WHATWG HTML standard's rules
/// and each turned into an `Event`.
///
/// ```swift
/// struct Completions: APIRequest, POSTRequestType, JSONBodyRequestType, ServerSentEventsResponseType {
///     typealias Event = CompletionChunk      // decoded from each event's JSON `data`
///     let body: CompletionRequest
///     var path: String { "/v1/completions" }
/// }
/// for try await chunk in session.events(of: Completions(body: prompt)) { print(chunk.text, terminator: "") }
/// ```
///
/// With `Event == ServerSentEvent` each event comes as parsed. Otherwise the default reads each
/// event's `data` as JSON; implement ``event(from:)`` to choose per event (return `nil` to skip
/// one, such as a final `[DONE]`).
///
/// Set ``reconnection`` to resume a stream the server drops: Bricks reconnects with
/// `Last-Event-ID` after the server's `retry` time, a bounded number of times.
public protocol ServerSentEventsResponseType: StreamingResponseType {
    /// The typed value of one server-sent event, or `nil` to skip it.
    /// - Throws: a decoding error, which ends the stream.
    func event(from event: ServerSentEvent) throws -> Event?
    /// When and how often to reconnect after the connection ends. Default: ``SSEReconnection/never``.
    var reconnection: SSEReconnection { get }
    /// The longest line accepted, in bytes. Default: 1 MiB.
    var maximumLineLength: Int { get }
}

extension ServerSentEventsResponseType {
    /// ``SSEReconnection/never``.
    public var reconnection: SSEReconnection { .never }
    /// 1 MiB.
    public var maximumLineLength: Int { ServerSentEventParser.defaultMaximumLineLength }

    /// Parses the body as server-sent events and turns each into an `Event`.
    public func makeEventReader() -> EventReader<Event> {
        makeEventReader(lastEventID: "").reader
    }

    /// A reader that continues a stream after `lastEventID`, and the parser's state for the next
    /// reconnection.
    func makeEventReader(lastEventID: String) -> (reader: EventReader<Event>, parser: Box<ServerSentEventParser>) {
        let parser = Box(ServerSentEventParser(maximumLineLength: maximumLineLength, lastEventID: lastEventID))
        let convert = { (events: [ServerSentEvent]) throws -> [Event] in try events.compactMap { try self.event(from: $0) } }
        let reader = EventReader { chunk in
            try convert(try parser.value.parse(chunk))
        } finish: {
            try convert(try parser.value.finish())
        }
        return (reader, parser)
    }
}

extension ServerSentEventsResponseType where Event == ServerSentEvent {
    /// The event as parsed.
    public func event(from event: ServerSentEvent) throws -> Event? { event }
}

extension ServerSentEventsResponseType where Event: Decodable {
    /// The event's `data` decoded as JSON with a plain `JSONDecoder`.
    public func event(from event: ServerSentEvent) throws -> Event? {
        try DefaultCoders.jsonDecoder.decode(Event.self, from: Data(event.data.utf8))
    }
}

/// When a Server-Sent Events stream reconnects after its connection ends: after the server's
/// `retry` time (or ``defaultDelay``), never longer than ``maximumDelay``, at most
/// ``maximumAttempts`` times in a row without an event in between, with `Last-Event-ID` set.
/// A `204 No Content` answer, or any status other than success, ends the stream.
public struct SSEReconnection: Sendable, Equatable {
    /// Reconnections in a row without receiving an event; 0 never reconnects.
    public var maximumAttempts: Int
    /// The wait before reconnecting when the server sent no `retry`.
    public var defaultDelay: Duration
    /// The longest wait, whatever the server's `retry` says.
    public var maximumDelay: Duration

    /// Makes a policy.
    /// - Parameters:
    ///   - maximumAttempts: reconnections in a row without an event. Default: 3.
    ///   - defaultDelay: the wait when the server sets none. Default: 3 s, as browsers.
    ///   - maximumDelay: the longest wait. Default: 30 s.
    public init(maximumAttempts: Int = 3, defaultDelay: Duration = .seconds(3), maximumDelay: Duration = .seconds(30)) {
        self.maximumAttempts = maximumAttempts
        self.defaultDelay = defaultDelay
        self.maximumDelay = maximumDelay
    }

    /// Never reconnects: the stream ends with its connection.
    public static let never = SSEReconnection(maximumAttempts: 0)
}
