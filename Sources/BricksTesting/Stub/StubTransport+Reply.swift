import Bricks
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension StubTransport {
    /// A canned reply: status, headers and body, or a failure, after an optional delay.
    ///
    /// ```swift
    /// let replies: [StubTransport.Reply] = try [
    ///     .json(#"{"id": 1}"#),                        // JSON text
    ///     .json(User(id: 1, login: "octocat")),        // any Encodable
    ///     .file(fixtureURL),                           // a file's bytes
    ///     .text("pong", status: 202),
    ///     .failing(.notConnectedToInternet),           // a URLError instead of a reply
    ///     .json("{}").delayed(by: .milliseconds(200)),
    /// ]
    /// ```
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// The response header fields, in order; repeated names are kept.
        public var headers: HeaderFields
        /// The body.
        public var body: Data
        /// How long to wait before answering (the wait is cancellable).
        public var delay: Duration
        /// When set, the request fails with this error instead of answering.
        public var failure: URLError?

        /// Makes a canned reply.
        /// - Parameters:
        ///   - status: the status code. Default: 200.
        ///   - headers: the response header fields. Default: none.
        ///   - body: the body. Default: empty.
        ///   - delay: how long to wait before answering or failing. Default: no wait.
        ///   - failure: an error to throw instead of answering. Default: none.
        public init(
            status: Int = 200, headers: HeaderFields = [:], body: Data = Data(), delay: Duration = .zero,
            failure: URLError? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.failure = failure
        }

        /// A reply with JSON text as its body and `Content-Type: application/json` (unless
        /// `headers` names another).
        public static func json(_ json: String, status: Int = 200, headers: HeaderFields = [:]) -> Reply {
            Reply(
                status: status, headers: CannedResponse.headers(headers, contentType: "application/json"),
                body: Data(json.utf8))
        }

        /// A reply with `value` encoded as JSON and `Content-Type: application/json` (unless
        /// `headers` names another).
        ///
        /// A `String` argument is not encoded: it is taken as JSON text, as the overload above says.
        /// - Throws: the encoder's `EncodingError`.
        public static func json(
            _ value: some Encodable, status: Int = 200, headers: HeaderFields = [:],
            encoder: JSONEncoder = JSONEncoder()
        ) throws -> Reply {
            Reply(
                status: status, headers: CannedResponse.headers(headers, contentType: "application/json"),
                body: try encoder.encode(value))
        }

        /// A reply with UTF-8 text and `Content-Type: text/plain; charset=utf-8` (unless `headers`
        /// names another).
        public static func text(_ text: String, status: Int = 200, headers: HeaderFields = [:]) -> Reply {
            Reply(
                status: status, headers: CannedResponse.headers(headers, contentType: "text/plain; charset=utf-8"),
                body: Data(text.utf8))
        }

        /// A reply with the contents of a file, read now, and a `Content-Type` guessed from its
        /// extension (`json`, `txt`, `html`, `xml`, `png`, `jpg`; otherwise
        /// `application/octet-stream`) unless `headers` names one.
        /// - Throws: ``BricksTestingError/unreadableFile(path:reason:)``.
        public static func file(_ url: URL, status: Int = 200, headers: HeaderFields = [:]) throws -> Reply {
            let body: Data
            do {
                body = try Data(contentsOf: url)
            } catch {
                throw BricksTestingError.unreadableFile(path: url.path, reason: error.localizedDescription)
            }
            let type = contentTypes[url.pathExtension.lowercased()] ?? "application/octet-stream"
            return Reply(status: status, headers: CannedResponse.headers(headers, contentType: type), body: body)
        }

        /// A failure: the request throws `URLError(code)` instead of answering, as a transport
        /// does when the network fails.
        public static func failing(_ code: URLError.Code) -> Reply {
            Reply(failure: URLError(code))
        }

        /// The same reply, sent after `delay`. The wait ends early, with a `CancellationError`,
        /// when the sending task is cancelled.
        public func delayed(by delay: Duration) -> Reply {
            var reply = self
            reply.delay = delay
            return reply
        }

        private static let contentTypes = [
            "json": "application/json", "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
            "xml": "application/xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        ]
    }
}
