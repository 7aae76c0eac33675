import Foundation

/// Reads whole files. Not `Data(contentsOf:)`: swift-foundation's (Swift 6.3.1 on Linux) loses a
/// 4 KiB buffer each time it reads an empty file — 400 MiB for 100,000 reads — and an empty file
/// is what an interrupted write or a truncated download leaves.
enum FileContents {
    /// The bytes of the file at `url`.
    /// - Throws: the file system's error when the file cannot be opened or read.
    static func read(_ url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }
}
