/// What the ``Session``'s core hands a transport with each request, besides its head and body:
/// the exchange's deadline, the body size limit and the names of the secret header fields.
public struct TransportContext: Sendable {
    /// When the exchange must be over, or `nil` for no limit. A transport that
    /// ``HTTPTransport/stopsAtDeadline`` fails the exchange (or the body being read, when
    /// ``deadlineCoversBody``) with ``BricksError/Reason/timedOut(after:)`` once it passes;
    /// for others the core cancels the exchange's task.
    public var deadline: ContinuousClock.Instant?
    /// Whether the deadline covers the body too (a whole-body call), or ends with the head (a
    /// streamed call, whose body is read at the caller's pace).
    public var deadlineCoversBody: Bool
    /// Whether the caller reads the body whole (``Session/send(_:)``), so that a transport may
    /// collect it itself and hand it out with the head, in ``ResponseBody/bufferedData``.
    public var collectsBody: Bool
    /// The most body bytes the caller accepts. See ``checkBodySize(_:)``.
    public var maximumBodySize: Int
    /// The lowercased names of the header fields that carry secrets: Bricks' own
    /// (``SecretNames/headerFields``) and the endpoint's API's. A transport that writes
    /// exchanges down (a recording) hides their values.
    public var secretHeaderNames: Set<String>

    /// Makes a context; the core makes one for each exchange.
    /// - Parameters:
    ///   - deadline: when the exchange must be over. Default: no limit.
    ///   - deadlineCoversBody: whether the deadline covers the body. Default: `true`.
    ///   - collectsBody: whether the caller reads the body whole. Default: `true`.
    ///   - maximumBodySize: the most body bytes accepted. Default: no limit.
    ///   - secretHeaderNames: the secret header names, in any case. Default: Bricks' own.
    public init(
        deadline: ContinuousClock.Instant? = nil, deadlineCoversBody: Bool = true, collectsBody: Bool = true,
        maximumBodySize: Int = .max, secretHeaderNames: Set<String> = SecretNames.headerFields
    ) {
        self.deadline = deadline
        self.deadlineCoversBody = deadlineCoversBody
        self.collectsBody = collectsBody
        self.maximumBodySize = maximumBodySize
        self.secretHeaderNames = Set(secretHeaderNames.map { $0.lowercased() })
    }

    /// A context whose secret header names are lowercased already.
    init(
        deadline: ContinuousClock.Instant?, deadlineCoversBody: Bool, collectsBody: Bool, maximumBodySize: Int,
        lowercasedSecretHeaderNames: Set<String>
    ) {
        self.deadline = deadline
        self.deadlineCoversBody = deadlineCoversBody
        self.collectsBody = collectsBody
        self.maximumBodySize = maximumBodySize
        secretHeaderNames = lowercasedSecretHeaderNames
    }

    /// The one check of a body's size against the limit, for the core and for a transport that
    /// collects a body itself: call it with the bytes received so far, or the length announced.
    /// - Throws: ``BricksError/Reason/responseTooLarge(limit:)`` past ``maximumBodySize``.
    public func checkBodySize(_ count: Int64) throws(BricksError) {
        try BodySizeLimit(maximumBodySize).check(count)
    }
}

/// The most bytes a body may have: the one comparison, wherever a body is counted.
struct BodySizeLimit: Sendable {
    let maximum: Int

    init(_ maximum: Int) { self.maximum = maximum }

    /// - Throws: ``BricksError/Reason/responseTooLarge(limit:)`` when `count` is past the limit.
    func check(_ count: Int64) throws(BricksError) {
        if count > Int64(maximum) { throw BricksError(.responseTooLarge(limit: maximum)) }
    }
}
