import Foundation

/// A store in a directory, bounded in bytes, that survives a restart.
///
/// Each key is one file, named by the SHA-256 of the key: a magic line, the length and JSON of the
/// variants' metadata, their bodies, and a SHA-256 of all that. A file is written beside its place
/// and renamed into it, so that a reader (in this process or another) sees the old file or the new
/// one, never half of one; a file that is truncated, corrupt or of another format is deleted and
/// read as a miss. The least recently used files go first when the directory passes its bound
/// (their modification time records their use, so the order survives a restart).
actor DiskCacheStore: CacheStore {
    private let directory: URL
    private let maximumBytes: Int
    /// File name → (size, last use), loaded from the directory on first use.
    private var index: [String: (size: Int, used: Date)]?
    private var bytes = 0

    private static let magic = Data("BRICKS-CACHE 1\n".utf8)
    private static let suffix = ".cache"

    init(directory: URL, maximumBytes: Int) {
        self.directory = directory
        self.maximumBytes = max(0, maximumBytes)
    }

    func variants(for key: String) -> [StoredResponse] {
        let name = Self.fileName(for: key)
        loadIndex()
        guard index?[name] != nil else { return [] }
        let url = directory.appendingPathComponent(name)
        guard let data = try? FileContents.read(url), let variants = Self.decode(data) else {
            discard(name)
            return []
        }
        touch(name, url: url)
        return variants
    }

    func save(_ variants: [StoredResponse], for key: String) {
        let name = Self.fileName(for: key)
        loadIndex()
        guard !variants.isEmpty, let data = Self.encode(variants), data.count <= maximumBytes else {
            discard(name)
            return
        }
        let url = directory.appendingPathComponent(name)
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        bytes -= index?[name]?.size ?? 0
        index?[name] = (data.count, Date())
        bytes += data.count
        evict()
    }

    func remove(_ key: String) {
        loadIndex()
        discard(Self.fileName(for: key))
    }

    func removeAll() {
        loadIndex()
        for name in index?.keys.map({ $0 }) ?? [] { discard(name) }
    }

    func storedBytes() -> Int {
        loadIndex()
        return bytes
    }

    // MARK: Files

    private static func fileName(for key: String) -> String { SHA256.hex(key.utf8) + suffix }

    /// Lists the directory (made if missing) once: sizes and times of use of the files there.
    private func loadIndex() {
        guard index == nil else { return }
        var loaded: [String: (size: Int, used: Date)] = [:]
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names {
            let path = directory.appendingPathComponent(name).path
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            if name.hasSuffix(".tmp") {
                // Left by a writer that died before its rename.
                try? FileManager.default.removeItem(atPath: path)
                continue
            }
            guard name.hasSuffix(Self.suffix) else { continue }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            loaded[name] = (size, attributes[.modificationDate] as? Date ?? .distantPast)
            bytes += size
        }
        index = loaded
        evict()
    }

    private func touch(_ name: String, url: URL) {
        let now = Date()
        index?[name]?.used = now
        try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: url.path)
    }

    private func discard(_ name: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        if let removed = index?.removeValue(forKey: name) { bytes -= removed.size }
    }

    /// Removes the least recently used files until the directory is within its bound.
    private func evict() {
        guard bytes > maximumBytes, let index else { return }
        for (name, _) in index.sorted(by: { $0.value.used < $1.value.used }) {
            guard bytes > maximumBytes else { return }
            discard(name)
        }
    }

    // MARK: Format

    private struct Header: Codable {
        var variants: [StoredResponse.Metadata]
        var bodyLengths: [Int]
    }

    static func encode(_ variants: [StoredResponse]) -> Data? {
        let header = Header(variants: variants.map(\.metadata), bodyLengths: variants.map(\.body.count))
        guard let json = try? JSONEncoder().encode(header) else { return nil }
        var data = magic
        var length = UInt64(json.count).bigEndian
        withUnsafeBytes(of: &length) { data.append(contentsOf: $0) }
        data.append(json)
        for variant in variants { data.append(variant.body) }
        data.append(contentsOf: SHA256.digest(Array(data)))
        return data
    }

    /// The variants of a file, or `nil` for anything but a whole file of this format.
    static func decode(_ data: Data) -> [StoredResponse]? {
        let bytes = [UInt8](data)
        let digestLength = 32
        let minimum = magic.count + 8 + digestLength
        guard bytes.count >= minimum, bytes.starts(with: magic),
            SHA256.digest(Array(bytes[..<(bytes.count - digestLength)])) == Array(bytes[(bytes.count - digestLength)...])
        else { return nil }
        var length: UInt64 = 0
        for byte in bytes[magic.count..<(magic.count + 8)] { length = length << 8 | UInt64(byte) }
        let jsonStart = magic.count + 8
        guard length <= UInt64(bytes.count - minimum) else { return nil }
        let jsonEnd = jsonStart + Int(length)
        guard let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[jsonStart..<jsonEnd])),
            header.variants.count == header.bodyLengths.count, header.bodyLengths.allSatisfy({ $0 >= 0 })
        else { return nil }
        var offset = jsonEnd
        var variants: [StoredResponse] = []
        for (metadata, bodyLength) in zip(header.variants, header.bodyLengths) {
            guard bodyLength <= bytes.count - digestLength - offset else { return nil }
            variants.append(StoredResponse(metadata: metadata, body: Data(bytes[offset..<(offset + bodyLength)])))
            offset += bodyLength
        }
        guard offset == bytes.count - digestLength else { return nil }
        return variants
    }
}
