import Foundation

/// Splits the bytes of a line-delimited response body (JSON Lines, NDJSON) into lines as they
/// arrive.
///
/// Feed each chunk to ``parse(_:)``, which returns the lines it completed, and call ``finish()`` at
/// the end of the body for a last line that has no line end. Lines end at LF or CRLF (a CRLF may be
/// split between chunks); a CR elsewhere is part of the line, except one just before the end of the
/// stream. Lines come without their line end, and empty lines are skipped. The lines are the same
/// for every split of the same bytes.
///
/// A line may hold at most ``maximumLineLength`` bytes: a longer one throws a
/// ``StreamFormatError``, from the call that exceeded the limit or, if that call completed lines
/// first, from the next call (those lines are returned first); after an error every call throws it
/// again. Nothing beyond the limit is buffered, and each byte is examined once.
struct LineSplitter: Sendable {
    /// The default for ``maximumLineLength``: 1 MiB.
    static let defaultMaximumLineLength = 1 << 20

    /// The most bytes a line may hold, its line end not counted.
    let maximumLineLength: Int

    /// The bytes of the unfinished line buffered for now: at most ``maximumLineLength``, plus a CR
    /// that may start a CRLF.
    var bufferedByteCount: Int { line.count }

    private var line: [UInt8] = []
    private var failure: StreamFormatError?
    /// Lines ended so far, empty ones included: the number of the line being read is one more.
    private var linesEnded = 0

    /// Creates a splitter for one stream.
    ///
    /// - Parameter maximumLineLength: The most bytes a line may hold (line end not counted).
    init(maximumLineLength: Int = defaultMaximumLineLength) {
        self.maximumLineLength = max(0, maximumLineLength)
    }

    /// Reads the next chunk of the stream.
    ///
    /// - Returns: The non-empty lines the chunk completed, in order, without their line ends.
    /// - Throws: ``StreamFormatError/lineTooLong(limit:)`` when a line exceeds the limit.
    mutating func parse(_ chunk: some Collection<UInt8>) throws -> [Data] {
        var numbers: [Int] = []
        return try parse(chunk, numbers: &numbers)
    }

    /// Reads the next chunk of the stream, and says where each line stood.
    ///
    /// - Parameter numbers: receives the number of each returned line in the stream (from 1, empty
    ///   lines counted), in the same order, for errors that name a line.
    /// - Returns: The non-empty lines the chunk completed, in order, without their line ends.
    /// - Throws: ``StreamFormatError/lineTooLong(limit:)`` when a line exceeds the limit.
    mutating func parse(_ chunk: some Collection<UInt8>, numbers: inout [Int]) throws -> [Data] {
        if let failure { throw failure }
        var lines: [Data] = []
        let scanned: Void? = chunk.withContiguousStorageIfAvailable { scan($0, into: &lines, numbers: &numbers) }
        if scanned == nil {
            Array(chunk).withUnsafeBufferPointer { scan($0, into: &lines, numbers: &numbers) }
        }
        if let failure, lines.isEmpty { throw failure }
        return lines
    }

    /// The number the stream's last line had (from 1, empty lines counted): that of the line
    /// ``finish()`` returns, if any.
    var lastLineNumber: Int { linesEnded + 1 }

    /// Ends the stream, returning its last line if it had no line end (and is not empty). The
    /// splitter is then ready for another stream.
    ///
    /// - Returns: The last line, or nothing.
    /// - Throws: ``StreamFormatError/lineTooLong(limit:)`` if a line exceeded the limit.
    mutating func finish() throws -> [Data] {
        if let failure { throw failure }
        linesEnded = 0
        var last: [UInt8] = []
        swap(&last, &line)
        if last.last == Self.carriageReturn { last.removeLast() }
        return last.isEmpty ? [] : [Data(last)]
    }

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    /// A buffer grown past this is released, rather than kept, once its line is done.
    private static let retainedCapacity = 1 << 16

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, into lines: inout [Data], numbers: inout [Int]) {
        let lineFeed = Self.lineFeed
        let carriageReturn = Self.carriageReturn
        let end = bytes.count
        var lineStart = 0
        var index = 0
        while index < end {
            if bytes[index] == lineFeed {
                var tailEnd = index
                if tailEnd > lineStart {
                    if bytes[tailEnd - 1] == carriageReturn { tailEnd -= 1 }
                } else if line.last == carriageReturn {
                    // A CRLF split between chunks: the CR is the buffered line's last byte.
                    line.removeLast()
                }
                guard endLine(with: UnsafeBufferPointer(rebasing: bytes[lineStart..<tailEnd]), into: &lines, numbers: &numbers)
                else { return }
                lineStart = index + 1
            }
            index += 1
        }
        guard lineStart < end else { return }
        // Checked before buffering. One byte over the limit is allowed if it is a CR, which a next
        // chunk starting with an LF turns into a line end.
        let allowance = bytes[end - 1] == carriageReturn ? 1 : 0
        guard end - lineStart - allowance <= maximumLineLength - line.count else {
            failure = .lineTooLong(limit: maximumLineLength)
            return
        }
        line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))
    }

    /// Ends the current line with `tail`, its last bytes; false after an error.
    private mutating func endLine(
        with tail: UnsafeBufferPointer<UInt8>, into lines: inout [Data], numbers: inout [Int]
    ) -> Bool {
        guard tail.count <= maximumLineLength - line.count else {
            failure = .lineTooLong(limit: maximumLineLength)
            return false
        }
        linesEnded += 1
        if line.isEmpty {
            if !tail.isEmpty {
                lines.append(Data(buffer: tail))
                numbers.append(linesEnded)
            }
            return true
        }
        line.append(contentsOf: tail)
        lines.append(Data(line))
        numbers.append(linesEnded)
        line.removeAll(keepingCapacity: line.capacity <= Self.retainedCapacity)
        return true
    }
}
