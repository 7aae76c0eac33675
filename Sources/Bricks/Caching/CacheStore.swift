import Foundation

/// Where ``HTTPCacheMiddleware`` keeps its replies: the stored variants of each key (a method and
/// a whole URL), bounded in bytes. Implementations are actors: several tasks read and write at once.
protocol CacheStore: Sendable {
    /// The variants stored for `key`, most recent first; empty when none (or when what was stored
    /// could not be read back: it is then removed).
    func variants(for key: String) async -> [StoredResponse]
    /// Replaces the variants of `key` (none removes the key).
    func save(_ variants: [StoredResponse], for key: String) async
    /// Removes every variant of `key`.
    func remove(_ key: String) async
    /// Removes everything.
    func removeAll() async
    /// The bytes held, for tests and benchmarks.
    func storedBytes() async -> Int
}

/// A store in memory, bounded in bytes: the least recently used keys go first.
actor MemoryCacheStore: CacheStore {
    private let maximumBytes: Int
    private var lru = LeastRecentlyUsed<String, [StoredResponse]>()
    private var bytes = 0

    init(maximumBytes: Int) { self.maximumBytes = max(0, maximumBytes) }

    func variants(for key: String) -> [StoredResponse] { lru.value(for: key) ?? [] }

    func save(_ variants: [StoredResponse], for key: String) {
        remove(key)
        let cost = variants.reduce(0) { $0 + $1.cost }
        guard !variants.isEmpty, cost <= maximumBytes else { return }
        lru.insert(variants, for: key)
        bytes += cost
        while bytes > maximumBytes, let (_, evicted) = lru.removeOldest() {
            bytes -= evicted.reduce(0) { $0 + $1.cost }
        }
    }

    func remove(_ key: String) {
        if let removed = lru.remove(key) { bytes -= removed.reduce(0) { $0 + $1.cost } }
    }

    func removeAll() {
        lru = LeastRecentlyUsed()
        bytes = 0
    }

    func storedBytes() -> Int { bytes }
}

/// A dictionary that remembers the order of use, for eviction in constant time.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    private final class Node {
        let key: Key
        var value: Value
        // Both links weak: only `nodes` owns them, so that releasing a long chain is no deep
        // recursion of deinitializers.
        weak var newer: Node?
        weak var older: Node?
        init(key: Key, value: Value) {
            self.key = key
            self.value = value
        }
    }

    private var nodes: [Key: Node] = [:]
    private var oldest: Node?
    private var newest: Node?

    var count: Int { nodes.count }

    /// The value, which becomes the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let node = nodes[key] else { return nil }
        unlink(node)
        append(node)
        return node.value
    }

    mutating func insert(_ value: Value, for key: Key) {
        if let node = nodes[key] {
            node.value = value
            unlink(node)
            append(node)
            return
        }
        let node = Node(key: key, value: value)
        nodes[key] = node
        append(node)
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let node = nodes.removeValue(forKey: key) else { return nil }
        unlink(node)
        return node.value
    }

    mutating func removeOldest() -> (Key, Value)? {
        guard let node = oldest else { return nil }
        nodes.removeValue(forKey: node.key)
        unlink(node)
        return (node.key, node.value)
    }

    private mutating func unlink(_ node: Node) {
        let older = node.older
        let newer = node.newer
        if let older { older.newer = newer } else { oldest = newer }
        if let newer { newer.older = older } else { newest = older }
        node.newer = nil
        node.older = nil
    }

    private mutating func append(_ node: Node) {
        node.older = newest
        if let newest { newest.newer = node } else { oldest = node }
        newest = node
    }
}
