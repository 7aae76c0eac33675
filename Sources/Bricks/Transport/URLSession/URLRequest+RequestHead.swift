import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLRequest {
    /// The Foundation request for `head` and `body`: the bridge to `URLSession`, field for field.
    /// A body in memory becomes `httpBody`, a file's an `httpBodyStream`; a body from any other
    /// stream is left out (``URLSessionTransport`` refuses one). The one place a request body
    /// becomes Foundation's: the transport and ``RequestType/makeURLRequest()`` both come here.
    /// - Throws: ``BricksError/Reason/invalidURL(_:)`` when Foundation does not take the head's
    ///   parts as a URL (they are checked where they enter a head, so this is a last guard that
    ///   nothing is sent elsewhere).
    init(_ head: RequestHead, body: RequestBody?) throws(BricksError) {
        self.init(url: try head.makeURL())
        // GET is every URLRequest's method already; setting it costs a case-insensitive lookup.
        if head.method != .get { httpMethod = head.method.rawValue }
        for field in head.headerFields {
            // A repeated name is joined with ", ", as URLRequest keeps one value per name.
            addValue(field.value, forHTTPHeaderField: field.name)
        }
        if let data = body?.data {
            httpBody = data
        } else if let fileURL = body?.fileURL {
            httpBodyStream = InputStream(url: fileURL)
        }
    }
}
