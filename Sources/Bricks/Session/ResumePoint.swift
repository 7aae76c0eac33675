import Foundation

/// Where a broken download resumes: the bytes the file holds, and the validator sent in
/// `If-Range` so that the server sends the rest only if the resource is still the same.
struct ResumePoint: Sendable, Equatable {
    /// The first byte asked for: the size of the file so far.
    let offset: Int64
    /// A strong `ETag` (`"v1"`) or a `Last-Modified` date.
    let validator: String

    /// The range a `206 Partial Content` delivers.
    struct Range: Equatable {
        /// The bytes its body must have.
        let length: Int64
        /// The length of the whole resource, unless the server wrote `*`.
        let completeLength: Int64?
    }

    /// Checks that a `206` answering a request for the bytes from ``offset`` on may be appended to
    /// the file: a well-formed `Content-Range` that starts at the offset, a complete length that
    /// agrees with `completeLength` (when known), a `Content-Length` that agrees with the range,
    /// and the validator sent in `If-Range`.
    /// - Throws: ``BricksError/Reason/invalidResponse(_:)`` saying what did not match.
    static func check(
        _ head: ResponseHead, resuming point: ResumePoint, completeLength: Int64?, call: () -> RequestSummary
    ) throws -> Range {
        func refuse(_ reason: String) -> BricksError {
            BricksError(.invalidResponse("the server's 206 cannot continue the download: \(reason)"), request: call())
        }
        guard let field = head.headerFields["Content-Range"] else { throw refuse("it has no Content-Range") }
        guard let range = parse(field) else { throw refuse("its Content-Range \"\(field)\" is malformed") }
        guard range.first == point.offset else {
            throw refuse("it starts at byte \(range.first), but the download asked for byte \(point.offset) on")
        }
        if let complete = range.complete, let completeLength, complete != completeLength {
            throw refuse("it gives the resource \(complete) bytes, but the first response gave \(completeLength)")
        }
        let length = range.last - range.first + 1
        if let delivered = head.deliveredBodyLength, delivered != length {
            throw refuse("its Content-Length \(delivered) disagrees with its Content-Range \"\(field)\"")
        }
        if point.validator.hasPrefix("\"") {
            let tag = head.headerFields["ETag"]
            guard tag == point.validator else {
                throw refuse("its ETag \(tag ?? "(none)") is not the \(point.validator) sent in If-Range: the resource changed")
            }
        } else if let modified = head.headerFields["Last-Modified"], modified != point.validator {
            throw refuse("its Last-Modified \"\(modified)\" is not the \"\(point.validator)\" sent in If-Range: the resource changed")
        }
        return Range(length: length, completeLength: range.complete)
    }

    /// The parts of a `Content-Range` of bytes: `bytes FIRST-LAST/COMPLETE` or `bytes FIRST-LAST/*`,
    /// with `FIRST <= LAST < COMPLETE`; `nil` for anything else (`bytes */N` included).
    static func parse(_ field: String) -> (first: Int64, last: Int64, complete: Int64?)? {
        let text = field.trimmingCharacters(in: .whitespaces)
        guard text.count > 6, text.prefix(6).lowercased() == "bytes " else { return nil }
        let spec = text.dropFirst(6)
        let halves = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let bounds = halves[0].split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = DecimalDigits.value(bounds[0]), let last = DecimalDigits.value(bounds[1]), first <= last else {
            return nil
        }
        if halves[1] == "*" { return (first, last, nil) }
        guard let complete = DecimalDigits.value(halves[1]), last < complete else { return nil }
        return (first, last, complete)
    }
}
