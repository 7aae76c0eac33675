import Foundation

/// Everything a call knows besides its request head and body: the endpoint's settings, read once
/// when the call starts, the call's progress (attempt, deadline) and the values of your own keys.
///
/// One value travels the whole way: ``Session`` makes it from the endpoint, each middleware reads
/// it and may pass a changed copy to `next` (changes flow towards the transport, never back up),
/// and the transport — an ``HTTPTransport`` for an exchange, a ``WebSocketTransport`` for a
/// handshake — gets the copy the last layer passed on. HTTP calls, streams, downloads and
/// WebSocket handshakes are prepared by the same function, so a setting reaches every kind of
/// call alike.
///
/// The endpoint's settings are its requirements (``RequestType/timeoutInterval``,
/// ``RequestType/httpCachePolicy``, ``RequestType/secretHeaderNames``,
/// ``ResponseType/maximumResponseSize``, ``ResponseType/acceptableStatusCodes``), read on the
/// endpoint as sent, so a proxy's own value wins over its base's. A setting of your own is a
/// ``CallContextKey``, which the endpoint gives in ``RequestType/configure(_:)``:
///
/// ```swift
/// nonisolated enum SampleRate: CallContextKey { static let defaultValue = 1.0 }
///
/// struct GetFeed: APIRequest, GETRequestType, JSONResponseType {
///     typealias Response = Feed
///     var path: String { "/feed" }
///     func configure(_ context: inout CallContext) { context[SampleRate.self] = 0.1 }
/// }
/// // In a middleware or a transport: context[SampleRate.self] is 0.1 for GetFeed, 1.0 for any other.
/// ```
public struct CallContext: Sendable {
    /// How the caller reads the body, which also says how far the deadline reaches.
    public enum BodyMode: Sendable, Hashable {
        /// The caller reads the body whole (``Session/send(_:)``): a transport may collect it
        /// itself and hand it out with the head, in ``ResponseBody/bufferedData``; the deadline
        /// covers the body.
        case collected
        /// The caller reads the body as a stream (events, downloads, a WebSocket handshake's
        /// connection) at its own pace: the deadline ends with the head.
        case streamed
    }

    // MARK: The call

    /// The endpoint's type as sent, such as `SearchRepositories.self` or
    /// `TimeoutOverride<SearchRepositories>.self`. See ``endpointName`` for its own name.
    public let endpointType: any Any.Type
    /// Whether the request may be repeated or merged safely. Starts as the method's idempotency,
    /// or `true` when the request carries an `Idempotency-Key` header; an endpoint
    /// (in ``RequestType/configure(_:)``) or a middleware may set it to opt a request in to retries.
    public var isIdempotent: Bool
    /// Which attempt this is, from 1. Retrying middleware raises it before calling `next` again.
    public var attempt: Int
    /// When the rest of the call must be over, or `nil` for no limit.
    ///
    /// Middleware see the call's deadline, retries included: ``Session`` sets it from its
    /// `overallTimeout`, and a middleware may set or shorten it for the layers below
    /// (``RetryMiddleware`` never waits past it). The transport sees the exchange's own: the
    /// earlier of this and ``timeoutInterval`` from the exchange's start. Either way the call
    /// fails with ``BricksError/Reason/timedOut(after:)`` when it passes.
    public var deadline: ContinuousClock.Instant? {
        get { deadlineOffset?.instant }
        set { deadlineOffset = newValue.map(ClockOffset.init) }
    }
    /// ``deadline`` as stored: a `ContinuousClock.Instant` is not frozen, and a context that held
    /// one would be copied through the runtime at every layer (``ClockOffset``).
    var deadlineOffset: ClockOffset?
    /// How the caller reads the body: whole (``BodyMode/collected``, `send`) or as a stream
    /// (``BodyMode/streamed``: events, downloads, WebSocket handshakes). A streamed body reaches
    /// middleware unread: read it only if you hand on a replacement.
    public internal(set) var bodyMode: BodyMode

    // MARK: The endpoint's settings

    /// The longest one exchange may take, in seconds: the endpoint's
    /// ``RequestType/timeoutInterval``, checked to be a positive number when the call started.
    public internal(set) var timeoutInterval: TimeInterval
    /// How ``HTTPCacheMiddleware`` treats this call: the endpoint's ``RequestType/httpCachePolicy``.
    public internal(set) var httpCachePolicy: HTTPCachePolicy
    /// The lowercased names of the header fields whose values are secrets: Bricks' own
    /// (``SecretNames/headerFields``) and the endpoint's API's (``RequestType/secretHeaderNames``,
    /// in any case there). Middleware and transports that log, store or forward headers hide them.
    public internal(set) var secretHeaderNames: Set<String>
    /// The statuses that count as success: the endpoint's ``ResponseType/acceptableStatusCodes``
    /// (`101` for a WebSocket handshake). Middleware that report success or failure (logging,
    /// metrics, tracing) ask ``isSuccess(_:)``, so that they agree with the decoding.
    public internal(set) var acceptableStatusCodes: Range<Int>
    /// The endpoint's own body limit (``ResponseType/maximumResponseSize``), or `nil` for the
    /// session's. See ``maximumBodySize`` for the limit the call keeps.
    public internal(set) var maximumResponseSize: Int?
    /// A WebSocket handshake's connection settings (``WebSocketEndpoint/webSocketSettings``);
    /// `nil` for every other call. Kept with the values of keys, so that an HTTP call's context
    /// carries nothing of them.
    public internal(set) var webSocketSettings: WebSocketSettings? {
        get { self[HandshakeSettings.self] }
        set { self[HandshakeSettings.self] = newValue }
    }

    /// The session's limits on a response; its body limit applies when the endpoint has none.
    var responseLimits: ResponseLimits
    /// Whether the request in flight is a `HEAD`, whose reply's `Content-Length` is the length of
    /// a body it does not send. The core sets it for each exchange (a redirect keeps a HEAD a HEAD).
    var isHeadRequest = false
    /// The values of your own keys.
    private var storage: [ObjectIdentifier: any Sendable] = [:]

    /// The key of ``webSocketSettings``.
    private enum HandshakeSettings: CallContextKey { static let defaultValue: WebSocketSettings? = nil }

    /// Makes a context, as a middleware's or a transport's tests do; ``Session`` makes one for
    /// each call from its endpoint.
    /// - Parameters:
    ///   - endpointType: the endpoint's type. Default: `Never.self`, for a context with no endpoint.
    ///   - isIdempotent: whether the request may be repeated. Default: `false`.
    ///   - attempt: the attempt number, from 1. Default: 1.
    ///   - bodyMode: how the caller reads the body. Default: ``BodyMode/collected``.
    ///   - deadline: when the call must be over. Default: no limit.
    ///   - timeoutInterval: the longest one exchange may take, in seconds. Default: 60.
    ///   - maximumResponseSize: the endpoint's body limit. Default: `nil`, the session's.
    ///   - secretHeaderNames: the API's secret header names besides Bricks' own, in any case.
    ///     Default: none.
    ///   - acceptableStatusCodes: the statuses that count as success. Default: `200..<300`.
    public init(
        endpointType: any Any.Type = Never.self, isIdempotent: Bool = false, attempt: Int = 1,
        bodyMode: BodyMode = .collected, deadline: ContinuousClock.Instant? = nil, timeoutInterval: TimeInterval = 60,
        maximumResponseSize: Int? = nil, secretHeaderNames: Set<String> = [],
        acceptableStatusCodes: Range<Int> = 200..<300
    ) {
        self.endpointType = endpointType
        self.isIdempotent = isIdempotent
        self.attempt = attempt
        self.bodyMode = bodyMode
        deadlineOffset = deadline.map(ClockOffset.init)
        self.timeoutInterval = timeoutInterval
        self.maximumResponseSize = maximumResponseSize
        self.secretHeaderNames = Self.lowercasedSecrets(adding: secretHeaderNames)
        self.acceptableStatusCodes = acceptableStatusCodes
        httpCachePolicy = .standard
        responseLimits = ResponseLimits()
    }

    /// The one place a call's settings are read from its endpoint: ``Session`` calls it for every
    /// kind of call. The requirements are read on the endpoint as sent — a proxy forwards each to
    /// its base unless it states its own — then the endpoint's ``RequestType/configure(_:)`` runs.
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` for a timeout that is not a positive
    ///   number of seconds.
    @inline(__always)
    init<Request: RequestType>(
        for request: Request, isIdempotent: Bool, bodyMode: BodyMode, deadline: ClockOffset?,
        responseLimits: ResponseLimits, maximumResponseSize: Int?, acceptableStatusCodes: Range<Int>,
        webSocketSettings: WebSocketSettings? = nil
    ) throws(BricksError) {
        endpointType = Request.self
        self.isIdempotent = isIdempotent
        attempt = 1
        self.bodyMode = bodyMode
        deadlineOffset = deadline
        timeoutInterval = try Self.checkedTimeout(request.timeoutInterval)
        httpCachePolicy = request.httpCachePolicy
        secretHeaderNames = Self.lowercasedSecrets(adding: request.secretHeaderNames)
        self.acceptableStatusCodes = acceptableStatusCodes
        self.maximumResponseSize = maximumResponseSize
        self.responseLimits = responseLimits
        if let webSocketSettings { self.webSocketSettings = webSocketSettings }
        request.configure(&self)
    }

    /// Bricks' secret header names with an API's own, lowercased once here: Bricks' own set
    /// shared, not copied, when the API has none (every call of most APIs).
    private static func lowercasedSecrets(adding names: Set<String>) -> Set<String> {
        names.isEmpty ? SecretNames.lowercasedHeaderFields : SecretNames.lowercasedHeaderFields(adding: names)
    }

    /// The one check of a timeout's validity, for every endpoint and proxy.
    /// - Throws: ``BricksError/Reason/invalidRequest(_:)`` unless `seconds` is positive and finite.
    static func checkedTimeout(_ seconds: TimeInterval) throws(BricksError) -> TimeInterval {
        guard seconds > 0, seconds.isFinite else {
            throw .invalidRequest("timeoutInterval must be a positive number of seconds, not \(seconds)")
        }
        return seconds
    }

    // MARK: Reading it

    /// The endpoint's own type name, such as `"SearchRepositories"`: a proxy's name is its
    /// innermost endpoint's (`TimeoutOverride<AuthorizedRequest<GetUser>>` reads `"GetUser"`).
    public var endpointName: String { EndpointName.of(endpointType) }

    /// The time left before ``deadline``, or `nil` when there is no deadline. Negative once it
    /// has passed.
    public var timeRemaining: Duration? {
        deadlineOffset.map { ClockOffset.now.duration(to: $0) }
    }

    /// Whether the endpoint takes a reply with `status` as a success (``acceptableStatusCodes``):
    /// the one definition of success, for the decoding and for every middleware.
    public func isSuccess(_ status: Int) -> Bool { acceptableStatusCodes.contains(status) }

    /// The value stored for `key`, or its default: set by the endpoint's
    /// ``RequestType/configure(_:)`` or by a middleware above.
    public subscript<Key: CallContextKey>(key: Key.Type) -> Key.Value {
        get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    // MARK: Limits

    /// The most body bytes this call accepts, decided in this one place: the endpoint's own
    /// (``maximumResponseSize``); else none for a streamed call (it may be long-lived) and the
    /// session's ``ResponseLimits/maximumBodySize`` for a whole one.
    public var maximumBodySize: Int {
        maximumResponseSize ?? (bodyMode == .streamed ? .max : responseLimits.maximumBodySize)
    }

    /// The most bytes of a body read whole whatever the call's mode: the error reply of a stream,
    /// a download or a refused handshake.
    var wholeBodyLimit: Int { maximumResponseSize ?? responseLimits.maximumBodySize }

    /// The one check of a response head: its header count and size against the session's
    /// limits, its `Content-Length` fields against each other and against ``maximumBodySize``.
    /// The core checks every head; a transport that collects a body itself may call it first.
    /// - Throws: ``BricksError/Reason/invalidResponse(_:)`` or
    ///   ``BricksError/Reason/responseTooLarge(limit:)``.
    public func checkHead(_ head: ResponseHead) throws(BricksError) {
        // A reply that has no body (to a HEAD; 1xx, 204, 304) announces a length it does not send.
        let hasBody = !isHeadRequest && head.statusCode >= 200 && head.statusCode != 204 && head.statusCode != 304
        try responseLimits.check(head, maximumBodySize: hasBody ? maximumBodySize : .max)
    }

    /// The one check of a body's size against the limit: call it with the bytes received so far.
    /// - Throws: ``BricksError/Reason/responseTooLarge(limit:)`` past ``maximumBodySize``.
    public func checkBodySize(_ count: Int64) throws(BricksError) {
        try BodySizeLimit(maximumBodySize).check(count)
    }

    /// The call, for errors: the endpoint's name, the method and the redacted URL of `request`, or
    /// of the URL that answered when a redirect led elsewhere.
    func summary(of request: RequestHead, answeredBy head: ResponseHead? = nil) -> RequestSummary {
        guard let head else { return RequestSummary(endpoint: endpointName, request: request) }
        return RequestSummary(endpoint: endpointName, method: request.method.rawValue, url: head.url)
    }

    /// `error` as a ``BricksError`` that names the call of `request`: the one exit of every
    /// failure of Bricks' own, for every kind of call.
    func failure(_ error: any Error, request: RequestHead) -> BricksError {
        var failure = BricksError(mapping: error)
        if Task.isCancelled { failure.reason = .cancelled }
        if failure.request == nil { failure.request = summary(of: request) }
        return failure
    }

    /// An error that came out of the middleware stack: Bricks' own, a `URLError` and a
    /// cancellation become a ``BricksError`` that names the call; a middleware's own error is left
    /// as it is.
    func stackFailure(_ error: any Error, request: RequestHead) -> any Error {
        switch error {
        case is BricksError, is URLError, is CancellationError: return failure(error, request: request)
        default: return error
        }
    }
}
