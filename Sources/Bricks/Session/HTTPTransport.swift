import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Does the I/O: sends one `URLRequest` and returns the body and response.
///
/// ``URLSessionTransport`` is the default; `StubTransport` (in BricksTesting) answers from canned
/// replies; other transports, such as one on AsyncHTTPClient, live in their own packages.
///
/// A transport returns every reply, whatever its status: deciding what is an error is the
/// ``Session``'s job. It should throw ``BricksError`` (or `URLError`) for failures, honour task
/// cancellation, and apply the ``RedirectPolicy`` and ``TransportLimits`` in force.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the reply's body and response.
    /// - Throws: ``BricksError`` (or `URLError`) when no complete reply arrives.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}
