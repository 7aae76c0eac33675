@testable import Bricks
import Foundation
import Testing

/// The channel between URLSession's delegate and a body's reader: bounded memory whether the
/// producer can be paused or not.
@Suite struct ChunkChannelTests {
    /// 1,000 chunks of 1,000 bytes, each filled with its own byte pattern.
    private static let chunks: [Data] = (0..<1_000).map { index in
        Data((0..<1_000).map { UInt8(truncatingIfNeeded: index &* 7 &+ $0) })
    }

    private static func unpausable() -> ChunkChannel {
        ChunkChannel(highWater: 4 * 1024, canPause: false, pause: { _ in }, cancel: {})
    }

    private static func readAll(_ channel: ChunkChannel) async throws -> Data {
        var read = Data()
        while let chunk = try await channel.next() { read.append(chunk) }
        return read
    }

    @Test func anUnpausableProducerFarAheadOfItsReaderIsHeldOnDiskNotInMemory() async throws {
        let channel = Self.unpausable()
        var mostInMemory = 0
        for chunk in Self.chunks {
            #expect(channel.push(chunk))
            mostInMemory = max(mostInMemory, channel.waitingBytes.inMemory)
        }
        channel.finish(nil)
        #expect(mostInMemory <= 4 * 1024)
        #expect(channel.waitingBytes.onDisk > 990_000)
        let read = try await Self.readAll(channel)
        #expect(read == Self.chunks.reduce(Data(), +))
        #expect(channel.waitingBytes.onDisk == 0)
    }

    @Test func chunksKeepTheirOrderWhenReadingAndSpoolingInterleave() async throws {
        let channel = Self.unpausable()
        var read = Data()
        for (index, chunk) in Self.chunks.enumerated() {
            channel.push(chunk)
            // The reader takes one chunk now and then: the spool empties and fills again.
            if index % 3 == 0, let next = try await channel.next() { read.append(next) }
            if index % 250 == 0 { while channel.waitingBytes != (0, 0), let next = try await channel.next() { read.append(next) } }
        }
        channel.finish(nil)
        read.append(try await Self.readAll(channel))
        #expect(read == Self.chunks.reduce(Data(), +))
    }

    @Test func anErrorAfterSpooledChunksComesAfterThem() async throws {
        let channel = Self.unpausable()
        for chunk in Self.chunks.prefix(50) { channel.push(chunk) }
        channel.finish(URLError(.networkConnectionLost))
        var read = Data()
        await #expect(throws: URLError.self) {
            while let chunk = try await channel.next() { read.append(chunk) }
        }
        #expect(read == Self.chunks.prefix(50).reduce(Data(), +))
    }

    @Test func aPausableProducerIsPausedAtTheHighWaterMarkAndNothingIsSpooled() async throws {
        let pauses = Locked<[Bool]>([])
        let channel = ChunkChannel(
            highWater: 4 * 1024, canPause: true, pause: { paused in pauses.withLock { $0.append(paused) } }, cancel: {})
        for chunk in Self.chunks.prefix(10) { channel.push(chunk) }
        #expect(pauses.withLock { $0 } == [true])
        #expect(channel.waitingBytes.onDisk == 0)
        channel.finish(nil)
        #expect(try await Self.readAll(channel) == Self.chunks.prefix(10).reduce(Data(), +))
        #expect(pauses.withLock { $0 } == [true, false])
    }

    @Test func anAbandonedChannelDropsItsSpoolAndRefusesMoreChunks() async throws {
        let cancelled = Locked(false)
        let channel = ChunkChannel(highWater: 4 * 1024, canPause: false, pause: { _ in }, cancel: { cancelled.withLock { $0 = true } })
        for chunk in Self.chunks.prefix(100) { channel.push(chunk) }
        #expect(channel.waitingBytes.onDisk > 0)
        channel.abandon()
        #expect(cancelled.withLock { $0 })
        #expect(channel.waitingBytes == (0, 0))
        #expect(!channel.push(Self.chunks[0]))
    }

    /// Cancelling the reader's task answers its waiting `next()` at once, without waiting for the
    /// producer to stop (FoundationNetworking's cancellation lands only after the transfer's
    /// queued work, and meanwhile each chunk delivered to a blocked delegate queue stays in
    /// memory: issue 13), and drops the chunks that come after.
    @Test func cancellingTheReaderAnswersItsWaitAndStopsTheProducer() async throws {
        let cancelled = Locked(false)
        let channel = ChunkChannel(highWater: 4 * 1024, canPause: false, pause: { _ in }, cancel: { cancelled.withLock { $0 = true } })
        for chunk in Self.chunks.prefix(100) { channel.push(chunk) }
        let reader = Task { try await Self.readAll(channel) }
        // The reader drains what waits, then waits for more: the producer never ends the body.
        while channel.waitingBytes != (0, 0) { try await Task.sleep(for: .milliseconds(1)) }
        reader.cancel()
        await #expect(throws: BricksError.self) { try await reader.value }
        #expect(cancelled.withLock { $0 })
        #expect(!channel.push(Self.chunks[0]))
        #expect(channel.waitingBytes == (0, 0))
    }
}
