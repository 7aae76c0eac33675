import Foundation

/// The body a transport sends: bytes in memory, or chunks read from a stream (a file, say) so
/// that a large upload never sits in memory whole.
///
/// A transport sends ``data`` when it is set, and otherwise reads ``chunks()`` to the end,
/// announcing ``length`` as `Content-Length` when it is known (chunked transfer otherwise).
public struct RequestBody: Sendable {
    /// The bytes, when the body is in memory.
    public let data: Data?
    /// The body's length in bytes, when known.
    public let length: Int?
    /// Whether the body can be sent again (for a retry or a redirect that keeps the body): bytes
    /// and files can, a one-shot stream cannot.
    public let isReplayable: Bool
    private let open: (@Sendable () throws -> Chunks)?

    /// A body of bytes in memory.
    public init(_ data: Data) {
        self.data = data
        length = data.count
        isReplayable = true
        open = nil
    }

    /// A body read from a stream of chunks.
    /// - Parameters:
    ///   - length: the total length in bytes, when known.
    ///   - isReplayable: whether `open` can be called again to send the body again.
    ///   - open: opens the stream; called once per send.
    public init<Stream: AsyncSequence & Sendable>(
        length: Int?, isReplayable: Bool, open: @escaping @Sendable () throws -> Stream
    ) where Stream.Element == Data {
        data = nil
        self.length = length
        self.isReplayable = isReplayable
        self.open = { Chunks(try open()) }
    }

    /// The body's chunks, for a transport to send: the bytes in one chunk, or the stream opened
    /// anew.
    /// - Throws: the error of opening the stream (a file that cannot be read, say).
    public func chunks() throws -> Chunks {
        if let open { return try open() }
        return Chunks(data ?? Data())
    }

    /// The chunks of a request body, in order.
    public struct Chunks: AsyncSequence, Sendable {
        /// A chunk of bytes.
        public typealias Element = Data
        private let body: ResponseBody

        init(_ data: Data) { body = ResponseBody(data) }
        init<Stream: AsyncSequence & Sendable>(_ stream: Stream) where Stream.Element == Data {
            body = ResponseBody(stream)
        }

        /// An iterator over the chunks.
        public func makeAsyncIterator() -> ResponseBody.AsyncIterator { body.makeAsyncIterator() }
    }
}
