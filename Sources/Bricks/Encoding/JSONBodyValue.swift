/// One JSON value as ``JSONBodyEncoder`` builds it: scalars hold the text they are written as,
/// arrays and objects are references so that a container handed out earlier keeps filling the
/// value it belongs to.
enum JSONBodyValue {
    /// A string, written quoted and escaped.
    case string(String)
    /// A number, written as this text.
    case number(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array.
    case array(Array)
    /// An object.
    case object(Object)

    /// The elements of an array, in the order they were encoded.
    final class Array {
        /// The elements.
        var elements: [JSONBodyValue] = []
    }

    /// The members of an object, in the order their keys were first encoded; a key encoded again
    /// replaces its value (as a `JSONEncoder` does).
    final class Object {
        /// The keys, each once.
        private(set) var keys: [String] = []
        /// The values, at their key's position.
        private(set) var values: [JSONBodyValue] = []
        /// Where each key is, made once an object is large enough for a search to cost more.
        private var positions: [String: Int]?

        /// The number of members.
        var count: Int { keys.count }

        /// The position of `key`, if it was encoded.
        func position(of key: String) -> Int? {
            if let positions { return positions[key] }
            return keys.firstIndex(of: key)
        }

        /// The value for `key`, if it was encoded.
        func value(for key: String) -> JSONBodyValue? {
            position(of: key).map { values[$0] }
        }

        /// Sets `key` to `value`, keeping the key's first position.
        func set(_ value: JSONBodyValue, for key: String) {
            if let position = position(of: key) {
                values[position] = value
                return
            }
            keys.append(key)
            values.append(value)
            if positions != nil {
                positions?[key] = keys.count - 1
            } else if keys.count > 12 {
                var made: [String: Int] = [:]
                made.reserveCapacity(keys.count * 2)
                for (position, key) in keys.enumerated() { made[key] = position }
                positions = made
            }
        }
    }
}
