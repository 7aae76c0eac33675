import Foundation

/// Where ``HTTPCacheMiddleware`` keeps replies: in memory, or in a directory that survives a
/// restart. Both are bounded in bytes; the least recently used replies go first.
///
/// ```swift
/// let caches = try FileManager.default.url(for: .cachesDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
/// let cache = HTTPCacheMiddleware(storage: .disk(directory: caches.appendingPathComponent("api")))
/// ```
public struct HTTPCacheStorage: Sendable {
    let store: any CacheStore

    /// In memory, at most `maximumBytes` of bodies and header fields. Default: 32 MiB.
    public static func memory(maximumBytes: Int = 32 << 20) -> HTTPCacheStorage {
        HTTPCacheStorage(store: MemoryCacheStore(maximumBytes: maximumBytes))
    }

    /// In `directory` (made if missing; give each cache a folder of its own), at most
    /// `maximumBytes` on disk. Default: 256 MiB. Several tasks and processes may use it at once;
    /// a file cut short or corrupted is deleted and fetched again, never served.
    public static func disk(directory: URL, maximumBytes: Int = 256 << 20) -> HTTPCacheStorage {
        HTTPCacheStorage(store: DiskCacheStore(directory: directory, maximumBytes: maximumBytes))
    }
}
