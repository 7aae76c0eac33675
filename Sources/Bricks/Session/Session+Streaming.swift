import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Session {
    /// The events of a streaming endpoint, each as it arrives: Server-Sent Events, JSON Lines, or
    /// a format of your own (``StreamingResponseType``).
    ///
    /// ```swift
    /// for try await event in session.events(of: Ticker()) { print(event) }
    /// ```
    ///
    /// The middleware runs as for any call, on the head: authorization refresh and retry act
    /// before any event is handed out. The whole-exchange deadline ends when the head arrives;
    /// after that the stream lasts as long as the server keeps it open (cancel the task to stop
    /// it), and the body size limit applies only when the endpoint sets
    /// ``ResponseType/maximumResponseSize``.
    /// - Returns: the events, read when iterated.
    public func events<Request: RequestContextType & StreamingResponseType>(of endpoint: Request)
        -> EventStream<Request.Event>
    {
        if let sse = endpoint as? any ServerSentEventsResponseType {
            return serverSentEvents(of: endpoint, reconnection: sse.reconnection)
        }
        return EventStream(open: { _ in try await self.openStream(endpoint, contentTypes: endpoint.acceptableContentTypes) }) { _ in
            (endpoint.makeEventReader(), { "" }, { nil })
        }
    }

    /// The body of any endpoint as byte chunks, as they arrive, after its status is checked.
    ///
    /// ```swift
    /// for try await chunk in session.bytes(of: GetLog(id: 1)) { output.write(chunk) }
    /// ```
    /// - Returns: the chunks, read when iterated.
    public func bytes<Request: RequestContextType>(of endpoint: Request) -> EventStream<Data> {
        EventStream(open: { _ in try await self.openStream(endpoint) }) { _ in
            (EventReader(read: { [$0] }, finish: { [] }), { "" }, { nil })
        }
    }

    /// Server-sent events, resumed with `Last-Event-ID` as the endpoint's ``SSEReconnection`` allows.
    private func serverSentEvents<Request: RequestContextType & StreamingResponseType>(
        of endpoint: Request, reconnection: SSEReconnection
    ) -> EventStream<Request.Event> {
        EventStream(
            open: { lastEventID in
                try await self.openStream(endpoint, lastEventID: lastEventID, contentTypes: endpoint.acceptableContentTypes)
            }, reconnection: reconnection
        ) { lastEventID in
            // The endpoint itself is captured and opened again; `events(of:)` checked that it
            // speaks Server-Sent Events.
            guard let sse = endpoint as? any ServerSentEventsResponseType else {
                return (endpoint.makeEventReader(), { lastEventID }, { nil })
            }
            return Self.reader(of: sse, lastEventID: lastEventID, as: Request.Event.self)
        }
    }

    /// The reader of a Server-Sent Events endpoint opened as an existential, for its own `Event`.
    private static func reader<SSE: ServerSentEventsResponseType, Event>(
        of endpoint: SSE, lastEventID: String, as: Event.Type
    ) -> (reader: EventReader<Event>, lastEventID: () -> String, retry: () -> Duration?) {
        let (reader, parser) = endpoint.makeEventReader(lastEventID: lastEventID)
        let typed = EventReader<Event> { chunk in
            try reader.read(chunk).compactMap { $0 as? Event }
        } finish: {
            try reader.finish().compactMap { $0 as? Event }
        }
        return (typed, { parser.value.lastEventID }, { parser.value.reconnectionTime })
    }

    /// Sends `endpoint` for a streamed body and checks the status (and the media type, when
    /// `contentTypes` names some), or returns `nil` when a resumed Server-Sent Events stream is
    /// answered `204 No Content` (the server's "stop").
    /// - Throws: what ``send(_:)`` throws for a status the endpoint does not accept;
    ///   ``BricksError/Reason/invalidResponse(_:)`` for a media type not in `contentTypes`.
    nonisolated(nonsending)
    func openStream<Request: RequestContextType>(
        _ endpoint: Request, lastEventID: String? = nil, contentTypes: [String] = []
    ) async throws -> (response: RawResponse, call: RequestSummary)? {
        var prepared = try prepare(endpoint, bodyMode: .streamed)
        if let lastEventID, !lastEventID.isEmpty {
            prepared.head.headerFields["Last-Event-ID"] = lastEventID
        }
        let response = try await runThroughStack(prepared)
        if lastEventID != nil, response.head.statusCode == 204 { return nil }
        let call = { prepared.context.summary(of: prepared.head, answeredBy: response.head) }
        guard prepared.context.isSuccess(response.head.statusCode) else {
            let data = try await collect(response.body, prepared: prepared)
            throw APIErrorDecoding.failure(endpoint, data: data, head: response.head, call: call())
        }
        if !contentTypes.isEmpty {
            let type = response.head.mimeType?.lowercased()
            guard let type, contentTypes.contains(type) else {
                throw BricksError(
                    .invalidResponse(
                        "the server answered \(response.head.status) with "
                            + (type.map { "Content-Type \($0)" } ?? "no Content-Type")
                            + ", which is not a stream this endpoint reads (\(contentTypes.joined(separator: ", ")))"),
                    request: call())
            }
        }
        return (response, call())
    }
}
