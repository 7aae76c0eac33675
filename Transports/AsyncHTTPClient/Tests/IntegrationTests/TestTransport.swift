import Bricks
import BricksAsyncHTTPClient

/// The transport every integration test sends through: this package's version of the root
/// suite's Support/TestTransport.swift, so that the whole suite runs on AsyncHTTPClient too.
enum TestTransport {
    static func make() -> any HTTPTransport {
        AsyncHTTPClientTransport()
    }

    /// AsyncHTTPClient hands over every header field as it arrived, repeated names kept.
    static let keepsRepeatedFields = true

    /// A dropped body closes the connection at once, over TLS too (without waiting for the
    /// server's `close_notify`).
    static let stopsTransferAtOnce = true

    /// No cookie storage: AsyncHTTPClient sends what the request carries and keeps nothing.
    static let storesCookies = false
}
