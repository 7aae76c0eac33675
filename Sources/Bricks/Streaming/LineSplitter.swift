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
/// again. The framing is ``LineFramer``'s, with LF line ends.
struct LineSplitter: Sendable {
    /// The default for ``maximumLineLength``: 1 MiB.
    static let defaultMaximumLineLength = 1 << 20

    /// The most bytes a line may hold, its line end not counted.
    var maximumLineLength: Int { framer.maximumLineLength }

    /// The bytes of the unfinished line buffered for now: at most ``maximumLineLength``, plus a CR
    /// that may start a CRLF.
    var bufferedByteCount: Int { framer.bufferedByteCount }

    private var framer: LineFramer
    private var failure: StreamFormatError?

    /// Creates a splitter for one stream.
    ///
    /// - Parameter maximumLineLength: The most bytes a line may hold (line end not counted).
    init(maximumLineLength: Int = defaultMaximumLineLength) {
        framer = LineFramer(lineEnds: .lineFeed, maximumLineLength: maximumLineLength)
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
    var lastLineNumber: Int { framer.linesEnded + 1 }

    /// Ends the stream, returning its last line if it had no line end (and is not empty). The
    /// splitter is then ready for another stream.
    ///
    /// - Returns: The last line, or nothing.
    /// - Throws: ``StreamFormatError/lineTooLong(limit:)`` if a line exceeded the limit.
    mutating func finish() throws -> [Data] {
        if let failure { throw failure }
        let last = framer.finish()
        return last.isEmpty ? [] : [Data(last)]
    }

    /// Frames `bytes`, keeping the non-empty lines and their numbers.
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, into lines: inout [Data], numbers: inout [Int]) {
        let outcome = framer.scan(bytes) { line, number in
            if !line.isEmpty {
                lines.append(Data(buffer: line))
                numbers.append(number)
            }
            return true
        }
        if case .lineTooLong = outcome { failure = .lineTooLong(limit: framer.maximumLineLength) }
    }
}
