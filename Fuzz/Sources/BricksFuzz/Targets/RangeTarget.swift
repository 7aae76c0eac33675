import Foundation

/// `Content-Range` of a resumed download, and the partial file it is appended to: a range
/// accepted is well-formed and starts where the download stopped, its length agrees with the
/// fields; the file holds exactly the bytes written since its last truncation.
///
/// Input: an offset, a validator choice, a known length choice, a truncation byte, a
/// `Content-Range` line, then `name:value` lines (the rest of the head).
enum RangeTarget {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let offsets: [Int64] = [0, 1, 100, 1 << 31, Int64.max - 1, Int64.max]
        let offset = offsets[input.number(below: offsets.count)]
        let validator = ["\"v1\"", "Sun, 06 Nov 1994 08:49:37 GMT", "W/\"weak\""][input.number(below: 3)]
        let completeLength: Int64? = [nil, 0, 1000, Int64.max][input.number(below: 4)]
        let truncateAfter = input.number(below: 8)
        let contentRange = input.text(until: 0x0A)
        var fields: [Field] = [("Content-Range", contentRange)]
        for line in input.texts(separatedBy: 0x0A, limit: 6) {
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            fields.append((String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
        }

        if let range = Lib.contentRange(contentRange) {
            require(range.first >= 0 && range.first <= range.last, "range \(range) from \(contentRange)")
            if let complete = range.complete { require(range.last < complete, "range \(range) from \(contentRange)") }
        }
        if case .success(let range) = Lib.checkResume(fields, offset: offset, validator: validator, completeLength: completeLength) {
            guard let parsed = Lib.contentRange(contentRange) else { return require(false, "accepted an unparsable \(contentRange)") }
            require(parsed.first == offset, "accepted \(contentRange) for offset \(offset)")
            let (span, overflow) = (parsed.last - parsed.first).addingReportingOverflow(1)
            require(!overflow && range.length > 0 && range.length == span, "length \(range.length) for \(contentRange)")
            if let known = completeLength, let complete = parsed.complete { require(known == complete, "complete \(complete) ≠ \(known)") }
        }

        // The partial file: the chunks after the last truncation, in order.
        if truncateAfter < 4 {
            let chunks = chunks(of: Array(contentRange.utf8) + input.rest(), cutAt: [truncateAfter * 7, 70_000, 3])
            let destination = scratchDirectory.appendingPathComponent("bricks-fuzz-\(getpid())-download")
            if let written = Lib.writePartialFile(chunks, truncateAfter: truncateAfter, destination: destination) {
                let kept = truncateAfter < chunks.count ? Array(chunks.dropFirst(truncateAfter + 1).joined()) : Array(chunks.joined())
                require(written.bytes == kept && written.size == Int64(kept.count), "the file holds \(written.bytes.count) bytes, not \(kept.count)")
            }
        }
    }
}
