import Foundation

/// Limits on what a server may send back, applied by the ``Session`` to every transport alike.
///
/// A reply over a limit fails at once: on its `Content-Length` or header count before any body
/// is read, otherwise as soon as the bytes read pass the limit. Nothing beyond the limit is kept.
public struct ResponseLimits: Sendable, Equatable {
    /// The largest body accepted, in bytes, counted on the bytes the transport hands out (after
    /// decompression). An endpoint may set its own with ``ResponseType/maximumResponseSize``.
    public var maximumBodySize: Int
    /// The most header fields accepted in one response head.
    public var maximumHeaderCount: Int
    /// The most bytes of header names and values accepted in one response head.
    public var maximumHeaderBytes: Int

    /// Makes limits.
    /// - Parameters:
    ///   - maximumBodySize: the largest body accepted, in bytes. Default: 50 MiB.
    ///   - maximumHeaderCount: the most header fields in one head. Default: 500.
    ///   - maximumHeaderBytes: the most bytes of header names and values. Default: 80 KiB, as SwiftNIO's HTTP parser.
    public init(
        maximumBodySize: Int = ResponseLimits.defaultMaximumBodySize, maximumHeaderCount: Int = 500,
        maximumHeaderBytes: Int = 80 * 1024
    ) {
        self.maximumBodySize = maximumBodySize
        self.maximumHeaderCount = maximumHeaderCount
        self.maximumHeaderBytes = maximumHeaderBytes
    }

    /// 50 MiB: generous for API replies, small enough that a runaway body cannot exhaust memory.
    public static let defaultMaximumBodySize = 50 * 1024 * 1024

    /// Checks a head against the header limits and its `Content-Length` against the exchange's
    /// body limit (``CallContext/checkHead(_:)`` calls it).
    /// - Throws: ``BricksError`` with ``BricksError/Reason/invalidResponse(_:)`` or
    ///   ``BricksError/Reason/responseTooLarge(limit:)``.
    func check(_ head: ResponseHead, maximumBodySize: Int) throws(BricksError) {
        guard head.headerFields.count <= maximumHeaderCount else {
            throw BricksError(.invalidResponse(
                "the head has \(head.headerFields.count) header fields, more than the limit of \(maximumHeaderCount)"))
        }
        // One pass, no allocation in the usual case: header bytes, and the Content-Length fields.
        var bytes = 0
        var firstLength: String?
        var lengthsDiffer = false
        for field in head.headerFields {
            bytes += field.name.utf8.count + field.value.utf8.count
            guard bytes <= maximumHeaderBytes else {
                throw BricksError(.invalidResponse(
                    "the header fields are larger than the limit of \(maximumHeaderBytes) bytes"))
            }
            guard HeaderFields.equalIgnoringCase(field.name, "Content-Length") else { continue }
            if let firstLength, firstLength != field.value { lengthsDiffer = true }
            if firstLength == nil { firstLength = field.value }
            if field.value.utf8.contains(UInt8(ascii: ",")) { lengthsDiffer = true }
        }
        if lengthsDiffer { try checkLengths(head) }
        // The field found above, read again only when it is not a bare number (padding, say).
        if let firstLength {
            try BodySizeLimit(maximumBodySize).check(DecimalDigits.value(firstLength) ?? head.expectedContentLength)
        }
    }

    /// Refuses Content-Length fields that disagree, also within one field a transport joined with
    /// commas (URLSession does).
    private func checkLengths(_ head: ResponseHead) throws(BricksError) {
        let lengths = head.headerFields.values(for: "Content-Length")
            .flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        if Set(lengths).count > 1 {
            throw BricksError(.invalidResponse("conflicting Content-Length fields: \(lengths.joined(separator: ", "))"))
        }
    }
}
