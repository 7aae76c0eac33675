import Foundation

/// A file's bytes as chunks, read on demand: the upload body of ``RequestBody/init(fileAt:)``.
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = Data
    /// The size of each read: large enough to keep a transport busy, small enough to stay cheap.
    static let chunkSize = 256 * 1024
    let url: URL

    init(_ url: URL) throws {
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw BricksError(.invalidRequest("cannot read the file to upload, \(url.path)"))
        }
        self.url = url
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let url: URL
        var handle: FileHandle?
        var isDone = false

        mutating func next() async throws -> Data? {
            if isDone { return nil }
            if Task.isCancelled { throw BricksError(.cancelled) }
            do {
                if handle == nil { handle = try FileHandle(forReadingFrom: url) }
                let chunk = try handle?.read(upToCount: FileChunks.chunkSize) ?? Data()
                if chunk.isEmpty {
                    isDone = true
                    try handle?.close()
                    return nil
                }
                return chunk
            } catch {
                isDone = true
                throw BricksError(.invalidRequest("cannot read the file to upload, \(url.path): \(error.localizedDescription)"))
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(url: url) }
}
