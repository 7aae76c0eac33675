/// A `[String: Value]` dictionary, which ``JSONBodyEncoder`` writes with its keys as they are
/// when a key strategy is set, as `JSONEncoder` does (other dictionaries' keys are converted).
protocol JSONBodyStringKeyedDictionary {
    /// Calls `body` with each key and value.
    func forEachEntry(_ body: (String, any Encodable) throws -> Void) rethrows
}

extension Dictionary: JSONBodyStringKeyedDictionary where Key == String, Value: Encodable {
    func forEachEntry(_ body: (String, any Encodable) throws -> Void) rethrows {
        for (key, value) in self { try body(key, value) }
    }
}
