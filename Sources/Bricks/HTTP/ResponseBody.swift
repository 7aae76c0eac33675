import Foundation

/// The body of a response: byte chunks read at the reader's pace, once.
///
/// A transport hands out the body as it arrives; nothing buffers it unless the reader does. A
/// body already in memory (a stub's, or one ``Session/send(_:)`` collected) is the same type,
/// so middleware handles both alike:
///
/// ```swift
/// for try await chunk in response.body { file.write(chunk) }      // streamed
/// let data = try await response.body.collect(upTo: 1 << 20)       // whole, within a limit
/// ```
///
/// A streamed body can be read once; dropping it unread cancels the exchange it belongs to.
public struct ResponseBody: AsyncSequence, Sendable {
    /// A chunk of bytes.
    public typealias Element = Data

    fileprivate enum Content: Sendable {
        case buffered(Data)
        case stream(ChunkSource)
    }

    private let content: Content

    /// A body already in memory.
    public init(_ data: Data = Data()) {
        content = .buffered(data)
    }

    /// A body read from `chunks`, which a transport produces as bytes arrive. `chunks` should
    /// stop its producer (cancel the exchange) when it is released before its end.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
        content = .stream(ChunkSource { IteratorBox(chunks.makeAsyncIterator()).next })
    }

    /// A body whose chunks come from `next`, called until it returns `nil`.
    init(next: @escaping @Sendable () async throws -> Data?) {
        content = .stream(ChunkSource { next })
    }

    /// The bytes, when the body is already in memory; `nil` for a streamed body.
    public var bufferedData: Data? {
        if case .buffered(let data) = content { return data }
        return nil
    }

    /// Whether the body arrives as a stream rather than being in memory.
    public var isStreamed: Bool { bufferedData == nil }

    /// Reads the whole body into memory.
    /// - Parameter limit: the most bytes accepted.
    /// - Throws: ``BricksError`` with ``BricksError/Reason/responseTooLarge(limit:)`` once more than
    ///   `limit` bytes arrive (reading stops there), or the stream's own error.
    public func collect(upTo limit: Int) async throws -> Data {
        try await collect(upTo: BodySizeLimit(limit), expectedLength: nil)
    }

    /// ``collect(upTo:)`` within the exchange's limit, with room reserved for `expectedLength`
    /// bytes when it is known.
    func collect(within context: CallContext, expectedLength: Int?) async throws -> Data {
        try await collect(upTo: BodySizeLimit(context.maximumBodySize), expectedLength: expectedLength)
    }

    private func collect(upTo limit: BodySizeLimit, expectedLength: Int?) async throws -> Data {
        switch content {
        case .buffered(let data):
            try limit.check(Int64(data.count))
            return data
        case .stream(let source):
            let next = try source.take()
            var data = Data()
            if let expectedLength, expectedLength > 0 { data.reserveCapacity(Swift.min(expectedLength, limit.maximum)) }
            while let chunk = try await next() {
                try limit.check(Int64(data.count) + Int64(chunk.count))
                data.append(chunk)
            }
            return data
        }
    }

    /// Reads the chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
        private var buffered: Data?
        private var next: (@Sendable () async throws -> Data?)?
        private var failure: (any Error)?

        fileprivate init(_ content: Content) {
            switch content {
            case .buffered(let data):
                buffered = data.isEmpty ? nil : data
            case .stream(let source):
                do {
                    next = try source.take()
                } catch {
                    failure = error
                }
            }
        }

        /// The next chunk, or `nil` at the end of the body.
        /// - Throws: the transport's error, or ``BricksError`` when the body was already read.
        public mutating func next() async throws -> Data? {
            if let failure {
                self.failure = nil
                throw failure
            }
            if let data = buffered {
                buffered = nil
                return data
            }
            guard let next else { return nil }
            // A reader whose task was cancelled stops here, whatever the transport has buffered.
            if Task.isCancelled {
                self.next = nil
                throw BricksError(.cancelled)
            }
            guard let chunk = try await next() else {
                self.next = nil
                return nil
            }
            return chunk
        }
    }

    /// An iterator over the chunks. A streamed body gives its chunks to the first iterator only.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(content)
    }
}

/// The one-time source of a streamed body's chunks.
private final class ChunkSource: Sendable {
    private let make: Locked<(@Sendable () -> @Sendable () async throws -> Data?)?>

    init(_ make: @escaping @Sendable () -> @Sendable () async throws -> Data?) {
        self.make = Locked(make)
    }

    /// The chunk reader; a second call throws, since a stream can be read once.
    func take() throws -> @Sendable () async throws -> Data? {
        guard let make = make.withLock({ make in defer { make = nil }; return make }) else {
            throw BricksError(.invalidRequest("a streamed response body can be read only once"))
        }
        return make()
    }
}

/// Holds a sequence's iterator so that a `@Sendable` closure can advance it.
///
/// `@unchecked Sendable`: a body has one reader at a time, which advances the iterator from one
/// task; the box is never shared beyond that reader.
private final class IteratorBox<Iterator: AsyncIteratorProtocol>: @unchecked Sendable where Iterator.Element == Data {
    private var iterator: Iterator

    init(_ iterator: Iterator) { self.iterator = iterator }

    @Sendable func next() async throws -> Data? { try await iterator.next() }
}
