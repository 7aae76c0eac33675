import Foundation

/// Does the I/O of one exchange: sends one request head and body, and returns the response head
/// as soon as it arrives with the body as chunks the caller reads at its own pace.
///
/// ``URLSessionTransport`` is the default; `StubTransport` (in BricksTesting) answers from canned
/// responses; others, such as one on AsyncHTTPClient, live in their own packages. A transport maps
/// a ``RequestHead`` and ``RequestBody`` to its client and the client's reply back to a
/// ``ResponseHead`` and ``ResponseBody``: a stub fits in one file, a network client needs a few
/// (``URLSessionTransport`` has a folder).
///
/// A transport applies no policy: the ``Session``'s core follows redirects, keeps the deadline
/// (by cancelling the task that calls ``exchange(_:body:context:)`` or reads the body), applies
/// the ``ResponseLimits`` and maps errors, for every transport alike. So a transport:
/// - sends the head's method, URL and header fields, and `body` with its length when known;
/// - follows no redirect and returns every response, whatever its status;
/// - returns once the head has arrived, with a ``ResponseBody`` that produces the chunks as they
///   are read (back-pressure: a slow reader must not make it buffer the whole body), and stops
///   the exchange when that body is released unread;
/// - stops promptly when its task is cancelled;
/// - reports failures as ``BricksError``, using ``BricksError/init(mapping:)`` for the errors it
///   meets.
///
/// ```swift
/// struct EchoTransport: HTTPTransport {
///     func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse {
///         RawResponse(head: ResponseHead(statusCode: 200, url: try head.makeURL()), body: ResponseBody(body?.data ?? Data()))
///     }
/// }
/// ```
///
/// A transport runs away from the caller's actor. In an app target whose default isolation is the
/// main actor, Swift infers `nonisolated` for the type that adopts `HTTPTransport`; the types it
/// uses besides need `nonisolated` too.
public protocol HTTPTransport: Sendable {
    /// Sends one request and returns the response head with its body still to be read.
    /// - Parameters:
    ///   - head: the method, URL and header fields to send.
    ///   - body: the body to send, or `nil` for none.
    ///   - context: the call's context as the last middleware passed it on, with this exchange's
    ///     deadline: how the body will be read, the body size limit, the timeout for the
    ///     client's own timer, the secret header names and the values of your own keys.
    /// - Throws: ``BricksError`` when no response head arrives.
    func exchange(_ head: RequestHead, body: RequestBody?, context: CallContext) async throws -> RawResponse

    /// Whether this transport stops at ``CallContext/deadline`` by itself. When `false` (the
    /// default), the core runs each exchange in a task of its own and cancels it at the deadline,
    /// which costs a task and two thread hops per request.
    var stopsAtDeadline: Bool { get }
}

extension HTTPTransport {
    /// `false`: the core enforces the deadline by cancelling the exchange's task.
    public var stopsAtDeadline: Bool { false }
}
