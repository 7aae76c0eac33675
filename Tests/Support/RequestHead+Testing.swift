import Bricks
import Foundation

/// The `URLRequest` spellings the tests were written with, on a ``RequestHead``.
extension RequestHead {
    /// The method's name.
    public var httpMethod: String? { method.rawValue }

    /// The field's values joined with ", ".
    public func value(forHTTPHeaderField name: String) -> String? { headerFields.combinedValue(for: name) }

    /// Replaces the field's values.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) { headerFields[name] = value }
}
