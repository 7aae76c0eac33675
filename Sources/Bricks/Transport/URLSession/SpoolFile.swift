import Foundation

/// A first-in, first-out queue of bytes that spills to disk: where a ``ChunkChannel`` puts the
/// chunks that a producer it cannot pause delivers while the reader is behind, so that memory
/// stays bounded whatever the body's size.
///
/// Chunks are gathered in memory and written in pieces of ``writeSize`` (one system call per
/// piece, not per chunk: the producer, URLSession's delegate, runs on the thread that drives
/// libcurl and holds up every transfer while it works). The file is made on the first write, in the
/// temporary directory, readable by this user only, and unlinked at once where the platform
/// allows, so that nothing is left behind even if the process dies; it is emptied whenever the
/// reader catches up. Not thread-safe: its owner's lock guards every call.
final class SpoolFile {
    /// The bytes gathered before a write to disk, and the most a read returns.
    static let writeSize = 512 * 1024

    private var handle: FileHandle?
    /// The path, while the file still has one (only where it could not be unlinked while open).
    private var path: String?
    /// The newest bytes, not written yet.
    private var tail = Data()
    /// Where the next piece is written.
    private var writeOffset: UInt64 = 0
    /// Where the reader goes on.
    private var readOffset: UInt64 = 0

    /// Bytes queued and not read yet, on disk and in memory.
    var pendingBytes: UInt64 { writeOffset - readOffset + UInt64(tail.count) }

    deinit { close() }

    /// Queues `chunk` after everything queued before.
    /// - Throws: `CocoaError` when the file cannot be made or written.
    func append(_ chunk: Data) throws {
        tail.append(chunk)
        guard tail.count >= Self.writeSize else { return }
        let file = try handle ?? open()
        try file.seek(toOffset: writeOffset)
        try file.write(contentsOf: tail)
        writeOffset += UInt64(tail.count)
        tail = Data()
        tail.reserveCapacity(Self.writeSize + 64 * 1024)
    }

    /// The oldest bytes not read yet, at most ``writeSize`` from disk or the whole unwritten tail;
    /// empty when none are left. The file is emptied once everything written has been read.
    func read() throws -> Data {
        if readOffset < writeOffset, let handle {
            try handle.seek(toOffset: readOffset)
            let data = try handle.read(upToCount: Int(min(UInt64(Self.writeSize), writeOffset - readOffset))) ?? Data()
            guard !data.isEmpty else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "the spool file ended early"])
            }
            readOffset += UInt64(data.count)
            if readOffset == writeOffset {
                try handle.truncate(atOffset: 0)
                readOffset = 0
                writeOffset = 0
            }
            return data
        }
        let data = tail
        tail = Data()
        return data
    }

    /// Makes the file, unlinked at once where the platform allows.
    private func open() throws -> FileHandle {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("bricks-body-\(UUID().uuidString).spool").path
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        let file: FileHandle
        do {
            file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
        // Unlinked while open (POSIX): the bytes live until the handle closes, under no name.
        self.path = (try? FileManager.default.removeItem(atPath: path)) == nil ? path : nil
        handle = file
        return file
    }

    /// Closes the file (and removes it if it still has a name) and drops the tail. Safe to call
    /// more than once.
    func close() {
        try? handle?.close()
        handle = nil
        tail = Data()
        if let path {
            try? FileManager.default.removeItem(atPath: path)
            self.path = nil
        }
    }
}
