/// Turns the bytes of a `text/event-stream` response body into events as they arrive, following the
/// WHATWG HTML standard's rules for interpreting an event stream.
///
/// Feed each chunk of the body to ``parse(_:)``, which returns the events completed by it, and call
/// ``finish()`` at the end of the body. The chunks may be split anywhere, even inside a line end or a
/// UTF-8 character: the events are the same for every split of the same bytes.
///
/// The rules, in short:
/// - the bytes are UTF-8, invalid sequences becoming U+FFFD; one leading byte order mark is dropped;
/// - a line ends at CRLF, LF or CR (a CR ending one chunk and an LF starting the next are one line
///   end);
/// - a line starting with `:` is a comment; otherwise the field name is what precedes the first
///   `:` (the whole line if there is none) and the value what follows it, less one leading space;
/// - `event` sets the event type, `data` adds a line to the data, `id` sets the last event ID
///   (unless its value contains U+0000), `retry` sets the reconnection time (only if its value is
///   made of ASCII digits); other fields are ignored;
/// - a blank line dispatches the event (none if no `data` line came) and commits the last event ID;
/// - at the end of the stream an event not yet ended by a blank line is discarded.
///
/// Memory is bounded: a line may hold at most ``maximumLineLength`` bytes and an event's data at
/// most ``maximumEventSize`` bytes; a stream exceeding either throws a ``StreamFormatError``, from
/// the call that exceeded it or, if that call completed events first, from the next call (those
/// events are returned first). After an error every call throws it again.
///
/// The work is linear in the bytes fed: the framing is ``LineFramer``'s, with CR, LF and CRLF
/// line ends.
struct ServerSentEventParser: Sendable {
    /// The default for ``maximumLineLength``: 1 MiB, as for JSON Lines.
    static let defaultMaximumLineLength = LineSplitter.defaultMaximumLineLength
    /// The default for ``maximumEventSize``: 8 MiB.
    static let defaultMaximumEventSize = 8 << 20

    /// The most bytes a line may hold, its line end not counted.
    var maximumLineLength: Int { framer.maximumLineLength }
    /// The most bytes an event's data may hold: its `data` values and the line feeds joining them.
    let maximumEventSize: Int

    /// The stream's last event ID string: the value of the latest `id` field, committed when the
    /// blank line after it is read (whether or not that block dispatched an event), and kept across
    /// events and across ``finish()``. Empty when none was set or the server reset it; a client
    /// reconnecting sends it as `Last-Event-ID` unless it is empty.
    private(set) var lastEventID = ""

    /// The reconnection time the stream asked for with its latest valid `retry` field (in
    /// milliseconds, saturating at `Int64.max`), set as soon as the field is read; `nil` until then.
    private(set) var reconnectionTime: Duration?

    /// The bytes buffered for now: the unfinished line, and the data and type of the unfinished
    /// event. Bounded by the two limits.
    var bufferedByteCount: Int { framer.bufferedByteCount + data.count + eventType.count }

    /// The framing: CR, LF and CRLF end a line.
    private var framer: LineFramer
    private var atStreamStart = true

    // The event being read (the standard's buffers), kept as bytes and decoded once per event.
    private var data: [UInt8] = []
    private var eventType: [UInt8] = []
    private var lastEventIDBuffer = ""
    private var pendingRetry: Duration?

    private var failure: StreamFormatError?

    /// Creates a parser for one stream.
    ///
    /// - Parameters:
    ///   - maximumLineLength: The most bytes a line may hold (line end not counted).
    ///   - maximumEventSize: The most bytes an event's data may hold.
    ///   - lastEventID: The last event ID to start from (when resuming a stream after a reconnect).
    init(
        maximumLineLength: Int = defaultMaximumLineLength,
        maximumEventSize: Int = defaultMaximumEventSize,
        lastEventID: String = ""
    ) {
        framer = LineFramer(lineEnds: .anyNewline, maximumLineLength: maximumLineLength)
        self.maximumEventSize = max(0, maximumEventSize)
        self.lastEventID = lastEventID
        self.lastEventIDBuffer = lastEventID
    }

    /// Reads the next chunk of the stream.
    ///
    /// - Returns: The events the chunk completed, in order.
    /// - Throws: ``StreamFormatError`` when the stream exceeds a limit (see the type's discussion).
    mutating func parse(_ chunk: some Collection<UInt8>) throws -> [ServerSentEvent] {
        if let failure { throw failure }
        var events: [ServerSentEvent] = []
        let scanned: Void? = chunk.withContiguousStorageIfAvailable { scan($0, into: &events) }
        if scanned == nil {
            Array(chunk).withUnsafeBufferPointer { scan($0, into: &events) }
        }
        if let failure, events.isEmpty { throw failure }
        return events
    }

    /// Ends the stream.
    ///
    /// The standard discards an event that no blank line ended, and an unfinished line, so this
    /// returns no events; it throws a limit error not yet reported. The parser is then ready for the
    /// body of a reconnection to the same source: it keeps ``lastEventID`` and
    /// ``reconnectionTime`` and starts over otherwise (a leading byte order mark is dropped again).
    ///
    /// - Returns: The events completed by the end of the stream: always none.
    /// - Throws: ``StreamFormatError`` if the stream exceeded a limit.
    mutating func finish() throws -> [ServerSentEvent] {
        if let failure { throw failure }
        _ = framer.finish()  // an unfinished line is discarded
        atStreamStart = true
        data = []
        eventType = []
        lastEventIDBuffer = lastEventID
        pendingRetry = nil
        return []
    }

    // MARK: - Framing

    private static let lineFeed: UInt8 = 0x0A
    private static let colon: UInt8 = 0x3A
    private static let space: UInt8 = 0x20

    /// Frames `bytes` into lines and interprets each.
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) {
        // The framer is taken out while it calls back into `interpret`, which changes the rest of
        // the parser (one owner of its buffer at a time, so nothing is copied).
        var framer = LineFramer(lineEnds: .anyNewline, maximumLineLength: 0)
        swap(&framer, &self.framer)
        defer { swap(&framer, &self.framer) }
        let outcome = framer.scan(bytes) { line, _ in interpret(line, into: &events) }
        if case .lineTooLong = outcome { failure = .serverSentEventLineTooLong(limit: framer.maximumLineLength) }
    }

    // MARK: - Interpretation

    /// Interprets one line (without its line end); false after an error.
    private mutating func interpret(_ bytes: UnsafeBufferPointer<UInt8>, into events: inout [ServerSentEvent]) -> Bool {
        var text = bytes[...]
        if atStreamStart {
            atStreamStart = false
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        }
        guard let first = text.first else {
            dispatch(into: &events)
            return true
        }
        if first == Self.colon { return true }
        let name: Slice<UnsafeBufferPointer<UInt8>>
        var value: Slice<UnsafeBufferPointer<UInt8>>
        if let colonIndex = text.firstIndex(of: Self.colon) {
            name = text[..<colonIndex]
            value = text[(colonIndex + 1)...]
            if value.first == Self.space { value = value.dropFirst() }
        } else {
            name = text
            value = text[text.endIndex...]
        }
        if name.elementsEqual("data".utf8) {
            // The data grows by the value, and by the line feed before it unless it is the first
            // line (the buffer keeps a line feed after each value; the last one is dropped).
            guard value.count <= maximumEventSize - data.count else {
                failure = .serverSentEventTooLarge(limit: maximumEventSize)
                return false
            }
            data.append(contentsOf: value)
            data.append(Self.lineFeed)
        } else if name.elementsEqual("event".utf8) {
            eventType.removeAll(keepingCapacity: true)
            eventType.append(contentsOf: value)
        } else if name.elementsEqual("id".utf8) {
            if !value.contains(0) {
                lastEventIDBuffer = String(decoding: value, as: UTF8.self)
            }
        } else if name.elementsEqual("retry".utf8) {
            if let milliseconds = Self.milliseconds(value) {
                let retry = Duration.milliseconds(milliseconds)
                reconnectionTime = retry
                pendingRetry = retry
            }
        }
        return true
    }

    /// The value of a `retry` field, if it is one or more ASCII digits (saturating at `Int64.max`).
    private static func milliseconds(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (shifted, overflowedShift) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowedSum) = shifted.addingReportingOverflow(Int64(byte &- 0x30))
            value = overflowedShift || overflowedSum ? .max : sum
        }
        return value
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        lastEventID = lastEventIDBuffer
        defer {
            eventType.removeAll(keepingCapacity: eventType.capacity <= LineFramer.retainedCapacity)
            data.removeAll(keepingCapacity: data.capacity <= LineFramer.retainedCapacity)
        }
        guard !data.isEmpty else { return }
        events.append(
            ServerSentEvent(
                event: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
                data: String(decoding: data.dropLast(), as: UTF8.self),
                id: lastEventID.isEmpty ? nil : lastEventID,
                retry: pendingRetry))
        pendingRetry = nil
    }
}
