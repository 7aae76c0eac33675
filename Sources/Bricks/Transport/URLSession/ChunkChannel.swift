import Foundation

/// Hands the chunks a callback-driven producer pushes (a URLSession delegate) to one async reader,
/// with back-pressure: past ``highWater`` buffered bytes the producer is asked to pause, and once
/// the reader drains below ``lowWater`` to resume. A producer that cannot be paused
/// (FoundationNetworking's tasks) gets no such request: past ``highWater`` its chunks go to a
/// ``SpoolFile`` on disk, read back in order, so that memory stays bounded by the high-water mark
/// however far the reader falls behind.
///
/// `@unchecked Sendable`: every mutable field is read and written only while `lock` is held;
/// callbacks (`pause`, `cancel`, continuations) run outside it.
final class ChunkChannel: @unchecked Sendable {
    /// Buffered bytes past which the producer pauses.
    let highWater: Int
    /// Buffered bytes under which a paused producer resumes.
    let lowWater: Int
    /// Pauses (`true`) or resumes (`false`) the producer.
    private let pause: @Sendable (Bool) -> Void
    /// Stops the producer for good: the reader went away before the end.
    private let cancel: @Sendable () -> Void
    /// Whether ``pause`` stops the producer; if not, chunks past ``highWater`` are spooled to disk.
    private let canPause: Bool
    /// The most bytes the spool may hold; past it the body fails with
    /// ``BricksError/Reason/spoolLimitExceeded(limit:)`` and the producer is cancelled.
    let spoolLimit: Int

    private let lock = NSLock()
    private var chunks: [Data] = []
    private var firstChunk = 0
    private var bufferedBytes = 0
    private var isPaused = false
    private var end: (any Error)??
    private var waiter: CheckedContinuation<Data?, any Error>?
    /// The chunks that came while ``highWater`` bytes waited in memory, when the producer cannot
    /// be paused; made on first use.
    private var spool: SpoolFile?

    init(
        highWater: Int = 256 * 1024, canPause: Bool, spoolLimit: Int = URLSessionTransport.defaultMaximumSpoolSize,
        pause: @escaping @Sendable (Bool) -> Void, cancel: @escaping @Sendable () -> Void
    ) {
        self.highWater = highWater
        self.spoolLimit = spoolLimit
        self.lowWater = highWater / 4
        self.canPause = canPause
        self.pause = pause
        self.cancel = cancel
    }

    /// Bytes waiting in memory, and on disk (for tests and diagnostics).
    var waitingBytes: (inMemory: Int, onDisk: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        return (bufferedBytes, spool?.pendingBytes ?? 0)
    }

    /// Producer: one more chunk.
    /// - Returns: `false` when the channel is closed (the reader went away), so that the producer
    ///   stops at once rather than pushing into the void.
    @discardableResult
    func push(_ chunk: Data) -> Bool {
        guard !chunk.isEmpty else { return true }
        lock.lock()
        if end != nil {
            // Nobody reads any more: keep the producer paused until its cancellation lands.
            let pauses = !isPaused
            isPaused = true
            lock.unlock()
            if pauses { pause(true) }
            return false
        }
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: chunk)
            return true
        }
        if !canPause, (spool?.pendingBytes ?? 0) > 0 || bufferedBytes + chunk.count > highWater {
            // Behind, and the producer cannot wait: to disk, after what is already there, up to
            // the limit.
            let spool = self.spool ?? SpoolFile()
            self.spool = spool
            guard UInt64(chunk.count) <= UInt64(max(spoolLimit, 0)) &- min(spool.pendingBytes, UInt64(max(spoolLimit, 0))) else {
                return fail(with: BricksError(.spoolLimitExceeded(limit: spoolLimit)))
            }
            do {
                try spool.append(chunk)
                lock.unlock()
                return true
            } catch {
                return fail(with: BricksError(.transport(SpoolFailure(underlying: error))))
            }
        }
        chunks.append(chunk)
        bufferedBytes += chunk.count
        let pauses = canPause && !isPaused && bufferedBytes > highWater
        if pauses { isPaused = true }
        lock.unlock()
        if pauses { pause(true) }
        return true
    }

    /// Producer, holding the lock: the body cannot be kept; the reader gets `error` once it has
    /// read what is in memory, and the producer is cancelled. Releases the lock.
    private func fail(with error: BricksError) -> Bool {
        end = .some(error)
        let spool = self.spool
        self.spool = nil
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        spool?.close()
        waiter?.resume(throwing: error)
        cancel()
        return false
    }

    /// Producer: the end of the body, or the error that ended it.
    func finish(_ error: (any Error)?) {
        lock.lock()
        guard end == nil else {
            lock.unlock()
            return
        }
        end = .some(error)
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
    }

    /// Reader: the next chunk, or `nil` at the end.
    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                if firstChunk < chunks.count {
                    let chunk = chunks[firstChunk]
                    chunks[firstChunk] = Data()
                    firstChunk += 1
                    if firstChunk == chunks.count {
                        chunks.removeAll(keepingCapacity: true)
                        firstChunk = 0
                    }
                    bufferedBytes -= chunk.count
                    let resumes = isPaused && bufferedBytes < lowWater
                    if resumes { isPaused = false }
                    lock.unlock()
                    if resumes { pause(false) }
                    continuation.resume(returning: chunk)
                } else if let spool, spool.pendingBytes > 0 {
                    let result = Result { try spool.read() }
                    lock.unlock()
                    switch result {
                    case .success(let chunk): continuation.resume(returning: chunk)
                    case .failure(let error):
                        abandon()
                        continuation.resume(throwing: BricksError(.transport(SpoolFailure(underlying: error))))
                    }
                } else if let end {
                    spool?.close()
                    spool = nil
                    lock.unlock()
                    if let error = end { continuation.resume(throwing: error) } else { continuation.resume(returning: nil) }
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            close(throwing: BricksError(.cancelled))
        }
    }

    /// Reader: gone before the end; stops the producer unless the body was complete.
    func abandon() {
        close(throwing: CancellationError())
    }

    /// Ends the channel for its reader: drops what waits, answers a waiting ``next()`` with
    /// `error`, and stops the producer unless the body was complete. Called by the reader's task
    /// when it is cancelled (from its cancellation handler, which the Swift runtime runs holding
    /// the task's status lock: the delegate, resuming the task's continuation, waits for that
    /// lock, so nothing here may block) and when the reader goes away.
    private func close(throwing error: any Error) {
        lock.lock()
        let isOpen = end == nil
        end = .some(error)
        chunks = []
        firstChunk = 0
        bufferedBytes = 0
        // Closed after the lock is released: closing a spool file of hundreds of MiB frees its
        // pages, which takes a while, and the producer's next push waits for this lock.
        let spool = self.spool
        self.spool = nil
        let waiter = self.waiter
        self.waiter = nil
        // Paused first (cheap), so that no more data piles up while the cancellation, which
        // FoundationNetworking runs behind the transfer's queued work, is on its way.
        let pauses = isOpen && !isPaused
        if pauses { isPaused = true }
        lock.unlock()
        spool?.close()
        waiter?.resume(throwing: error)
        if pauses { pause(true) }
        if isOpen { cancel() }
    }

    /// The reading end of a channel, which abandons it when released.
    final class Reader: Sendable {
        private let channel: ChunkChannel

        init(_ channel: ChunkChannel) { self.channel = channel }

        deinit { channel.abandon() }

        @Sendable func next() async throws -> Data? { try await channel.next() }
    }
}

/// The spool file of a body could not be written or read back (the disk is full, say).
struct SpoolFailure: Error, CustomStringConvertible {
    /// What the file system reported.
    let underlying: any Error

    var description: String {
        "the body arrived faster than it was read and could not be held in a temporary file (\(underlying.localizedDescription))"
    }
}
