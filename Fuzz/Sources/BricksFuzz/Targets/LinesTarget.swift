/// `LineSplitter` (the framing of JSON Lines) and the JSON Lines reader: the same lines and items
/// however the body is cut, lines as a plain reading of the bytes gives them, none longer than
/// the limit.
///
/// Input: a limit byte, a count of cuts and the cuts, then the body.
enum LinesTarget {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let maximumLineLength = input.number(below: 48)
        let cuts = (0..<input.number(below: 8)).map { _ in input.number(below: 4096) }
        let body = input.rest()
        let pieces = chunks(of: body, cutAt: cuts)

        let whole = Lib.splitLines([body], maximumLineLength: maximumLineLength)
        let cut = Lib.splitLines(pieces, maximumLineLength: maximumLineLength)
        require(cut.lines == whole.lines && cut.error == whole.error, "lines cut at \(cuts): \(cut), whole: \(whole)")
        let bytewise = Lib.splitLines(body.map { [$0] }, maximumLineLength: maximumLineLength)
        require(bytewise.lines == whole.lines && bytewise.error == whole.error, "lines byte by byte: \(bytewise), whole: \(whole)")
        for outcome in [whole, cut, bytewise] {
            require(outcome.largestBuffer <= maximumLineLength + 1, "buffered \(outcome.largestBuffer) bytes, limit \(maximumLineLength)")
        }

        // The lines read plainly: split at LF, one CR before it (or before the end) dropped,
        // empty lines skipped; a line over the limit stops the stream with an error.
        var expected: [[UInt8]] = []
        var tooLong = false
        let raw = body.split(separator: 0x0A, omittingEmptySubsequences: false)
        for line in raw.map(Array.init) {
            let trimmed = line.last == 0x0D ? Array(line.dropLast()) : line
            if trimmed.count > maximumLineLength {
                tooLong = true
                break
            }
            if !trimmed.isEmpty { expected.append(trimmed) }
        }
        require((whole.error != nil) == tooLong, "error \(String(describing: whole.error)), a line over the limit: \(tooLong)")
        require(whole.lines == expected, "lines \(whole.lines), read plainly \(expected)")
        for line in whole.lines {
            require(line.count <= maximumLineLength && !line.contains(0x0A), "a line of \(line.count) bytes: \(line)")
        }

        let items = Lib.jsonLines([body], maximumLineLength: maximumLineLength)
        let cutItems = Lib.jsonLines(pieces, maximumLineLength: maximumLineLength)
        require(items.items == cutItems.items && items.error == cutItems.error, "JSON Lines cut at \(cuts): \(cutItems), whole \(items)")
        require(items.items.count <= whole.lines.count, "\(items.items.count) items from \(whole.lines.count) lines")
    }
}
