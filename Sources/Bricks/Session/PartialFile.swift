import Foundation

/// The temporary file of a download, beside its destination so that the final move is a rename.
///
/// Small chunks are gathered and written in pieces of ``writeSize``: a body that arrives in tens
/// of thousands of small chunks (a chunked stream of short lines) costs a few dozen system calls,
/// not one per chunk.
final class PartialFile {
    let url: URL
    private let handle: FileHandle
    /// The bytes of the file, those still in ``pending`` included.
    private(set) var size: Int64 = 0
    private var pending = Data()
    private var isMoved = false

    /// The most bytes gathered before a write.
    static let writeSize = 64 * 1024

    init(beside destination: URL) throws {
        url = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).download")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BricksError(.fileWrite(path: destination.deletingLastPathComponent().path, reason: "a file cannot be created there"))
        }
        do {
            handle = try FileHandle(forWritingTo: url)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw BricksError(.fileWrite(path: url.path, reason: error.localizedDescription))
        }
    }

    func write(_ chunk: Data) throws {
        size += Int64(chunk.count)
        if pending.isEmpty, chunk.count >= Self.writeSize {
            try writeNow(chunk)
            return
        }
        pending.append(chunk)
        if pending.count >= Self.writeSize { try flush() }
    }

    /// Writes what was gathered.
    private func flush() throws {
        guard !pending.isEmpty else { return }
        try writeNow(pending)
        pending.removeAll(keepingCapacity: true)
    }

    private func writeNow(_ data: Data) throws {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw BricksError(.fileWrite(path: url.path, reason: error.localizedDescription))
        }
    }

    func truncate() throws {
        pending.removeAll(keepingCapacity: true)
        guard size > 0 else { return }
        do {
            try handle.truncate(atOffset: 0)
            try handle.seek(toOffset: 0)
        } catch {
            throw BricksError(.fileWrite(path: url.path, reason: error.localizedDescription))
        }
        size = 0
    }

    /// Moves the finished file into place in one rename, replacing `destination`.
    func move(to destination: URL) throws {
        try flush()
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw BricksError(.fileWrite(path: url.path, reason: error.localizedDescription))
        }
        guard rename(url.path, destination.path) == 0 else {
            throw BricksError(.fileWrite(path: destination.path, reason: "the finished download cannot be moved there (errno \(errno))"))
        }
        isMoved = true
    }

    /// Removes the file unless it was moved into place.
    func discard() {
        guard !isMoved else { return }
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
