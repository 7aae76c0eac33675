import Bricks
import BricksTestSupport
import Foundation
import Testing

/// Produces chunks on demand; it says when it is released.
private final class Producer: Sendable {
    let released: Recorder<Bool>
    let chunks: [Data]
    let served = Recorder<Int>()

    init(chunks: [String], released: Recorder<Bool>) {
        self.chunks = chunks.map { Data($0.utf8) }
        self.released = released
    }

    func next() -> Data? {
        guard served.count < chunks.count else { return nil }
        served.append(1)
        return chunks[served.count - 1]
    }

    deinit { released.append(true) }
}

/// A streamed body of `chunks`, read lazily from a producer held only by the stream.
private func streamedBody(_ chunks: [String], released: Recorder<Bool> = Recorder()) -> ResponseBody {
    let producer = Producer(chunks: chunks, released: released)
    return ResponseBody(AsyncStream<Data> { producer.next() })
}

@Suite struct ResponseBodyTests {
    @Test func aBufferedBodyIsInMemoryAndCollects() async throws {
        let body = ResponseBody(Data("abc".utf8))
        #expect(body.bufferedData == Data("abc".utf8))
        #expect(!body.isStreamed)
        #expect(try await body.collect(upTo: 3) == Data("abc".utf8))
        // In memory, it can be read again.
        #expect(try await body.collect(upTo: 100) == Data("abc".utf8))
        var chunks: [Data] = []
        for try await chunk in body { chunks.append(chunk) }
        #expect(chunks == [Data("abc".utf8)])
        var empty: [Data] = []
        for try await chunk in ResponseBody() { empty.append(chunk) }
        #expect(empty.isEmpty)
    }

    @Test func aStreamedBodyCollectsItsChunksInOrder() async throws {
        let body = streamedBody(["ab", "", "cd", "e"])
        #expect(body.isStreamed)
        #expect(body.bufferedData == nil)
        #expect(try await body.collect(upTo: 5) == Data("abcde".utf8))
    }

    @Test func collectingMoreThanTheLimitThrows() async throws {
        await #expect(throws: BricksError.responseTooLarge(limit: 3)) {
            try await ResponseBody(Data("abcd".utf8)).collect(upTo: 3)
        }
        let served = Recorder<Bool>()
        let producer = Producer(chunks: ["ab", "cd", "ef", "gh"], released: served)
        let body = ResponseBody(AsyncStream<Data> { producer.next() })
        await #expect(throws: BricksError.responseTooLarge(limit: 3)) { try await body.collect(upTo: 3) }
        #expect(producer.served.count == 2, "reading stops at the chunk that passes the limit")
    }

    @Test func aStreamedBodyCanBeReadOnlyOnce() async throws {
        let body = streamedBody(["a", "b"])
        var first: [Data] = []
        for try await chunk in body { first.append(chunk) }
        #expect(first == [Data("a".utf8), Data("b".utf8)])
        await #expect(throws: BricksError.self) {
            for try await _ in body {}
        }
        await #expect(throws: BricksError.self) { try await body.collect(upTo: 10) }
    }

    @Test func aSecondReaderOfAStreamedBodyFailsEvenBeforeTheFirstFinishes() async throws {
        let body = streamedBody(["a", "b"])
        var reader = body.makeAsyncIterator()
        #expect(try await reader.next() == Data("a".utf8))
        await #expect(throws: BricksError.self) { try await body.collect(upTo: 10) }
        #expect(try await reader.next() == Data("b".utf8))
        #expect(try await reader.next() == nil)
    }

    @Test func releasingAnUnreadStreamedBodyReleasesItsProducer() async throws {
        let released = Recorder<Bool>()
        do {
            let body = streamedBody(["a", "b"], released: released)
            #expect(body.isStreamed)
            #expect(released.values.isEmpty, "the body holds its producer while it lives")
        }
        #expect(released.values == [true])
    }

    @Test func releasingAPartlyReadStreamedBodyReleasesItsProducer() async throws {
        let released = Recorder<Bool>()
        do {
            let body = streamedBody(["a", "b", "c"], released: released)
            var reader = body.makeAsyncIterator()
            #expect(try await reader.next() == Data("a".utf8))
            #expect(released.values.isEmpty)
        }
        #expect(released.values == [true])
    }

    @Test func releasingAnUnreadStreamedBodyEndsAStreamFedByAContinuation() async throws {
        let terminated = Recorder<Bool>()
        do {
            let (stream, continuation) = AsyncStream<Data>.makeStream()
            continuation.onTermination = { _ in terminated.append(true) }
            continuation.yield(Data("a".utf8))
            let body = ResponseBody(stream)
            #expect(body.isStreamed)
            #expect(terminated.values.isEmpty)
        }
        #expect(terminated.values == [true])
    }
}
