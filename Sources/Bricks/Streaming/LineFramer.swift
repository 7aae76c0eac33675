/// Splits a byte stream into lines as its chunks arrive, under a length limit: the one framing of
/// Bricks' line-based formats, JSON Lines (``LineSplitter``) and server-sent events
/// (``ServerSentEventParser``), which differ only in what ends a line.
///
/// A chunk may end anywhere, even inside a CRLF: the lines are the same for every split of the
/// same bytes. A line complete in one chunk is handed over in place; only an unfinished line is
/// buffered, never more than ``maximumLineLength`` bytes of it, and each byte is examined once.
struct LineFramer: Sendable {
    /// What ends a line.
    enum LineEnds: Sendable {
        /// LF or CRLF; a CR elsewhere is part of the line (JSON Lines).
        case lineFeed
        /// CRLF, LF, or CR alone (the WHATWG event-stream rules).
        case anyNewline
    }

    /// How a scan ended.
    enum Outcome {
        /// Every byte was read.
        case completed
        /// A line was longer than the limit: the stream cannot go on.
        case lineTooLong
        /// The handler asked to stop (it failed on a line).
        case stopped
    }

    let lineEnds: LineEnds
    /// The most bytes a line may hold, its line end not counted.
    let maximumLineLength: Int
    /// Lines ended so far, empty ones included: the number of the line being read is one more.
    private(set) var linesEnded = 0
    /// The bytes of the unfinished line: at most ``maximumLineLength``, plus for
    /// ``LineEnds/lineFeed`` a CR that may start a CRLF.
    private var line: [UInt8] = []
    /// Whether the last chunk ended with a CR, so that an LF starting the next one belongs to the
    /// same line end (``LineEnds/anyNewline``).
    private var skipsLineFeed = false

    /// A buffer grown past this is released, rather than kept, once its line is done.
    static let retainedCapacity = 1 << 16
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D

    init(lineEnds: LineEnds, maximumLineLength: Int) {
        self.lineEnds = lineEnds
        self.maximumLineLength = max(0, maximumLineLength)
    }

    /// The bytes buffered for now.
    var bufferedByteCount: Int { line.count }

    /// Reads `bytes`, handing each line they complete to `handle` with its number in the stream
    /// (from 1, empty lines counted), without its line end. `handle` returns `false` to stop.
    mutating func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, _ handle: (UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) -> Outcome {
        let end = bytes.count
        var index = 0
        if skipsLineFeed, end > 0 {
            skipsLineFeed = false
            if bytes[0] == Self.lineFeed { index = 1 }
        }
        var lineStart = index
        while index < end {
            let byte = bytes[index]
            let endsLine = byte == Self.lineFeed || (lineEnds == .anyNewline && byte == Self.carriageReturn)
            if endsLine {
                var tailEnd = index
                if lineEnds == .lineFeed {
                    if tailEnd > lineStart {
                        if bytes[tailEnd - 1] == Self.carriageReturn { tailEnd -= 1 }
                    } else if line.last == Self.carriageReturn {
                        line.removeLast()  // a CRLF split between chunks
                    }
                }
                let outcome = endLine(with: UnsafeBufferPointer(rebasing: bytes[lineStart..<tailEnd]), handle)
                guard case .completed = outcome else { return outcome }
                if byte == Self.carriageReturn {
                    if index + 1 < end {
                        if bytes[index + 1] == Self.lineFeed { index += 1 }
                    } else {
                        skipsLineFeed = true
                    }
                }
                lineStart = index + 1
            }
            index += 1
        }
        guard lineStart < end else { return .completed }
        // Checked before buffering. For LF line ends one byte over the limit is allowed if it is a
        // CR, which a next chunk starting with an LF turns into a line end.
        let allowance = lineEnds == .lineFeed && bytes[end - 1] == Self.carriageReturn ? 1 : 0
        guard end - lineStart - allowance <= maximumLineLength - line.count else { return .lineTooLong }
        line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))
        return .completed
    }

    /// Ends the stream: returns its unfinished line (without a last CR) and starts over.
    mutating func finish() -> [UInt8] {
        var last: [UInt8] = []
        swap(&last, &line)
        if lineEnds == .lineFeed, last.last == Self.carriageReturn { last.removeLast() }
        linesEnded = 0
        skipsLineFeed = false
        return last
    }

    /// Ends the current line with `tail`, its last bytes.
    private mutating func endLine(
        with tail: UnsafeBufferPointer<UInt8>, _ handle: (UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) -> Outcome {
        guard tail.count <= maximumLineLength - line.count else { return .lineTooLong }
        linesEnded += 1
        if line.isEmpty {
            // The common case: the whole line is in this chunk, read in place.
            return handle(tail, linesEnded) ? .completed : .stopped
        }
        var complete: [UInt8] = []
        swap(&complete, &line)
        complete.append(contentsOf: tail)
        let number = linesEnded
        let handled = complete.withUnsafeBufferPointer { handle($0, number) }
        complete.removeAll(keepingCapacity: complete.capacity <= Self.retainedCapacity)
        swap(&complete, &line)
        return handled ? .completed : .stopped
    }
}
