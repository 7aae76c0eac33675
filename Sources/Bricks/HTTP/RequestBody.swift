import Foundation

/// The body a request sends: bytes in memory, a file, or chunks read from a stream, so that a
/// large upload never sits in memory whole. It knows its content type and, when it can, its
/// length. The one home of a request's body, from the endpoint to the transport.
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
    /// The file the body is read from, for a transport that uploads files natively.
    public let fileURL: URL?
    /// The body's media type, sent as `Content-Type` (unless the head's header fields name
    /// another), such as `application/json` or `multipart/form-data; boundary=…`.
    public var contentType: String?
    private let open: (@Sendable () throws -> Chunks)?
    /// What tells this body from another without reading it: the bytes, the file, or the one
    /// stream (each stream body is its own).
    let identity: Identity
    /// Told the total bytes sent so far, for upload progress.
    var progress: (@Sendable (TransferProgress) -> Void)?

    /// Whether someone follows this body's upload progress: a transport that sends the bytes
    /// itself then calls ``reportSent(_:)`` as it goes.
    public var reportsProgress: Bool { progress != nil }

    /// A body of bytes in memory.
    /// - Parameters:
    ///   - data: the bytes.
    ///   - contentType: its media type. Default: none.
    public init(_ data: Data, contentType: String? = nil) {
        self.data = data
        length = data.count
        isReplayable = true
        fileURL = nil
        self.contentType = contentType
        open = nil
        identity = .bytes(data)
    }

    /// A body read from a file, chunk by chunk, never whole: replayable, with the file's length.
    /// - Parameters:
    ///   - url: the file.
    ///   - contentType: its media type. Default: none.
    /// - Throws: ``BricksError`` when the file cannot be read.
    public init(fileAt url: URL, contentType: String? = nil) throws {
        data = nil
        let attributes = try Self.attributes(ofFileAt: url)
        let length = (attributes[.size] as? NSNumber)?.intValue
        self.length = length
        isReplayable = true
        fileURL = url
        self.contentType = contentType
        open = { Chunks(try FileChunks(url)) }
        identity = .file(url.standardizedFileURL.path, length: length, modified: attributes[.modificationDate] as? Date)
    }

    /// A body read from a stream of chunks.
    /// - Parameters:
    ///   - length: the total length in bytes, when known.
    ///   - isReplayable: whether `open` can be called again to send the body again.
    ///   - contentType: its media type. Default: none.
    ///   - open: opens the stream; called once per send.
    public init<Stream: AsyncSequence & Sendable>(
        length: Int?, isReplayable: Bool, contentType: String? = nil, open: @escaping @Sendable () throws -> Stream
    ) where Stream.Element == Data {
        data = nil
        self.length = length
        self.isReplayable = isReplayable
        fileURL = nil
        self.contentType = contentType
        self.open = { Chunks(try open()) }
        identity = .stream(StreamIdentity())
    }

    /// What tells one body from another without reading it.
    enum Identity: Hashable, Sendable {
        /// Bytes in memory: equal bytes are the same body.
        case bytes(Data)
        /// A file: the same path, length and modification date are the same body.
        case file(String, length: Int?, modified: Date?)
        /// A stream, equal only to itself.
        case stream(StreamIdentity)
    }

    /// The identity of one stream body. A class so that copies of the body share it.
    final class StreamIdentity: Hashable, Sendable {
        static func == (lhs: StreamIdentity, rhs: StreamIdentity) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// The whole body as bytes: the bytes in memory, or the file or stream read to its end, for
    /// a stub or a recording, which stand where a transport sends it. Reports no upload progress
    /// (a recording's transport reports it when it sends the bytes).
    /// - Throws: the stream's error.
    public func collected() async throws -> Data {
        guard let open else { return data ?? Data() }
        var collected = Data()
        for try await chunk in try open() { collected.append(chunk) }
        return collected
    }

    /// The body's chunks, for a transport to send: the bytes in one chunk, or the stream opened
    /// anew.
    /// - Throws: the error of opening the stream (a file that cannot be read, say).
    public func chunks() throws -> Chunks {
        let chunks = try open?() ?? Chunks(data ?? Data())
        guard let progress else { return chunks }
        return chunks.counting(length: length, progress: progress)
    }

    /// The size in bytes of the file at `url`, from its attributes.
    /// - Throws: ``BricksError`` when the file's attributes cannot be read (no such file, say).
    static func size(ofFileAt url: URL) throws(BricksError) -> Int? {
        (try attributes(ofFileAt: url)[.size] as? NSNumber)?.intValue
    }

    /// The attributes of the file at `url` (size, modification date), read once.
    /// - Throws: ``BricksError`` when they cannot be read (no such file, say).
    private static func attributes(ofFileAt url: URL) throws(BricksError) -> [FileAttributeKey: Any] {
        do {
            return try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw BricksError(.invalidRequest("cannot read the file to upload, \(url.path): \(error.localizedDescription)"))
        }
    }

    /// Checks that the body's file, if it has one, can still be read and has the ``length`` it had
    /// when the body was made: for a transport that hands the file to a library which would send
    /// whatever the file holds now (announcing its new size) or stall on a file cut short.
    /// - Throws: ``BricksError`` with ``BricksError/Reason/invalidRequest(_:)`` saying what changed.
    func checkFile() throws(BricksError) {
        guard let fileURL else { return }
        let size = try Self.size(ofFileAt: fileURL)
        guard FileManager.default.isReadableFile(atPath: fileURL.path) else {
            throw BricksError(.invalidRequest("cannot read the file to upload, \(fileURL.path)"))
        }
        guard size == length else {
            let describe = { (size: Int?) in size.map { "\($0) bytes" } ?? "an unknown size" }
            throw BricksError(.invalidRequest(
                "the file to upload, \(fileURL.path), changed size: \(describe(length)) when the request was made, \(describe(size)) now"))
        }
    }

    /// Reports upload progress: for a transport that sends ``fileURL`` or ``data`` itself rather
    /// than through ``chunks()``, with the total bytes sent so far.
    public func reportSent(_ totalBytes: Int64) {
        progress?(TransferProgress(completedBytes: totalBytes, expectedBytes: length.map(Int64.init)))
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

        init(_ body: ResponseBody) { self.body = body }

        /// An iterator over the chunks.
        public func makeAsyncIterator() -> ResponseBody.AsyncIterator { body.makeAsyncIterator() }

        /// The same chunks, reporting the bytes handed out so far.
        func counting(length: Int?, progress: @escaping @Sendable (TransferProgress) -> Void) -> Chunks {
            let reader = Locked((body.makeAsyncIterator(), Int64(0)))
            let expected = length.map(Int64.init)
            return Chunks(ResponseBody { @Sendable in
                var (iterator, sent) = reader.withLock { $0 }
                let chunk = try await iterator.next()
                sent += Int64(chunk?.count ?? 0)
                reader.withLock { $0 = (iterator, sent) }
                if chunk != nil { progress(TransferProgress(completedBytes: sent, expectedBytes: expected)) }
                return chunk
            })
        }
    }
}
