import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport's failure with what happened in words, for the transports that know more than
/// their error's code says (a body cut short, a reset, a TLS refusal). ``BricksError`` describes
/// it with ``description``; ``underlying`` is what the transport caught.
///
/// ```swift
/// func write(_ bytes: Data, to socket: FileHandle) throws {
///     do {
///         try socket.write(contentsOf: bytes)
///     } catch {
///         throw BricksError(.transport(TransportError(.connectionReset, underlying: error)))
///     }
/// }
/// ```
public struct TransportError: Error, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The TLS handshake failed: the certificate is not trusted, or does not match a pin.
        case tls
        /// The server reset the connection (TCP RST) before the reply was complete.
        case connectionReset
        /// The server closed the connection before any reply.
        case connectionClosed
        /// The body ended before all of it arrived (fewer bytes than `Content-Length`, or no
        /// last chunk).
        case bodyCutShort
    }

    /// What happened.
    public var kind: Kind
    /// Details, in words, appended to the description (may be empty).
    public var detail: String
    /// The error the transport caught.
    public var underlying: (any Error)?

    /// Makes an error.
    /// - Parameters:
    ///   - kind: what happened.
    ///   - detail: details in words, appended to the description.
    ///   - underlying: the error the transport caught.
    public init(_ kind: Kind, detail: String = "", underlying: (any Error)? = nil) {
        self.kind = kind
        self.detail = detail
        self.underlying = underlying
    }

    /// What happened, as the end of a sentence that starts with the call.
    public var description: String {
        let words: String
        switch kind {
        case .tls: words = "the TLS handshake failed"
        case .connectionReset: words = "the connection was reset by the server before the reply was complete"
        case .connectionClosed: words = "the server closed the connection without replying"
        case .bodyCutShort: words = "the body was cut short: the connection ended before all of it arrived"
        }
        return detail.isEmpty ? words : "\(words) (\(detail))"
    }
}
