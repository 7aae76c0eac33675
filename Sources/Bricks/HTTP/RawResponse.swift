/// A response before decoding: its head, and its body as it arrives (or as collected).
///
/// What a transport returns and what middleware passes back up the stack.
public struct RawResponse: Sendable {
    /// Status, header fields, URL and version.
    public var head: ResponseHead
    /// The body: streamed from the transport, or in memory once collected.
    public var body: ResponseBody

    /// Makes a response.
    /// - Parameters:
    ///   - head: the response head.
    ///   - body: the body. Default: empty.
    public init(head: ResponseHead, body: ResponseBody = ResponseBody()) {
        self.head = head
        self.body = body
    }
}
