/// The server-sent events parser: the events are the same however the stream is cut into chunks,
/// and the buffers never pass the limits.
///
/// Input: two limit bytes, a count of cuts and the cuts, then the stream.
enum ServerSentEventsTarget {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let maximumLineLength = input.number(below: 64)
        let maximumEventSize = input.number(below: 128)
        let cuts = (0..<input.number(below: 8)).map { _ in input.number(below: 4096) }
        let stream = input.rest()

        let whole = Lib.serverSentEvents([stream], maximumLineLength: maximumLineLength, maximumEventSize: maximumEventSize)
        let pieces = chunks(of: stream, cutAt: cuts)
        let cut = Lib.serverSentEvents(pieces, maximumLineLength: maximumLineLength, maximumEventSize: maximumEventSize)
        require(cut.events == whole.events && cut.error == whole.error && cut.lastEventID == whole.lastEventID
                && cut.reconnectionTime == whole.reconnectionTime, "the stream cut at \(cuts) gave \(cut), whole \(whole)")
        let bytewise = Lib.serverSentEvents(stream.map { [$0] }, maximumLineLength: maximumLineLength, maximumEventSize: maximumEventSize)
        require(bytewise.events == whole.events && bytewise.error == whole.error && bytewise.lastEventID == whole.lastEventID,
                "the stream byte by byte gave \(bytewise), whole \(whole)")

        // The line, the event type and the data are each bounded (the data keeps a line feed
        // after its last value).
        let bound = 2 * maximumLineLength + maximumEventSize + 1
        for outcome in [whole, cut, bytewise] {
            require(outcome.largestBuffer <= bound, "buffered \(outcome.largestBuffer) bytes, more than \(bound)")
        }
        for event in whole.events {
            // Invalid UTF-8 grows by at most 3 bytes per byte when repaired.
            require(event.data.utf8.count <= 3 * maximumEventSize, "an event of \(event.data.utf8.count) bytes passed \(maximumEventSize)")
            require(!event.type.isEmpty, "an event without a type")
            require(event.id.map { !$0.isEmpty && !$0.contains("\0") } ?? true, "an event id \(String(describing: event.id))")
        }
        if whole.error == nil {
            // No limit was passed, so every event the stream completed is there: a blank line
            // after a data line dispatches one.
            require(whole.events.count <= stream.filter { $0 == 0x0A || $0 == 0x0D }.count, "more events than line ends")
        }
    }
}
