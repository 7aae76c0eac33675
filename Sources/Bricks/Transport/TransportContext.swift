/// What the ``Session``'s core hands a transport with each request, besides its head and body:
/// how the body will be read, the exchange's deadline, the limits a reply must keep and the names
/// of the secret header fields.
///
/// The core decides each of these once, and applies the limits to every reply itself
/// (``checkHead(_:)`` on the head, ``checkBodySize(_:)`` on the bytes): a transport writes no
/// limit logic of its own. One that collects a body itself calls the same two checks, to stop a
/// reply over the limit before its body is read.
public struct TransportContext: Sendable {
    /// How the caller reads the body, which also says how far the deadline reaches.
    public enum BodyMode: Sendable, Hashable {
        /// The caller reads the body whole (``Session/send(_:)``): a transport may collect it
        /// itself and hand it out with the head, in ``ResponseBody/bufferedData``; the deadline
        /// covers the body.
        case collected
        /// The caller reads the body as a stream (events, downloads) at its own pace: the
        /// deadline ends with the head.
        case streamed
    }

    /// How the caller reads the body. See ``BodyMode``.
    public var bodyMode: BodyMode
    /// When the exchange must be over, or `nil` for no limit. A transport that
    /// ``HTTPTransport/stopsAtDeadline`` fails the exchange (or the body being read, when the
    /// ``bodyMode`` is ``BodyMode/collected``) with ``BricksError/Reason/timedOut(after:)`` once
    /// it passes; for others the core cancels the exchange's task.
    public var deadline: ContinuousClock.Instant?
    /// The most body bytes the caller accepts: the endpoint's own limit, or the session's. See
    /// ``checkBodySize(_:)``.
    public var maximumBodySize: Int
    /// The lowercased names of the header fields that carry secrets: Bricks' own
    /// (``SecretNames/headerFields``) and the endpoint's API's. A transport that writes
    /// exchanges down (a recording) hides their values.
    public var secretHeaderNames: Set<String>
    /// The session's limits on a response head (its body limit is ``maximumBodySize``).
    var headLimits: ResponseLimits
    /// Whether the request was a `HEAD`, whose reply's `Content-Length` is the length of a body
    /// it does not send.
    var isHeadRequest: Bool

    /// Makes a context; the core makes one for each exchange.
    /// - Parameters:
    ///   - bodyMode: how the caller reads the body. Default: ``BodyMode/collected``.
    ///   - deadline: when the exchange must be over. Default: no limit.
    ///   - maximumBodySize: the most body bytes accepted. Default: no limit.
    ///   - secretHeaderNames: the secret header names, in any case. Default: Bricks' own.
    public init(
        bodyMode: BodyMode = .collected, deadline: ContinuousClock.Instant? = nil, maximumBodySize: Int = .max,
        secretHeaderNames: Set<String> = SecretNames.headerFields
    ) {
        self.init(
            bodyMode: bodyMode, deadline: deadline, maximumBodySize: maximumBodySize, headLimits: ResponseLimits(),
            lowercasedSecretHeaderNames: SecretNames.lowercased(secretHeaderNames))
    }

    /// A context whose secret header names are lowercased already.
    init(
        bodyMode: BodyMode, deadline: ContinuousClock.Instant?, maximumBodySize: Int, headLimits: ResponseLimits,
        lowercasedSecretHeaderNames: Set<String>, isHeadRequest: Bool = false
    ) {
        self.isHeadRequest = isHeadRequest
        self.bodyMode = bodyMode
        self.deadline = deadline
        self.maximumBodySize = maximumBodySize
        self.headLimits = headLimits
        secretHeaderNames = lowercasedSecretHeaderNames
    }

    /// The one check of a response head: its header count and size against the session's
    /// limits, its `Content-Length` fields against each other and against ``maximumBodySize``.
    /// - Throws: ``BricksError/Reason/invalidResponse(_:)`` or
    ///   ``BricksError/Reason/responseTooLarge(limit:)``.
    public func checkHead(_ head: ResponseHead) throws(BricksError) {
        // A reply that has no body (to a HEAD; 1xx, 204, 304) announces a length it does not send.
        let hasBody = !isHeadRequest && head.statusCode >= 200 && head.statusCode != 204 && head.statusCode != 304
        try headLimits.check(head, maximumBodySize: hasBody ? maximumBodySize : .max)
    }

    /// The one check of a body's size against the limit: call it with the bytes received so far.
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
