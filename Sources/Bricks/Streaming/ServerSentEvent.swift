/// One event of a `text/event-stream` response, as the WHATWG HTML standard's server-sent events
/// interpretation dispatches it.
///
/// An event is the block of field lines before a blank line. Its `data` lines are joined with line
/// feeds; a block without any `data` line dispatches no event.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event type: the block's last `event` field, or `"message"` when it has none (or an empty
    /// one).
    public var event: String

    /// The event's data: the values of the block's `data` fields joined with `"\n"` (no trailing
    /// line feed). An event with a bare `data` line has empty data.
    public var data: String

    /// The stream's last event ID when this event was dispatched: the value of the latest `id`
    /// field, in this event's block or an earlier one (IDs persist from event to event, as the
    /// standard's `lastEventId`). `nil` when no ID has been set, or the server reset it with an
    /// empty `id` field: then a reconnection sends no `Last-Event-ID` header.
    public var id: String?

    /// The reconnection time the stream set with a `retry` field since the previous event was
    /// dispatched (in this event's block, or in blocks without data before it), or `nil` when it set
    /// none. Only values made of ASCII digits count; they are milliseconds.
    public var retry: Duration?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - event: The event type; `"message"` unless the stream names another.
    ///   - data: The event's data, lines joined with `"\n"`.
    ///   - id: The last event ID in effect for the event, if any.
    ///   - retry: The reconnection time the stream set with the event, if any.
    public init(event: String = "message", data: String, id: String? = nil, retry: Duration? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
