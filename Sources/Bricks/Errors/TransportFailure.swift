import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Words a person can act on for the errors transports throw, so that a failure reads as what
/// happened ("the connection was refused") rather than as a code.
enum TransportFailure {
    /// What `error` means, as the end of a sentence that starts with the call.
    static func describe(_ error: any Error) -> String {
        if let error = error as? URLError { return describe(error) }
        if let error = error as? POSIXError { return describe(posix: error.code.rawValue, error) }
        let text = String(describing: error)
        return "the exchange failed: \(text)"
    }

    private static func describe(_ error: URLError) -> String {
        let words: String
        switch error.code {
        case .cannotConnectToHost:
            words = "could not connect to the server (connection refused: is a server listening on that port?)"
        case .cannotFindHost, .dnsLookupFailed:
            words = "the host name could not be resolved (DNS)"
        case .notConnectedToInternet:
            words = "the device is not connected to a network"
        case .networkConnectionLost:
            words = "the connection was closed or reset before the reply was complete"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            words = "the TLS handshake failed (\(error.localizedDescription)): see Docs/Security.md to trust a private CA"
        case .badServerResponse:
            words = "the server's reply could not be read as HTTP"
        case .httpTooManyRedirects:
            words = "too many redirects"
        case .unsupportedURL:
            words = "the URL's scheme is not supported by this transport"
        case .zeroByteResource:
            words = "the server closed the connection without replying"
        default:
            words = "the exchange failed: \(error.localizedDescription)"
        }
        return "\(words) [URLError \(error.code.rawValue)]"
    }

    private static func describe(posix code: Int32, _ error: POSIXError) -> String {
        switch code {
        case ECONNREFUSED: "could not connect to the server (connection refused: is a server listening on that port?)"
        case ECONNRESET: "the connection was reset by the server"
        case EPIPE: "the connection was closed by the server while the request was being sent"
        case ETIMEDOUT: "the connection attempt timed out"
        case EHOSTUNREACH, ENETUNREACH: "the host could not be reached"
        default: "the exchange failed: \(error.localizedDescription)"
        }
    }
}
