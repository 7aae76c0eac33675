import Bricks
import BricksTestSupport

/// The transport every integration test sends through.
///
/// The only place the integration suite names a transport: the AsyncHTTPClient transport package
/// compiles the same test files with its own version of this file, so the whole suite runs on both.
/// Redirects are the Session's business (`Session(redirectPolicy:)`), not the transport's.
enum TestTransport {
    static func make() -> any HTTPTransport {
        URLSessionTransport()
    }

    /// Whether repeated header fields reach Bricks one by one. URLSession joins them with ", "
    /// before Bricks sees them (Bricks splits `Set-Cookie` back only where each part is a
    /// `name=value` cookie); AsyncHTTPClient keeps them.
    static var keepsRepeatedFields: Bool { false }

    /// Whether a transfer stops at once when the body is dropped. FoundationNetworking's
    /// `cancel()` lands only once its work queue gets to it, and libcurl keeps reading meanwhile:
    /// 65–200 MiB of a 200 MiB reply refused on its head were seen sent (Docs/Linux.md).
    static var stopsTransferAtOnce: Bool { false }

    /// Whether the transport keeps the cookies servers set and sends them again: URLSession's
    /// cookie storage (the configuration's; `.ephemeral` keeps one in memory).
    static var storesCookies: Bool { true }
}
