import Bricks
import BricksTestSupport

/// The transport every integration test sends through.
///
/// The only place the integration suite names a transport: the AsyncHTTPClient transport package
/// compiles the same test files with its own version of this file, so the whole suite runs on both.
enum TestTransport {
    static func make(redirectPolicy: RedirectPolicy = .follow) -> any HTTPTransport {
        URLSessionTransport(redirectPolicy: redirectPolicy)
    }
}
