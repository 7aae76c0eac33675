import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Does the I/O of one exchange: sends one request, and returns the response head as soon as it
/// arrives with the body as chunks the caller reads at its own pace.
///
/// ``URLSessionTransport`` is the default; `StubTransport` (in BricksTesting) answers from canned
/// responses; others, such as one on AsyncHTTPClient, live in their own packages.
///
/// A transport applies no policy: the ``Session``'s core follows redirects, keeps the deadline
/// (by cancelling the task that calls ``exchange(_:body:)`` or reads the body), applies the
/// ``ResponseLimits`` and maps errors, for every transport alike. So a transport:
/// - sends `request`'s method, URL and header fields, and `body` (not `request.httpBody`);
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
///     func exchange(_ request: URLRequest, body: RequestBody?) async throws -> RawResponse {
///         guard let url = request.url else { throw BricksError(.invalidURL("no URL")) }
///         return RawResponse(head: ResponseHead(statusCode: 200, url: url), body: ResponseBody(body?.data ?? Data()))
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends one request and returns the response head with its body still to be read.
    /// - Parameters:
    ///   - request: the method, URL and header fields to send.
    ///   - body: the body to send, or `nil` for none.
    /// - Throws: ``BricksError`` when no response head arrives.
    func exchange(_ request: URLRequest, body: RequestBody?) async throws -> RawResponse

    /// Whether this transport stops at ``ExchangeDeadline/current`` by itself. When `false` (the
    /// default), the core runs each exchange in a task of its own and cancels it at the deadline,
    /// which costs a task and two thread hops per request.
    var stopsAtDeadline: Bool { get }
}

extension HTTPTransport {
    /// `false`: the core enforces the deadline by cancelling the exchange's task.
    public var stopsAtDeadline: Bool { false }
}
