import AsyncHTTPClient
import Bricks
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

extension BricksError {
    /// The Bricks error for a failure while exchanging through AsyncHTTPClient, in words that say
    /// what happened (TLS, reset, body cut short, a head too large or badly framed).
    /// - Parameters:
    ///   - error: what AsyncHTTPClient threw.
    ///   - duringBody: whether the head had arrived (a connection that ends then cut the body short).
    init(sending error: any Error, duringBody: Bool = false) {
        switch error {
        case let error as BricksError:
            self = error
        case _ where Task.isCancelled, is CancellationError:
            self.init(.cancelled)
        case let error as HTTPClientError where error == .cancelled:
            self.init(.cancelled)
        case let error as HTTPClientError where error == .deadlineExceeded || error == .connectTimeout:
            self.init(.timedOut(after: .zero))
        default:
            if let error = error as? HTTPParserError, error != .invalidEOFState {
                // The reply broke HTTP's rules: SwiftNIO's parser refused it.
                self.init(.invalidResponse(error == .headerOverflow
                    ? "the response head is larger than the transport reads (SwiftNIO: 80 KiB)"
                    : "SwiftNIO's HTTP parser refused it (\(error))"))
            } else if let error = error as? IOError, error.errnoCode != ECONNRESET,
                let code = POSIXErrorCode(rawValue: error.errnoCode)
            {
                // "connection refused", "host unreachable"…: the words of the POSIX code.
                self.init(.transport(POSIXError(code)))
            } else if let described = Self.described(error, duringBody: duringBody) {
                self.init(.transport(described))
            } else {
                self.init(mapping: error)
            }
        }
    }

    /// `error` as a ``TransportError`` with words, where it is one AsyncHTTPClient, NIO or NIOSSL
    /// names precisely.
    private static func described(_ error: any Error, duringBody: Bool) -> TransportError? {
        switch error {
        case let error as NIOSSLError:
            if case .uncleanShutdown = error {
                return TransportError(
                    duringBody ? .bodyCutShort : .connectionClosed,
                    detail: "the TLS connection ended without close_notify", underlying: error)
            }
            return TransportError(.tls, detail: "\(error); see Docs/Security.md, \"TLS trust\"", underlying: error)
        case let error as BoringSSLError:
            return TransportError(.tls, detail: "\(error)", underlying: error)
        case let error as HTTPParserError where error == .invalidEOFState:
            return TransportError(duringBody ? .bodyCutShort : .connectionClosed, underlying: error)
        case let error as IOError where error.errnoCode == ECONNRESET:
            return TransportError(duringBody ? .bodyCutShort : .connectionReset, detail: "connection reset", underlying: error)
        case let error as HTTPClientError:
            if error == .remoteConnectionClosed && duringBody {
                return TransportError(.bodyCutShort, underlying: error)
            }
            if error == .bodyLengthMismatch {
                return TransportError(.bodyCutShort, detail: "fewer bytes than Content-Length", underlying: error)
            }
            return nil
        default:
            return nil
        }
    }
}
