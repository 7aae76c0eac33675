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
    /// The most bytes one event's data may hold (its `data` lines and the line feeds joining
    /// them). Default: 8 MiB.
    var maximumEventSize: Int { get }
}

extension ServerSentEventsResponseType {
    /// ``SSEReconnection/never``.
    public var reconnection: SSEReconnection { .never }
    /// 1 MiB.
    public var maximumLineLength: Int { ServerSentEventParser.defaultMaximumLineLength }
    /// 8 MiB.
    public var maximumEventSize: Int { ServerSentEventParser.defaultMaximumEventSize }
    /// `text/event-stream`, the only type the event-stream rules read.
    public var acceptableContentTypes: [String] { ["text/event-stream"] }

    /// Parses the body as server-sent events and turns each into an `Event`.
    public func makeEventReader() -> EventReader<Event> {
        makeEventReader(lastEventID: "").reader
    }

    /// A reader that continues a stream after `lastEventID`, and the parser's state for the next
    /// reconnection.
    func makeEventReader(lastEventID: String) -> (reader: EventReader<Event>, parser: ReaderState<ServerSentEventParser>) {
        let parser = ReaderState(ServerSentEventParser(
            maximumLineLength: maximumLineLength, maximumEventSize: maximumEventSize, lastEventID: lastEventID))
        let count = ReaderState(0)
        let convert = { (events: [ServerSentEvent], typed: inout [Event]) throws in
            for event in events {
                count.value += 1
                let value = try StreamItemError.decoding(.event(id: event.id), number: count.value, bytes: event.data.utf8) {
                    try self.event(from: event)
                }
                if let value { typed.append(value) }
            }
        }
        let reader = EventReader<Event>(appending: { chunk, typed in
            try convert(try parser.value.parse(chunk), &typed)
        }, finishing: { typed in
            try convert(try parser.value.finish(), &typed)
        })
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

/// When a Server-Sent Events stream reconnects after its connection ends or breaks, and when it
/// gives up.
///
/// It follows the WHATWG rules for `EventSource`, with the bounds they leave to the client:
/// - the wait is the server's `retry` time, kept across reconnections until the server sends
///   another (``defaultDelay`` until it sends one), never less than ``minimumDelay`` (a server
///   asking for `retry: 0` cannot turn clients into a storm) nor more than ``maximumDelay``;
/// - after a connection that delivered no event the wait doubles, with jitter (the standard's
///   "exponential backoff delay"), up to ``maximumDelay``;
/// - after ``maximumAttempts`` connections in a row without an event, or ``maximumTotalAttempts``
///   reconnections in all, or once ``maximumTotalTime`` has passed, the stream ends with a
///   ``BricksError`` whose reason is ``BricksError/Reason/reconnectionGaveUp(reconnections:why:)``,
///   never with a plain end that would read as the server finishing;
/// - `Last-Event-ID` is sent on each reconnection; a `204 No Content` answer ends the stream
///   normally (the server's "stop"), and any status the endpoint does not accept, or a reply that is
///   not `text/event-stream`, ends it with an error at once, without reconnecting.
public struct SSEReconnection: Sendable, Equatable {
    /// Connections in a row that may end without an event before the stream gives up; 0 never
    /// reconnects.
    public var maximumAttempts: Int
    /// The wait before reconnecting while the server has sent no `retry`.
    public var defaultDelay: Duration
    /// The shortest wait, whatever the server's `retry` says.
    public var minimumDelay: Duration
    /// The longest wait, whatever the server's `retry` or the backoff says.
    public var maximumDelay: Duration
    /// The most reconnections in all, events or not; `nil` for no such limit.
    public var maximumTotalAttempts: Int?
    /// How long after the first request the stream may still reconnect; `nil` for no such limit.
    public var maximumTotalTime: Duration?

    /// Makes a policy.
    /// - Parameters:
    ///   - maximumAttempts: connections in a row without an event before giving up. Default: 3.
    ///   - defaultDelay: the wait while the server sets none. Default: 3 s, as browsers.
    ///   - minimumDelay: the shortest wait. Default: 500 ms.
    ///   - maximumDelay: the longest wait. Default: 30 s.
    ///   - maximumTotalAttempts: the most reconnections in all. Default: no limit.
    ///   - maximumTotalTime: how long reconnecting may go on. Default: no limit.
    public init(
        maximumAttempts: Int = 3, defaultDelay: Duration = .seconds(3), minimumDelay: Duration = .milliseconds(500),
        maximumDelay: Duration = .seconds(30), maximumTotalAttempts: Int? = nil, maximumTotalTime: Duration? = nil
    ) {
        self.maximumAttempts = maximumAttempts
        self.defaultDelay = defaultDelay
        self.minimumDelay = minimumDelay
        self.maximumDelay = maximumDelay
        self.maximumTotalAttempts = maximumTotalAttempts
        self.maximumTotalTime = maximumTotalTime
    }

    /// Never reconnects: the stream ends with its connection.
    public static let never = SSEReconnection(maximumAttempts: 0)

    /// The wait before the next reconnection.
    /// - Parameters:
    ///   - retry: the server's latest `retry` time, if it sent one.
    ///   - emptyConnections: connections in a row that ended without an event (0 when the last
    ///     one delivered events).
    ///   - random: a number in `0..<1` that sets the jitter.
    func delay(retry: Duration?, emptyConnections: Int, random: Double = Double.random(in: 0..<1)) -> Duration {
        let floor = Swift.max(minimumDelay, .zero)
        let base = Swift.min(Swift.max(retry ?? defaultDelay, floor), Swift.max(maximumDelay, floor))
        guard emptyConnections > 0 else { return base }
        // The backoff of retries, from the server's time: doubled per empty connection, jittered.
        let backoff = RetryPolicy(baseDelay: base, maximumDelay: Swift.max(maximumDelay, floor), jitter: 0.5)
            .backoff(afterAttempt: emptyConnections + 1, random: random)
        return Swift.max(backoff, floor)
    }
}
