import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Words a person can act on for the errors transports throw, so that a failure reads as what
/// happened ("the connection was refused") rather than as a code.
enum TransportFailure {
    /// What `error` means, as the end of a sentence that starts with the call.
    static func describe(_ error: any Error) -> String {
        if let error = error as? TransportError { return error.description }
        if let error = error as? URLError { return describe(error) }
        if let error = error as? POSIXError { return describe(posix: error.code.rawValue, error) }
        let text = String(describing: error)
        return "the exchange failed: \(text)"
    }

    /// A failure of URLSession while the body was being read (after the head): the body was cut
    /// short, unless the error says otherwise (time-out, cancellation).
    static func duringBody(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else { return error }
        switch urlError.code {
        case .cancelled, .timedOut: return error
        case .networkConnectionLost, .cannotParseResponse, .badServerResponse, .cannotDecodeRawData,
            .cannotDecodeContentData, .unknown:
            return TransportError(.bodyCutShort, detail: "URLError \(urlError.code.rawValue)", underlying: error)
        default: return error
        }
    }

    /// A failure of URLSession before the head arrived, in words where FoundationNetworking only
    /// passes libcurl's message (`URLError(-1)`): a header line that is not UTF-8 is an
    /// ``BricksError/Reason/invalidResponse(_:)``, and so is a header line over libcurl's limit.
    static func beforeHead(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError, urlError.code == .unknown else { return error }
        let message = urlError.localizedDescription
        if message.contains("Failed writing header") {
            return BricksError(.invalidResponse(
                "a header line is not valid UTF-8 text (FoundationNetworking cannot read it, and Bricks refuses it on every transport)"))
        }
        if message.contains("Out of memory") || message.localizedCaseInsensitiveContains("header") {
            return BricksError(.invalidResponse(
                "a header line is larger than the transport reads (libcurl: 100 KiB per line)"))
        }
        return error
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
            words = "the connection was closed or reset by the server before the reply was complete"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            words = "the TLS handshake failed: the server's certificate is not trusted (\(error.localizedDescription)); see Docs/Security.md, \"TLS trust\", to trust a private CA"
        case .badServerResponse, .cannotParseResponse:
            words = "the server's reply could not be read as HTTP"
        case .httpTooManyRedirects:
            words = "too many redirects"
        case .unsupportedURL:
            words = "the URL's scheme is not supported by this transport"
        case .zeroByteResource:
            words = "the server closed the connection without replying"
        case .unknown where isTLS(error.localizedDescription):
            // FoundationNetworking passes libcurl's TLS failures as URLError(-1) with its message.
            words = "the TLS handshake failed: \(error.localizedDescription); see Docs/Security.md, \"TLS trust\", to trust a private CA"
        default:
            words = "the exchange failed: \(error.localizedDescription)"
        }
        return "\(words) [URLError \(error.code.rawValue)]"
    }

    /// Whether libcurl's message is about TLS.
    private static func isTLS(_ message: String) -> Bool {
        ["SSL", "TLS", "certificate"].contains { message.contains($0) }
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
